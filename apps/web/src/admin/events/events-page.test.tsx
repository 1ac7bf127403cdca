import { fireEvent, screen, within } from '@testing-library/react';
import type { AdminEvent } from '@egg-rush/contract/events';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, serve } from '../../../test/harness.tsx';
import { EventsPage } from './events-page.tsx';

const AT = Date.UTC(2026, 5, 15, 12);
const H = 3_600_000;

/** An event as the console lists it: created two hours before AT, upcoming, nothing paid yet. */
const event = (fields: Pick<AdminEvent, 'id' | 'kind' | 'multiplier' | 'titles'> & Partial<AdminEvent>) => ({
  startsAt: AT + H,
  endsAt: AT + 3 * H,
  tasks: [],
  createdBy: 7000,
  createdAt: AT - 2 * H,
  cancelledAt: null,
  status: 'upcoming' as const,
  paid: { coins: 0, payouts: 0 },
  ...fields,
});

const listed = {
  events: [
    event({
      id: 3,
      kind: 'tap-multiplier',
      multiplier: 2.5,
      startsAt: AT - H,
      endsAt: AT + H,
      titles: { en: 'Tap frenzy' },
      status: 'running',
      paid: { coins: 1234, payouts: 56 },
    }),
    event({ id: 4, kind: 'income-multiplier', multiplier: 2, titles: { en: 'Mining weekend' } }),
    event({
      id: 5,
      kind: 'tasks',
      multiplier: 1,
      titles: { en: 'Quest weekend' },
      tasks: ['Quest_A', 'Quest_B'],
    }),
  ],
  bounds: { maxMultiplier: 5, maxDurationMs: 14 * 24 * H, maxTitle: 60 },
  tasks: [
    { taskName: 'Quest_A', title: 'Follow the farm' },
    { taskName: 'Quest_B', title: 'Join the coop' },
  ],
};

// jsdom has no modal dialogs: opening one just shows it.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
});

describe('the console’s events', () => {
  it('shows each event’s coins and payments paid, in the language picked (Persian right to left)', async () => {
    serve({ adminEvents: () => listed });
    renderWithProviders(<EventsPage />);
    // The page shows once its language's texts are loaded.
    const [row] = (await screen.findAllByTestId('event-row', {}, { timeout: 5000 })) as [HTMLElement];
    expect(row).toHaveTextContent('Taps ×2.5');
    expect(row).toHaveTextContent('running');
    expect(row).toHaveTextContent('1,234 coins · 56 payments');
    expect(screen.getByText(/at most 14 days in any 30/)).toBeInTheDocument();

    fireEvent.change(screen.getByTestId('events-language'), { target: { value: 'fa' } });
    const heading = await screen.findByRole('heading', { name: 'رویدادها', level: 1 }, { timeout: 5000 });
    expect(heading.closest('[dir]')).toHaveAttribute('dir', 'rtl');
    const [fa] = (await screen.findAllByTestId('event-row')) as [HTMLElement];
    expect(fa).toHaveTextContent('در جریان');
    expect(fa).toHaveTextContent('سکه');
    expect(fa).toHaveTextContent('۵۶ پرداخت');
    expect(within(fa).queryByText(/coins|payments|running/)).toBeNull();
  });

  it('names the new kinds, and schedules limited-time tasks picked from the catalogue', async () => {
    const calls = serve({
      adminEvents: () => listed,
      adminEventCreate: (call) => {
        const [, , tasks] = listed.events;
        if (!tasks) throw new Error('no tasks event');
        return { event: { ...tasks, ...(call.body as object), id: 6 } };
      },
    });
    renderWithProviders(<EventsPage />);
    const rows = await screen.findAllByTestId('event-row', {}, { timeout: 5000 });
    expect(rows[1]).toHaveTextContent('Mining income ×2');
    expect(rows[2]).toHaveTextContent('Tasks (2)');
    expect(screen.getByText(/whole multipliers \(at most ×3\)/)).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('event-new'));
    // Mining income: whole multipliers only.
    fireEvent.change(screen.getByTestId('event-kind'), { target: { value: 'income-multiplier' } });
    expect(screen.getByTestId('event-multiplier')).toHaveAttribute('step', '1');
    expect(screen.getByTestId('event-multiplier')).toHaveAttribute('max', '3');
    // Tasks: no multiplier, the tasks to pick instead.
    fireEvent.change(screen.getByTestId('event-kind'), { target: { value: 'tasks' } });
    expect(screen.queryByTestId('event-multiplier')).toBeNull();
    expect(within(screen.getByTestId('event-tasks')).getByText('Follow the farm')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('event-title-en'), { target: { value: 'Quest weekend' } });
    const schedule = screen.getByRole('button', { name: 'Schedule' });
    expect(schedule).toBeDisabled();
    fireEvent.click(screen.getByTestId('event-task-Quest_B'));
    expect(schedule).toBeEnabled();
    fireEvent.click(schedule);
    await expect
      .poll(() => calls.find((c) => c.route === 'adminEventCreate')?.body)
      .toMatchObject({
        kind: 'tasks',
        tasks: ['Quest_B'],
        titles: { en: 'Quest weekend' },
      });
    const body = calls.find((c) => c.route === 'adminEventCreate')?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('multiplier');
  });
});
