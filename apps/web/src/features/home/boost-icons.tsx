import type { BoostName } from '@egg-rush/game/boosts';

/** Boost shop art: 48px tiles, gold and mint on night purple, 2.5px rounded strokes. */
function Tile({ from, to, children }: { from: string; to: string; children: React.ReactNode }) {
  const id = `boost-${from.slice(1)}-${to.slice(1)}`;
  return (
    <svg width="48" height="48" viewBox="0 0 48 48" aria-hidden="true">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width="46" height="46" rx="14" fill={`url(#${id})`} />
      <rect x="1" y="1" width="46" height="46" rx="14" fill="none" stroke="#fff" strokeOpacity="0.18" />
      {children}
    </svg>
  );
}

const stroke = {
  fill: 'none',
  stroke: '#fff',
  strokeWidth: 2.5,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export function BoostIcon({ name }: { name: BoostName }) {
  switch (name) {
    case 'fullyEnergy':
      return (
        <Tile from="#4ef0b5" to="#18b886">
          <rect x="11" y="15" width="24" height="18" rx="4" {...stroke} />
          <path d="M37 21v6" {...stroke} />
          <path d="M24 17l-5 8h5l-2 6 6-9h-5z" fill="#fff" />
        </Tile>
      );
    case 'income':
      return (
        <Tile from="#ffc93c" to="#f59e0b">
          <circle cx="24" cy="24" r="11" {...stroke} stroke="#3a2300" />
          <text x="24" y="29" textAnchor="middle" fontSize="13" fontWeight="900" fill="#3a2300">
            ×2
          </text>
        </Tile>
      );
    case 'double':
      return (
        <Tile from="#ff8fab" to="#ff6b6b">
          <path d="M16 30c-3-3-3-8 0-11l3-3" {...stroke} />
          <path d="M21 27v-9a2 2 0 0 1 4 0v6l5 1c2 .4 3 2 2.6 4l-1 5H22z" {...stroke} />
          <path d="M31 14l2-3M35 18l3-1" {...stroke} />
        </Tile>
      );
    case 'touchIncome':
      return (
        <Tile from="#b9a7ff" to="#7c4dff">
          <path d="M20 30v-11a2.5 2.5 0 0 1 5 0v7l5 1c2 .4 3 2 2.6 4l-1 5H21z" {...stroke} />
          <path d="M32 12v8M28 16h8" {...stroke} stroke="#ffc93c" />
        </Tile>
      );
    case 'energyCapacity':
      return (
        <Tile from="#6cc8ff" to="#3b82f6">
          <rect x="14" y="11" width="20" height="28" rx="4" {...stroke} />
          <path d="M21 8h6" {...stroke} />
          <path d="M18 31h12M18 25h12M18 19h12" {...stroke} strokeOpacity="0.7" />
        </Tile>
      );
  }
}
