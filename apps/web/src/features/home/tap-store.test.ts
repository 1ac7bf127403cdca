import { beforeEach, describe, expect, it } from 'vitest';
import { ENERGY_REGEN_MS } from '@egg-rush/game/energy';
import { predictedEnergy, predictedOnion, takeCadence, useTapStore } from './tap-store.ts';

const rates = { maxEnergy: 1000, earnPerTap: 3, loseEnergyPerTap: 10, earnPerHour: 3600 };

beforeEach(() => {
  useTapStore.getState().reset();
});

describe('tap prediction', () => {
  it('counts nothing before the first sync', () => {
    expect(useTapStore.getState().tap(0)).toBe(false);
  });

  it('adds unanswered taps, regenerated energy and income to the server snapshot', () => {
    const s = useTapStore.getState();
    s.sync({ onion: 100, energy: 500 }, rates, 0);
    expect(s.tap(0)).toBe(true);
    expect(useTapStore.getState().tap(0)).toBe(true);
    const state = useTapStore.getState();
    expect(predictedOnion(state, 0)).toBe(106);
    expect(predictedEnergy(state, 0)).toBe(480);
    expect(predictedEnergy(state, ENERGY_REGEN_MS * 5)).toBe(485);
    expect(predictedOnion(state, 10_000)).toBe(116); // 3600 per hour: one coin a second
  });

  it('keeps the display steady when the server answers the batch', () => {
    const s = useTapStore.getState();
    s.sync({ onion: 100, energy: 500 }, rates, 0);
    for (let i = 0; i < 4; i++) useTapStore.getState().tap(0);
    expect(useTapStore.getState().take()).toBe(4);
    useTapStore.getState().tap(0); // one more while the batch is in flight
    const before = predictedOnion(useTapStore.getState(), 0);
    useTapStore.getState().settle(4, { onion: 112, energy: 460 }, 0);
    const state = useTapStore.getState();
    expect(state.inFlight).toBe(0);
    expect(state.queued).toBe(1);
    expect(predictedOnion(state, 0)).toBe(before);
    expect(predictedEnergy(state, 0)).toBe(450);
  });

  it('refuses a tap the energy cannot pay for', () => {
    useTapStore.getState().sync({ onion: 0, energy: 19 }, rates, 0);
    expect(useTapStore.getState().tap(0)).toBe(true);
    expect(useTapStore.getState().tap(0)).toBe(false);
    expect(useTapStore.getState().queued).toBe(1);
  });
});

describe('tap cadence', () => {
  it('summarises the intervals between the taps of a batch: count, mean, standard deviation', () => {
    useTapStore.getState().sync({ onion: 0, energy: 1000 }, rates, 0);
    // The first tap has no interval before it; a pause longer than two seconds is no interval.
    for (const at of [1000, 1100, 1300, 1400, 1800, 5000, 5300])
      expect(useTapStore.getState().tap(at)).toBe(true);
    expect(useTapStore.getState().take()).toBe(7);
    const intervals = [100, 200, 100, 400, 300];
    const mean = 220;
    const sd = Math.sqrt(intervals.reduce((a, x) => a + (x - mean) ** 2, 0) / intervals.length);
    const cadence = takeCadence();
    expect(cadence?.n).toBe(5);
    expect(cadence?.meanMs).toBeCloseTo(mean, 9);
    expect(cadence?.sdMs).toBeCloseTo(sd, 9);
    // Taken once: the next batch starts its own, measured from the last tap.
    expect(takeCadence()).toBeUndefined();
    useTapStore.getState().tap(5450);
    expect(takeCadence()).toEqual({ n: 1, meanMs: 150, sdMs: 0 });
  });

  it('has no summary for a batch of one tap, nor for taps refused for energy, and starts over on reset', () => {
    useTapStore.getState().sync({ onion: 0, energy: 10 }, rates, 0);
    expect(useTapStore.getState().tap(100)).toBe(true);
    expect(useTapStore.getState().tap(200)).toBe(false); // no energy left: not counted
    expect(takeCadence()).toBeUndefined();
    useTapStore.getState().reset();
    useTapStore.getState().sync({ onion: 0, energy: 1000 }, rates, 0);
    useTapStore.getState().tap(300);
    expect(takeCadence()).toBeUndefined();
  });
});
