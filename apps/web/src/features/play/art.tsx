import type { MoleType } from '@egg-rush/game/mole';

/** Original art for the mole game: moles of each type, the bomb, the hole and the mallet. */
const BODY: Record<Exclude<MoleType, 'bomb'>, { fur: string; belly: string; rim: string }> = {
  normal: { fur: '#a0673a', belly: '#e6b98a', rim: '#6b3f1f' },
  special: { fur: '#8d63ff', belly: '#d9ccff', rim: '#5232b8' },
  golden: { fur: '#ffc93c', belly: '#fff1c2', rim: '#c98a00' },
};

export function MoleArt({ type }: { type: MoleType }) {
  if (type === 'bomb') return <BombArt />;
  const c = BODY[type];
  return (
    <svg viewBox="0 0 100 110" className="h-full w-full" aria-hidden>
      <path
        d="M12 110 C10 40 28 12 50 12 C72 12 90 40 88 110 Z"
        fill={c.fur}
        stroke={c.rim}
        strokeWidth="3"
      />
      <ellipse cx="50" cy="82" rx="24" ry="26" fill={c.belly} />
      <circle cx="37" cy="44" r="6.5" fill="#1a0f2e" />
      <circle cx="63" cy="44" r="6.5" fill="#1a0f2e" />
      <circle cx="39" cy="42" r="2.2" fill="#fff" />
      <circle cx="65" cy="42" r="2.2" fill="#fff" />
      <ellipse cx="50" cy="58" rx="11" ry="8" fill="#f4a6b4" stroke={c.rim} strokeWidth="2" />
      <circle cx="50" cy="55" r="3.5" fill="#5a2a3a" />
      <path d="M44 66 h12 v7 h-12 z" fill="#fff" stroke={c.rim} strokeWidth="1.5" />
      <circle cx="26" cy="58" r="5" fill="#ff8fa3" opacity="0.5" />
      <circle cx="74" cy="58" r="5" fill="#ff8fa3" opacity="0.5" />
      {type === 'golden' ? (
        <path d="M34 20 l6 -12 l10 9 l10 -9 l6 12 z" fill="#fff1c2" stroke="#c98a00" strokeWidth="2" />
      ) : null}
      {type === 'special' ? (
        <path d="M50 2 l4 8 l9 1 l-7 6 l2 9 l-8 -5 l-8 5 l2 -9 l-7 -6 l9 -1 z" fill="#ffc93c" />
      ) : null}
    </svg>
  );
}

function BombArt() {
  return (
    <svg viewBox="0 0 100 110" className="h-full w-full" aria-hidden>
      <path d="M62 30 q10 -18 24 -14" fill="none" stroke="#c9a36a" strokeWidth="4" strokeLinecap="round" />
      <circle cx="86" cy="15" r="6" fill="#ffc93c" />
      <circle cx="86" cy="15" r="3" fill="#fff4d6" />
      <rect x="52" y="26" width="16" height="12" rx="3" fill="#3b2f4a" transform="rotate(25 60 32)" />
      <circle cx="50" cy="72" r="36" fill="#2a2238" stroke="#120c1d" strokeWidth="3" />
      <circle cx="37" cy="58" r="9" fill="#ffffff" opacity="0.18" />
      <path
        d="M36 70 l8 6 M44 70 l-8 6 M56 70 l8 6 M64 70 l-8 6"
        stroke="#ff6b6b"
        strokeWidth="3.5"
        strokeLinecap="round"
      />
      <path d="M40 90 q10 -6 20 0" fill="none" stroke="#ff6b6b" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** The back of the hole (behind the mole). */
export function HoleTop() {
  return (
    <svg viewBox="0 0 120 40" className="h-full w-full" aria-hidden>
      <ellipse cx="60" cy="20" rx="56" ry="17" fill="#0d0720" />
      <ellipse cx="60" cy="17" rx="50" ry="12" fill="#05020f" />
    </svg>
  );
}

/** The front lip of the hole (in front of the mole). */
export function HoleBottom() {
  return (
    <svg viewBox="0 0 120 40" className="h-full w-full" aria-hidden>
      <path d="M4 8 Q60 40 116 8 L116 22 Q60 46 4 22 Z" fill="#4f3596" />
      <path d="M4 8 Q60 40 116 8" fill="none" stroke="#7c5cd6" strokeWidth="3" />
      <path d="M10 20 Q60 44 110 20" fill="none" stroke="#2d1a5c" strokeWidth="4" opacity="0.7" />
    </svg>
  );
}

export function MalletArt() {
  return (
    <svg viewBox="0 0 80 80" className="h-full w-full" aria-hidden>
      <rect x="36" y="30" width="9" height="46" rx="4" fill="#c9874a" stroke="#6b3f1f" strokeWidth="2" />
      <rect x="10" y="8" width="60" height="28" rx="10" fill="#ff6b6b" stroke="#a3303a" strokeWidth="3" />
      <rect x="14" y="11" width="52" height="8" rx="4" fill="#ffffff" opacity="0.3" />
      <rect x="8" y="12" width="8" height="20" rx="3" fill="#ffc93c" />
      <rect x="64" y="12" width="8" height="20" rx="3" fill="#ffc93c" />
    </svg>
  );
}
