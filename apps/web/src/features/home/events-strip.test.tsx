import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders, serve } from '../../../test/harness.tsx';
import { setLanguage } from '../../lib/i18n.tsx';
import { EventsStrip } from './events-strip.tsx';

const H = 3_600_000;
afterEach(() => setLanguage('en'));

function events(title: string) {
  const now = Date.now();
  return {
    now,
    events: [
      {
        id: 1,
        kind: 'tap-multiplier' as const,
        multiplier: 2,
        startsAt: now - H,
        endsAt: now + 2 * H,
        title,
      },
      {
        id: 2,
        kind: 'mole-multiplier' as const,
        multiplier: 1.5,
        startsAt: now + 26 * H,
        endsAt: now + 50 * H,
        title: 'Mole weekend',
      },
    ],
  };
}

describe("Home's events", () => {
  it('shows a running event with the time to its end and a coming one with the time to its start', async () => {
    serve({ events: events('Double taps') });
    renderWithProviders(<EventsStrip />);
    const [running, coming] = (await screen.findAllByTestId('event')) as [HTMLElement, HTMLElement];
    expect(running).toHaveAttribute('data-state', 'running');
    expect(within(running).getByTestId('event-title')).toHaveTextContent('Double taps');
    expect(within(running).getByTestId('event-multiplier')).toHaveTextContent('Taps ×2');
    expect(within(running).getByTestId('event-countdown').textContent).toMatch(
      /^Ends in 0d 0[12]:\d\d:\d\d$/,
    );
    expect(coming).toHaveAttribute('data-state', 'upcoming');
    expect(within(coming).getByTestId('event-multiplier')).toHaveTextContent('Mole Smash ×1.5');
    expect(within(coming).getByTestId('event-countdown').textContent).toMatch(
      /^Starts in 1d 0[12]:\d\d:\d\d$/,
    );
  });

  it('speaks Persian with its own digits', async () => {
    await setLanguage('fa');
    serve({ events: events('ضربه دوبرابر') });
    renderWithProviders(<EventsStrip />);
    const [running] = (await screen.findAllByTestId('event')) as [HTMLElement];
    expect(within(running).getByTestId('event-title')).toHaveTextContent('ضربه دوبرابر');
    expect(within(running).getByTestId('event-multiplier')).toHaveTextContent('ضربه‌ها ×۲');
    expect(within(running).getByTestId('event-countdown').textContent).toMatch(
      /^تا پایان: ۰ روز ۰[۱۲]:[۰-۹]{2}:[۰-۹]{2}$/,
    );
  });

  it('shows nothing without events', async () => {
    const calls = serve({ events: { now: Date.now(), events: [] } });
    renderWithProviders(<EventsStrip />);
    await expect.poll(() => calls.length).toBe(1);
    expect(screen.queryByTestId('events')).toBeNull();
  });

  it('says what each new kind brings: profit per hour, the daily cipher, limited-time tasks', async () => {
    const now = Date.now();
    const of = (id: number, kind: 'income-multiplier' | 'cipher' | 'tasks', multiplier: number) => ({
      id,
      kind,
      multiplier,
      startsAt: now - H + id,
      endsAt: now + 2 * H,
      title: `Event ${id}`,
    });
    const list = { now, events: [of(1, 'income-multiplier', 2), of(2, 'cipher', 3), of(3, 'tasks', 1)] };
    serve({ events: list });
    const { unmount } = renderWithProviders(<EventsStrip />);
    const shown = await screen.findAllByTestId('event-multiplier');
    // Two at most on Home (the soonest).
    expect(shown.map((e) => e.textContent)).toEqual(['Profit per hour ×2', 'Daily cipher ×3']);
    unmount();
    serve({ events: { now, events: [of(3, 'tasks', 1)] } });
    await setLanguage('ru');
    renderWithProviders(<EventsStrip />);
    expect(await screen.findByTestId('event-multiplier')).toHaveTextContent('Задания на время');
  });
});
