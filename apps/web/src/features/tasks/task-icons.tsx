import type { Task } from '@egg-rush/contract/tasks';
import {
  ChestIcon,
  FriendsIcon,
  MalletIcon,
  MiningIcon,
  RocketIcon,
  WheelIcon,
  AirdropIcon,
  BoltIcon,
} from '../../components/ui/icons.tsx';

/** X (Twitter): an original two-stroke cross. */
const XMark = () => (
  <svg width={22} height={22} viewBox="0 0 24 24" aria-hidden="true">
    <path d="M5 4 L19 20 M19 4 L5 20" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
  </svg>
);

/** Telegram: a paper plane. */
const Plane = () => (
  <svg width={22} height={22} viewBox="0 0 24 24" aria-hidden="true">
    <path d="M3 11.5 L20.5 4 L17 20 L11.5 14.5 L8.5 18 L8.5 13.5 Z" fill="currentColor" opacity="0.9" />
    <path d="M8.5 13.5 L20.5 4" stroke="#160c2e" strokeWidth="1.4" />
  </svg>
);

const TONES: Record<string, string> = {
  twitter: 'bg-sky/15 text-sky',
  telegram: 'bg-sky/15 text-sky',
  earn: 'bg-gold/15 text-gold',
  invite: 'bg-mint/15 text-mint',
  partner: 'bg-coral/15 text-coral',
};

export function TaskIcon({ task }: { task: Task }) {
  const tone = TONES[task.dailyType] ?? 'bg-lilac/15 text-lilac';
  const glyph = (() => {
    switch (task.dailyType) {
      case 'twitter':
        return <XMark />;
      case 'telegram':
        return <Plane />;
      case 'earn':
        return <AirdropIcon size={22} />;
      case 'invite':
        return <FriendsIcon size={22} />;
      case 'tap':
        return <BoltIcon size={22} />;
      case 'spin':
        return <WheelIcon size={22} />;
      case 'game':
        return <MalletIcon size={22} />;
      case 'chest':
        return <ChestIcon size={22} />;
      case 'mining':
        return <MiningIcon size={22} />;
      default:
        return <RocketIcon size={22} />;
    }
  })();
  return <span className={`grid h-11 w-11 shrink-0 place-items-center rounded-2xl ${tone}`}>{glyph}</span>;
}
