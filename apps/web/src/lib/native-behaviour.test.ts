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
}));

const { holdClosingConfirmation } = await import('./native-behaviour.ts');

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
