import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/http.ts';
import { send } from '../lib/outbox.ts';
import { Reconnecting } from './layout.tsx';

describe('the reconnecting indicator', () => {
  it('says Reconnecting… while a write waits to be sent again, and nothing once it is answered', async () => {
    render(<Reconnecting />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    let wake: () => void = () => undefined;
    let attempts = 0;
    const sent = send(
      () => (++attempts === 1 ? Promise.reject(new ApiError(503, 'BUSY', 'busy')) : Promise.resolve('ok')),
      { sleep: () => new Promise<void>((resolve) => (wake = resolve)) },
    );
    expect(await screen.findByText('Reconnecting…')).toBeInTheDocument();
    // No error is shown meanwhile: the one quiet word.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(async () => {
      wake();
      await sent;
    });
    expect(attempts).toBe(2);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
