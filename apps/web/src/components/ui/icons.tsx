import type { SVGProps } from 'react';

/** The game's line icons: 24px grid, 2px rounded strokes, currentColor. */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

export function Icon({ size = 24, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...rest}
    >
      {children}
    </svg>
  );
}

/** Land: a ferris wheel. */
export const LandIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="10" r="7" />
    <circle cx="12" cy="10" r="1.5" fill="currentColor" />
    <path d="M12 3v14M5 10h14M7 5l10 10M17 5 7 15" strokeWidth={1.2} />
    <path d="M8 21l4-11 4 11M6 21h12" />
  </Icon>
);

/** Minting: a pickaxe over a gem. */
export const MiningIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 8c4-4 10-5 16-3-4-1-8 0-11 3" />
    <path d="M13 6 5 20" />
    <path d="M15 14l3-3 3 3-3 6-3-6z" />
  </Icon>
);

export const FriendsIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c0-3.6 2.9-6.5 6.5-6.5s6.5 2.9 6.5 6.5" />
    <circle cx="17" cy="9" r="2.5" />
    <path d="M17 13.5c2.5 0 4.5 2 4.5 4.5" />
  </Icon>
);

export const TasksIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="4" y="3" width="16" height="18" rx="3" />
    <path d="m8 9 1.5 1.5L12 8M8 15l1.5 1.5L12 14M14.5 9.5H17M14.5 15.5H17" />
  </Icon>
);

/** Airdrop: a parachute carrying a box. */
export const AirdropIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 10a9 9 0 0 1 18 0c-1.5-1-3-1-4.5 0-1.5-1-3-1-4.5 0-1.5-1-3-1-4.5 0-1.5-1-3-1-4.5 0z" />
    <path d="M3 10l7 7M21 10l-7 7M12 10v7" strokeWidth={1.3} />
    <rect x="9.5" y="16.5" width="5" height="4.5" rx="1" />
  </Icon>
);

export const TrophyIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M7 4h10v5a5 5 0 0 1-10 0V4z" />
    <path d="M7 6H4v1a3 3 0 0 0 3 3M17 6h3v1a3 3 0 0 1-3 3M12 14v3M8 21h8M9 17h6v4H9z" />
  </Icon>
);

export const ChestIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 11h18v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-8z" />
    <path d="M3 11V9a6 6 0 0 1 6-6h6a6 6 0 0 1 6 6v2" />
    <rect x="10" y="9" width="4" height="5" rx="1" />
  </Icon>
);

/** Play: a mallet. */
export const MalletIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="9" y="2.5" width="12" height="7" rx="2" transform="rotate(35 15 6)" />
    <path d="M11.5 10.5 4 21" strokeWidth={2.5} />
  </Icon>
);

export const WheelIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 3v18M3 12h18M5.6 5.6l12.8 12.8M18.4 5.6 5.6 18.4" strokeWidth={1.2} />
    <circle cx="12" cy="12" r="2" fill="currentColor" />
  </Icon>
);

export const BoltIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M13 2 4 14h7l-1 8 9-12h-7l1-8z" fill="currentColor" stroke="none" />
  </Icon>
);

export const RocketIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 2c4 3 5 8 4 12H8C7 10 8 5 12 2z" />
    <circle cx="12" cy="9" r="1.8" />
    <path d="M8 14l-3 3 3 1M16 14l3 3-3 1M10 18l2 4 2-4" />
  </Icon>
);

export const SproutIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 21v-9" />
    <path d="M12 12C12 7 8 5 4 5c0 4 3 7 8 7zM12 14c0-4 3-7 8-7 0 4-3 7-8 7z" />
  </Icon>
);

export const SoundIcon = ({ muted, ...p }: IconProps & { muted: boolean }) => (
  <Icon {...p}>
    <path d="M4 9h4l5-4v14l-5-4H4z" />
    {muted ? <path d="M17 9l5 5M22 9l-5 5" /> : <path d="M17 8a5 5 0 0 1 0 8M19.5 5.5a9 9 0 0 1 0 13" />}
  </Icon>
);

export const ClockIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Icon>
);

/** Settings: a cog. */
export const GearIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1" />
  </Icon>
);

/** Squad: three heads, shoulder to shoulder. */
export const SquadIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="8" r="3" />
    <circle cx="5" cy="10" r="2.2" />
    <circle cx="19" cy="10" r="2.2" />
    <path d="M6.5 20a5.5 5.5 0 0 1 11 0M1.5 19a3.6 3.6 0 0 1 5-3.3M22.5 19a3.6 3.6 0 0 0-5-3.3" />
  </Icon>
);

/** Season: a calendar page with a star. */
export const SeasonIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="5" width="18" height="16" rx="3" />
    <path d="M3 10h18M8 3v4M16 3v4" />
    <path d="m12 12.5 1.1 2.2 2.4.3-1.8 1.6.5 2.4-2.2-1.2-2.2 1.2.5-2.4-1.8-1.6 2.4-.3z" strokeWidth={1.4} />
  </Icon>
);
