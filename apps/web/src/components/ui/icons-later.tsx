import { Icon, type IconProps } from './icons.tsx';

// Icons only the later screens and sheets show, out of icons.tsx: that one is part of the first
// screen's JavaScript (bench/web/bundle.mjs), and these load with the screens that draw them.

export const CopyIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="8" y="8" width="12" height="12" rx="2.5" />
    <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
  </Icon>
);

export const CloseIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
);

export const CheckIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m5 12 5 5 9-10" />
  </Icon>
);

export const ShareIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 15V3M7 8l5-5 5 5" />
    <path d="M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7" />
  </Icon>
);

/** Story: a ring of a story with a plus. */
export const StoryIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3a9 9 0 0 1 9 9M21 12a9 9 0 0 1-9 9M12 21a9 9 0 0 1-9-9" />
    <path d="M3 12a9 9 0 0 1 9-9" strokeDasharray="2 3" />
    <path d="M12 8v8M8 12h8" />
  </Icon>
);
