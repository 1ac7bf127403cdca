import { beforeEach, describe, expect, it } from 'vitest';
import { ENERGY_REGEN_MS } from '@egg-rush/game/energy';
import { predictedEnergy, predictedOnion, useTapStore } from './tap-store.ts';

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
