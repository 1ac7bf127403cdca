import { describe, expect, it, vi } from 'vitest';

const asked: boolean[] = [];
vi.mock('@tma.js/sdk-react', () => ({
  closingBehavior: {
    enableConfirmation: { ifAvailable: () => asked.push(true) },
    disableConfirmation: { ifAvailable: () => asked.push(false) },
  },
  swipeBehavior: {},
  postEvent: vi.fn(),
  supports: () => false,
  addToHomeScreen: Object.assign(() => undefined, {
    isAvailable: () => home.available,
    ifAvailable: () => home.offers.push(home.status),
  }),
  checkHomeScreenStatus: { ifAvailable: () => ({ ok: true, data: Promise.resolve(home.status) }) },
}));

/** The client's home-screen support, its answer about this app, and each offer made. */
const home = { available: true, status: 'missed', offers: [] as string[] };

const { holdClosingConfirmation, offerHomeScreen } = await import('./native-behaviour.ts');

describe('the closing confirmation', () => {
  it('is asked while a round, a spin or a payment holds it, nested, and dropped when the last ends', () => {
    const payment = holdClosingConfirmation();
    const spin = holdClosingConfirmation();
    expect(asked).toEqual([true]);
    payment();
    payment(); // released once only
    expect(asked).toEqual([true]);
    spin();
    expect(asked).toEqual([true, false]);
    holdClosingConfirmation()();
    expect(asked).toEqual([true, false, true, false]);
  });
});

describe('the home-screen shortcut', () => {
  it('is offered once on this device, not when already added, nor on a client without it', async () => {
    localStorage.clear();
    home.available = false;
    await offerHomeScreen();
    home.available = true;
    home.status = 'added';
    await offerHomeScreen();
    expect(home.offers).toEqual([]);

    home.status = 'missed';
    await offerHomeScreen();
    await offerHomeScreen();
    expect(home.offers).toEqual(['missed']);
  });
});
