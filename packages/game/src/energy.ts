/**
 * Energy regenerates from the server clock.
 * Design choice: one energy every 300 ms (3.3 per second), so an empty bar of 1000 refills in
 * five minutes.
 */
export const ENERGY_REGEN_MS = 300;

export interface Settled {
  /** The value now. */
  value: number;
  /** The instant to store with it, so that the unused part of a regeneration step is kept. */
  at: number;
}

/**
 * The energy at `now` (one energy every `regenMs`, the active configuration's energy.regenMs), given the stored `energy` settled at `at`. Never above `max`, never
 * more than the elapsed time allows, and a clock that went backwards yields nothing.
 */
export function settleEnergy(
  energy: number,
  max: number,
  at: number,
  now: number,
  regenMs: number = ENERGY_REGEN_MS,
): Settled {
  if (energy >= max) return { value: energy, at: now };
  const elapsed = Math.max(0, now - at);
  const gained = Math.floor(elapsed / regenMs);
  if (energy + gained >= max) return { value: max, at: now };
  return { value: energy + gained, at: at + gained * regenMs };
}
