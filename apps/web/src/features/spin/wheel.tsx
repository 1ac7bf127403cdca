import { SEGMENT_DEGREES, SPIN_DURATION_MS, SPIN_WHEEL, type SpinSegment } from '@egg-rush/game/spin';
import chestUrl from '../../assets/chest.svg';
import coinUrl from '../../assets/coin.svg';
import ticketUrl from '../../assets/ticket.svg';
import { compactNumber, formatNumber } from '../../components/ui/ui.tsx';
import { useGameConfig } from '../../lib/game-config.ts';
import { useT } from '../../lib/i18n.tsx';

const SIZE = 320;
const C = SIZE / 2;
const R = 150;

/** A point on the wheel at `deg` clockwise from the top, `r` from the centre. */
const at = (deg: number, r: number) => {
  const a = (deg * Math.PI) / 180;
  return [C + r * Math.sin(a), C - r * Math.cos(a)] as const;
};

const FILLS = ['#3b2475', '#4f3596'];
const icon = (s: SpinSegment) => (s.type === 'onion' ? coinUrl : s.type === 'ticket' ? ticketUrl : chestUrl);
const label = (s: SpinSegment) => (s.type === 'onion' ? compactNumber(s.value) : `×${formatNumber(s.value)}`);

/**
 * The lucky wheel: one segment per prize of SPIN_WHEEL, clockwise from the pointer, turned by
 * `rotation` degrees with a 4 s ease-out (transform only).
 */
export function Wheel({ rotation, spinning }: { rotation: number; spinning: boolean }) {
  const { t } = useT();
  // The active configuration's prizes (eight segments, as the server draws them).
  const wheel = useGameConfig()?.spin.wheel ?? SPIN_WHEEL;
  return (
    <div className="relative mx-auto aspect-square w-full max-w-[320px]">
      <div
        className="absolute inset-0 rounded-full"
        style={{ boxShadow: '0 0 60px rgb(255 201 60 / 0.25), 0 12px 32px rgb(5 2 18 / 0.6)' }}
      />
      {/* Clipped to its circle: the turned square's corners never widen the page. */}
      <div className="relative h-full w-full overflow-hidden rounded-full">
        <svg
          viewBox={`0 0 ${SIZE} ${SIZE}`}
          className="h-full w-full"
          data-testid="wheel"
          data-rotation={rotation}
          style={{
            transform: `rotate(${rotation}deg)`,
            transition: spinning ? `transform ${SPIN_DURATION_MS}ms cubic-bezier(0.15, 0.7, 0.2, 1)` : 'none',
            willChange: 'transform',
          }}
          role="img"
          aria-label={t('spin.wheel')}
          // A picture, the same in every language: "×3" reads left to right, in Persian too.
          direction="ltr"
        >
          <circle cx={C} cy={C} r={R + 8} fill="#ffc93c" />
          <circle cx={C} cy={C} r={R + 3} fill="#0d0720" />
          {wheel.map((segment, i) => {
            const from = i * SEGMENT_DEGREES;
            const to = from + SEGMENT_DEGREES;
            const [x1, y1] = at(from, R);
            const [x2, y2] = at(to, R);
            const mid = from + SEGMENT_DEGREES / 2;
            const [ix, iy] = at(mid, R * 0.66);
            const [tx, ty] = at(mid, R * 0.42);
            const special = segment.type !== 'onion' || segment.value >= 5_000;
            return (
              <g key={i}>
                <path
                  d={`M${C},${C} L${x1},${y1} A${R},${R} 0 0 1 ${x2},${y2} Z`}
                  fill={special ? '#7c4dff' : FILLS[i % 2]}
                  stroke="#b9a7ff"
                  strokeOpacity={0.35}
                  strokeWidth={1.5}
                />
                <image
                  href={icon(segment)}
                  x={ix - 17}
                  y={iy - 17}
                  width={34}
                  height={34}
                  transform={`rotate(${mid} ${ix} ${iy})`}
                />
                <text
                  x={tx}
                  y={ty}
                  transform={`rotate(${mid} ${tx} ${ty})`}
                  textAnchor="middle"
                  dominantBaseline="middle"
                  fill={segment.type === 'onion' ? '#ffc93c' : '#f4f0ff'}
                  fontSize={18}
                  fontWeight={900}
                  fontFamily="Nunito, system-ui, sans-serif"
                >
                  {label(segment)}
                </text>
              </g>
            );
          })}
          {wheel.map((_, i) => {
            const [x, y] = at(i * SEGMENT_DEGREES, R + 3);
            return <circle key={`b${i}`} cx={x} cy={y} r={4} fill="#fff4d6" />;
          })}
          <circle cx={C} cy={C} r={34} fill="url(#hub)" stroke="#ffc93c" strokeWidth={4} />
          <defs>
            <radialGradient id="hub" cx="40%" cy="35%">
              <stop offset="0" stopColor="#fff1c2" />
              <stop offset="1" stopColor="#f59e0b" />
            </radialGradient>
          </defs>
        </svg>
      </div>
      {/* The pointer, fixed above the wheel. */}
      <svg
        viewBox="0 0 40 48"
        className="absolute left-1/2 top-[-14px] h-12 w-10 -translate-x-1/2"
        aria-hidden
      >
        <path d="M20 46 L4 10 A16 16 0 1 1 36 10 Z" fill="#ff6b6b" stroke="#fff4d6" strokeWidth={3} />
        <circle cx={20} cy={14} r={5} fill="#fff4d6" />
      </svg>
    </div>
  );
}
