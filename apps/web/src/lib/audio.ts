import { soundOn } from './store.ts';

/** Short sound effects through HTMLAudioElement; silent when muted or collapsed. */
const cache = new Map<string, HTMLAudioElement>();

export function playSound(src: string, volume = 1) {
  if (!soundOn()) return;
  let base = cache.get(src);
  if (!base) {
    base = new Audio(src);
    base.preload = 'auto';
    cache.set(src, base);
  }
  const sound = base.cloneNode() as HTMLAudioElement;
  sound.volume = volume;
  void sound.play().catch(() => undefined);
}
