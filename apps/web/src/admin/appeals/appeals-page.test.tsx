import { fireEvent, screen, within } from '@testing-library/react';
import { assert, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, serve, type Body, type Call, type Stubs } from '../../../test/harness.tsx';
import { AppealsPage } from './appeals-page.tsx';

const AT = Date.UTC(2026, 5, 16, 14, 9);
type Appeal = Body<'adminAppeals'>['appeals'][number];
const waiting: Appeal = {
  id: 5,
  playerId: 7003,
  clusterId: 'c7001',
  text: 'My brother and I share one phone.\nWe both play after school.',
  status: 'pending',
  createdAt: AT,
  answer: null,
  answeredBy: null,
  answeredAt: null,
};
const later: Appeal = {
  ...waiting,
  id: 6,
  playerId: 7004,
  text: 'I play at <b>work</b> on the office Wi-Fi.',
};
const rejected: Appeal = {
  ...waiting,
  id: 2,
  playerId: 7010,
  text: 'Not mine.',
  status: 'rejected',
  answer: 'fifty accounts in one minute',
  answeredBy: 7000,
  answeredAt: AT + 60_000,
};

beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
});

function open(routes: Stubs = {}) {
  const calls = serve({ adminAppeals: { appeals: [waiting, later, rejected] }, ...routes });
  renderWithProviders(<AppealsPage />, { path: '/admin/appeals' });
  return calls;
}

const answer = (c: Call) => {
  const body = c.body as { outcome: 'upheld' | 'rejected'; reason: string };
  const id = Number(c.params.appealId);
  const appeal = [waiting, later].find((a) => a.id === id);
  if (!appeal) throw new Error(`No appeal ${id} in this test.`);
  return {
    appeal: {
      ...appeal,
      status: body.outcome,
      answer: body.reason,
      answeredBy: 7000,
      answeredAt: AT + 120_000,
    },
  };
};

describe('the console appeals queue', () => {
  it('shows the pending appeals first with the player, the cluster and their words as text', async () => {
    open();
    const queue = await screen.findByRole('list', { name: 'Waiting for an answer' }, { timeout: 5000 });
    const items = within(queue).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('data-appeal'))).toEqual(['5', '6']);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Player 7003' })).toHaveAttribute(
      'href',
      '/admin/players/7003',
    );
    expect(first).toHaveTextContent('in c7001');
    expect(within(first).getByRole('link', { name: 'c7001' })).toHaveAttribute('href', '/admin/clusters');
    // Persian words read right to left: the quote takes the direction of its text.
    expect(first.querySelector('blockquote')).toHaveAttribute('dir', 'auto');
    expect(first).toHaveTextContent('#5 · 2026-06-16 14:09 UTC');
    expect(first.querySelector('blockquote')?.textContent).toBe(waiting.text);
    expect(second.querySelector('b')).toBeNull();
    expect(second).toHaveTextContent('I play at <b>work</b> on the office Wi-Fi.');

    const answered = screen.getByRole('list', { name: 'Answered' });
    expect(within(answered).getByText('rejected')).toHaveClass('a-tag-bad');
    expect(answered).toHaveTextContent(
      'Answered by 7000, 2026-06-16 14:10 UTC: fifty accounts in one minute',
    );
    expect(within(answered).queryByRole('button')).not.toBeInTheDocument();
  });

  it('upholds one and rejects another, each with a reason', async () => {
    const calls = open({ adminAppealAnswer: answer });
    const queue = await screen.findByRole('list', { name: 'Waiting for an answer' }, { timeout: 5000 });
    const [first] = within(queue).getAllByRole('listitem');
    assert(first, 'no appeal waiting');
    fireEvent.click(within(first).getByRole('button', { name: 'Uphold…' }));
    let dialog = screen.getByRole('dialog', { name: 'Uphold the appeal of player 7003?' });
    const uphold = within(dialog).getByRole('button', { name: 'Uphold' });
    expect(uphold).toBeDisabled();
    fireEvent.change(within(dialog).getByRole('textbox'), {
      target: { value: 'siblings, checked the times' },
    });
    fireEvent.click(uphold);
    expect(await screen.findByRole('status')).toHaveTextContent('Appeal 5 of player 7003 upheld.');
    expect(screen.getByRole('heading', { name: 'Waiting for an answer (1)' })).toBeInTheDocument();
    const answered = screen.getByRole('list', { name: 'Answered' });
    expect(within(answered).getByText('upheld')).toHaveClass('a-tag-good');
    expect(answered).toHaveTextContent('siblings, checked the times');

    fireEvent.click(
      within(screen.getByRole('list', { name: 'Waiting for an answer' })).getByRole('button', {
        name: 'Reject…',
      }),
    );
    dialog = screen.getByRole('dialog', { name: 'Reject the appeal of player 7004?' });
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'same device as the farm' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Appeal 6 of player 7004 rejected.');
    expect(screen.getByRole('heading', { name: 'Waiting for an answer (0)' })).toBeInTheDocument();
    expect(screen.getByText('No appeal is waiting.')).toBeInTheDocument();

    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/admin/airdrop/appeals/5', { outcome: 'upheld', reason: 'siblings, checked the times' }],
      ['/admin/airdrop/appeals/6', { outcome: 'rejected', reason: 'same device as the farm' }],
    ]);
  });
});
