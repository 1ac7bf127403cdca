import { hasKey, t } from '../../lib/i18n.tsx';
import { useId } from 'react';

/**
 * A league's badge, drawn here rather than shipped as images: a shield in the league's colour
 * with an egg on it; higher leagues get more gems on the rim (one per league above the first,
 * capped so the badge stays readable at 24 px).
 */
export function LeagueBadge({
  color,
  index,
  size = 40,
  className = '',
}: {
  color: string;
  index: number;
  size?: number;
  className?: string;
}) {
  const id = useId();
  const gems = Math.min(index, 5);
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 48 48"
      aria-hidden="true"
      className={className}
      data-league={index}
    >
      <defs>
        <linearGradient id={`${id}-fill`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={color} />
          <stop offset="1" stopColor={color} stopOpacity="0.55" />
        </linearGradient>
      </defs>
      <path
        d="M24 3 41 9v13c0 11-7.4 19-17 23C14.4 41 7 33 7 22V9z"
        fill={`url(#${id}-fill)`}
        stroke="#0d0720"
        strokeOpacity="0.5"
        strokeWidth="2"
      />
      <path
        d="M24 7 37 11.6V22c0 8.6-5.6 15-13 18.5"
        fill="none"
        stroke="#fff"
        strokeOpacity="0.35"
        strokeWidth="2"
      />
      <ellipse cx="24" cy="24.5" rx="7.5" ry="9.5" fill="#fff8e6" stroke="#3a2300" strokeOpacity="0.35" />
      <ellipse cx="21.5" cy="20.5" rx="2" ry="3" fill="#fff" opacity="0.9" />
      {Array.from({ length: gems }, (_, i) => {
        const x = 24 + (i - (gems - 1) / 2) * 5.5;
        return (
          <circle
            key={i}
            cx={x}
            cy={38.5 - Math.abs(x - 24) * 0.35}
            r="1.8"
            fill="#fff"
            stroke="#0d0720"
            strokeOpacity="0.4"
          />
        );
      })}
    </svg>
  );
}

/** A league's name in the player's language (the server's own name for a league not in the catalogue). */
export function leagueName(league: { id?: string; name: string }): string {
  const key = `league.names.${league.id ?? ''}`;
  return league.id && hasKey(key) ? t(key as 'league.names.gold') : league.name;
}
