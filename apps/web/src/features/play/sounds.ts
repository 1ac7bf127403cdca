import { Howl } from 'howler';
import { soundOn } from '../../lib/store.ts';

/** The game's sounds through howler; silent when muted or when the Telegram view collapses. */
const FILES = {
  count: { src: '/mp3/count.mp3', volume: 0.8 },
  go: { src: '/mp3/go.mp3', volume: 0.8 },
  whack: { src: '/mp3/whack.mp3', volume: 0.9 },
  // SPEC.md section 9: result sound volumes 0.65 for thud and whistle.
  thud: { src: '/mp3/thud.mp3', volume: 0.65 },
  whistle: { src: '/mp3/whistle.mp3', volume: 0.65 },
  cheer: { src: '/mp3/cheer.mp3', volume: 0.9 },
} as const;
export type GameSound = keyof typeof FILES;

const loaded = new Map<GameSound, Howl>();

export function playGameSound(name: GameSound) {
  if (!soundOn()) return;
  let howl = loaded.get(name);
  if (!howl) {
    howl = new Howl({ src: [FILES[name].src], volume: FILES[name].volume, preload: true });
    loaded.set(name, howl);
  }
  howl.play();
}
