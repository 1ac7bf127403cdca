import { playSound } from '../../lib/audio.ts';

/** The game's sounds, played through the app's one audio module (lib/audio.ts). */
const FILES = {
  count: { src: '/mp3/count.mp3', volume: 0.8 },
  go: { src: '/mp3/go.mp3', volume: 0.8 },
  whack: { src: '/mp3/whack.mp3', volume: 0.9 },
  // The result sounds, thud and whistle, play at 0.65.
  thud: { src: '/mp3/thud.mp3', volume: 0.65 },
  whistle: { src: '/mp3/whistle.mp3', volume: 0.65 },
  cheer: { src: '/mp3/cheer.mp3', volume: 0.9 },
} as const;
export type GameSound = keyof typeof FILES;

export const playGameSound = (name: GameSound) => playSound(FILES[name].src, FILES[name].volume);
