import { describe, expect, it } from 'vitest';
import { ApiError, ContractError } from './api-client.ts';
import { errorText } from './errors.ts';

describe('the player-facing text of a failure', () => {
  it('names a known refusal by its code, whatever the server wrote', () => {
    expect(errorText(new ApiError(409, 'NOT_ENOUGH_COIN', 'x'), 'mining')).toBe('Not Enough Coin!');
    expect(errorText(new ApiError(409, 'NOT_ENOUGH_TICKET', 'x'), 'spin')).toBe('Not Enough Ticket.');
    expect(errorText(new ApiError(409, 'ALREADY_CLAIMED', 'x'), 'task')).toBe('Already you received!');
  });

  it("shows the server's message for another refusal", () => {
    expect(errorText(new ApiError(409, 'ALREADY_FARMING', 'You are already farming.'), 'farm-start')).toBe(
      'You are already farming.',
    );
  });

  it("falls back on the action's words for a server error or a contract mismatch", () => {
    expect(errorText(new ApiError(500, 'INTERNAL', 'boom'), 'boost')).toBe(
      'An error occurred. Please try again.',
    );
    expect(errorText(new ContractError('PUT /users/getCheat', 'x'), 'chest')).toBe(
      'Something went wrong. Please try again!',
    );
    expect(errorText(new ApiError(500, 'INTERNAL', 'boom'), 'farm-claim')).toBe('Failed to claim reward.');
  });

  it('says the farm call went wrong when the network failed', () => {
    const offline = new ApiError(0, 'NETWORK', 'Something went wrong.');
    expect(errorText(offline, 'farm-start')).toBe('Something went wrong.');
    expect(errorText(offline, 'boost')).toBe('An error occurred. Please try again.');
  });
});
