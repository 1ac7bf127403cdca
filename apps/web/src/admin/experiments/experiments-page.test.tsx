import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, serve, type Call, type Sent } from '../../../test/harness.tsx';
import { ExperimentsPage } from './experiments-page.tsx';

const AT = Date.UTC(2026, 5, 15, 12);

/** The i-th element found (a test fails on a missing one). */
function nth(list: HTMLElement[], i: number): HTMLElement {
  const found = list[i];
  if (!found) throw new Error(`no element ${i}`);
  return found;
}

const experiment = {
  id: 4,
  name: 'Richer check-in',
  kind: 'config' as const,
  variants: [
    { name: 'same', weight: 1, configVersion: 1 },
    { name: 'triple', weight: 1, configVersion: 2 },
  ],
  eventId: null,
  holdoutPercent: 20,
  startsAt: AT,
  stoppedAt: null,
  createdBy: 7000,
  createdAt: AT,
  players: 1234,
};
const share = (retained: number, observable: number, rate: number, low: number, high: number) => ({
  retained,
  observable,
  rate,
  low,
  high,
});
const verdict = (significant: boolean, difference: number | null) => ({
  difference,
  significant,
  notYetSignificant: !significant,
});
const results = {
  experiment,
  today: 20_000,
  results: [
    {
      variant: 'holdout',
      holdout: true,
      players: 250,
      d1: share(80, 250, 0.32, 0.266, 0.379),
      d7: share(20, 200, 0.1, 0.066, 0.149),
      revenue: { stars: 50, perPlayer: 0.2, low: 0, high: 0.59 },
      versusHoldout: null,
    },
    {
      variant: 'same',
      holdout: false,
      players: 492,
      d1: share(170, 492, 0.3455, 0.304, 0.389),
      d7: share(41, 400, 0.1025, 0.076, 0.136),
      revenue: { stars: 100, perPlayer: 0.2033, low: 0, high: 0.5 },
      versusHoldout: {
        d1: verdict(false, 0.0255),
        d7: verdict(false, 0.0025),
        revenue: verdict(false, 0.0033),
      },
    },
    {
      variant: 'triple',
      holdout: false,
      players: 492,
      d1: share(203, 492, 0.412, 0.38, 0.445),
      d7: share(60, 400, 0.15, 0.118, 0.188),
      revenue: { stars: 400, perPlayer: 0.813, low: 0.21, high: 1.42 },
      versusHoldout: { d1: verdict(true, 0.092), d7: verdict(false, 0.05), revenue: verdict(true, 0.613) },
    },
  ],
};

/** The rules' bounds, as the console's list of experiments states them. */
const BOUNDS = {
  minVariants: 2,
  maxVariants: 5,
  minHoldoutPercent: 5,
  maxHoldoutPercent: 50,
  maxWeight: 100,
};
/** The text of each element with `testId` inside `element`. */
const textsOf = (element: HTMLElement, testId: string) =>
  within(element)
    .getAllByTestId(testId)
    .map((v) => v.textContent);
/** The page listing `experiment`, its results `body` opened: the result rows. */
async function openResults(body: Sent<'adminExperiment'>): Promise<HTMLElement[]> {
  serve({
    adminExperiments: () => ({ experiments: [experiment], bounds: BOUNDS }),
    adminExperiment: () => body,
  });
  renderWithProviders(<ExperimentsPage />);
  fireEvent.click(await screen.findByTestId('experiment-results', {}, { timeout: 5000 }));
  return screen.findAllByTestId('result-row');
}

// jsdom has no modal dialogs: opening one just shows it.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
});

describe('the console’s experiments', () => {
  it('lists experiments and shows each group’s intervals and whether it is significant yet', async () => {
    serve({
      adminExperiments: () => ({
        experiments: [experiment],
        bounds: BOUNDS,
      }),
      adminExperiment: () => results,
    });
    renderWithProviders(<ExperimentsPage />);
    const row = await screen.findByTestId('experiment-row', {}, { timeout: 5000 });
    expect(row).toHaveTextContent('Richer check-in');
    // The bounds as the rules have them: a holdout of 5 to 50 %.
    expect(screen.getByText(/a holdout of 5 to 50% that keeps the active game/)).toBeInTheDocument();
    // Each variant names its configuration version and its share of new players (80 % split 1:1).
    expect(textsOf(row, 'experiment-variant')).toEqual(['same · v1 · 40%', 'triple · v2 · 40%']);
    expect(row).toHaveTextContent('1,234');
    expect(row).toHaveTextContent('running');
    // One experiment at a time: no new one while it runs.
    expect(screen.getByTestId('experiment-new')).toBeDisabled();
    expect(screen.getByTestId('experiment-new-why')).toHaveTextContent(
      'One experiment runs at a time: stop it first.',
    );
    expect(screen.getByRole('columnheader', { name: 'Started (UTC)' })).toBeInTheDocument();
    expect(row).toHaveTextContent('Jun 15, 2026, 12:00 PM');

    fireEvent.click(within(row).getByTestId('experiment-results'));
    const rows = await screen.findAllByTestId('result-row');
    expect(rows).toHaveLength(3);
    const [holdout, same, triple] = [nth(rows, 0), nth(rows, 1), nth(rows, 2)];
    expect(holdout).toHaveTextContent('Holdout');
    expect(triple).toHaveTextContent('triple · v2');
    expect(holdout).toHaveTextContent('32.0% (26.6–37.9%)');
    expect(within(holdout).queryByTestId('verdict')).toBeNull();
    expect(triple).toHaveTextContent('41.2% (38.0–44.5%)');
    expect(triple).toHaveTextContent('203 of 492 observable');
    expect(triple).toHaveTextContent('0.81 (0.21–1.42)');
    expect(textsOf(triple, 'verdict')).toEqual(['significant', 'not yet significant', 'significant']);
    expect(textsOf(same, 'verdict')).toEqual([
      'not yet significant',
      'not yet significant',
      'not yet significant',
    ]);
    // The lift over the holdout beside each verdict: points of retention, Stars per player.
    expect(textsOf(triple, 'lift')).toEqual([
      '+9.2 pts vs holdout',
      '+5.0 pts vs holdout',
      '+0.61 Stars per player vs holdout',
    ]);
    expect(within(holdout).queryByTestId('lift')).toBeNull();
    // Enough players on both sides: no small-sample note.
    expect(within(triple).queryByTestId('small-sample')).toBeNull();

    fireEvent.change(screen.getByTestId('experiments-language'), { target: { value: 'ru' } });
    const heading = await screen.findByRole('heading', { name: 'Эксперименты', level: 1 }, { timeout: 5000 });
    expect(heading).toBeInTheDocument();
    const ru = await screen.findAllByTestId('result-row');
    expect(ru[2]).toHaveTextContent('значимо');
    expect(ru[1]).toHaveTextContent('пока не значимо');
    expect(ru[2]).toHaveTextContent('41,2 % (38,0–44,5 %)');
  });

  it('shows no verdict while a side has nothing observed yet: when results come, no payments yet', async () => {
    const none = { retained: 0, observable: 0, rate: null, low: null, high: null };
    const fresh = {
      experiment,
      // The start's game day (12:00 UTC is 06:00 at UTC-6): a day-1 result needs day 1 over, so day 2.
      today: Math.floor((AT - 6 * 3_600_000) / 86_400_000),
      results: [
        {
          variant: 'holdout',
          holdout: true,
          players: 3,
          d1: none,
          d7: none,
          revenue: { stars: 0, perPlayer: 0, low: 0, high: 0 },
          versusHoldout: null,
        },
        {
          variant: 'triple',
          holdout: false,
          players: 8,
          d1: share(6, 8, 0.75, 0.41, 0.93),
          d7: none,
          revenue: { stars: 0, perPlayer: 0, low: 0, high: 0 },
          versusHoldout: {
            d1: verdict(false, null),
            d7: verdict(false, null),
            revenue: verdict(false, 0),
          },
        },
      ],
    };
    const rows = await openResults(fresh);
    const [holdout, triple] = [nth(rows, 0), nth(rows, 1)];
    // Nothing to compare: no "not yet significant", no lift, but when the first results come.
    expect(within(triple).queryByTestId('verdict')).toBeNull();
    expect(within(triple).queryByTestId('lift')).toBeNull();
    expect(triple).not.toHaveTextContent('not yet significant');
    expect(holdout).toHaveTextContent('no results yet: day 1 results from Jun 17, 2026, 6:00 AM UTC');
    expect(triple).toHaveTextContent('no results yet: day 7 results from Jun 23, 2026, 6:00 AM UTC');
    // Nobody paid: no "0.00 (0.00–0.00)".
    expect(triple).toHaveTextContent('no payments yet');
    expect(triple).not.toHaveTextContent('0.00');
    expect(triple).toHaveTextContent('75.0% (41.0–93.0%)');
  });

  it('notes a small sample beside a verdict', async () => {
    // The variant's day 1 has only 8 observed: its verdict stands, with the note.
    const small = {
      ...results,
      results: results.results.map((group) =>
        group.variant === 'triple' ? { ...group, d1: share(6, 8, 0.75, 0.41, 0.93) } : group,
      ),
    };
    const rows = await openResults(small);
    expect(within(nth(rows, 2)).getAllByTestId('small-sample')).toHaveLength(1);
    expect(nth(rows, 2)).toHaveTextContent('fewer than 10 observed on a side: too few to tell');
  });

  it('starts an experiment from the form: versions picked, weights, holdout and a reason', async () => {
    const sent: Call[] = [];
    serve({
      adminExperiments: () => ({
        experiments: [],
        bounds: BOUNDS,
      }),
      adminConfigVersions: () => ({
        versions: [2, 1].map((version) => ({
          version,
          reason: version === 2 ? 'Triple check-in' : 'Version 1',
          createdBy: null,
          createdAt: AT,
          active: version === 1,
          publications: [],
        })),
      }),
      adminExperimentCreate: (call) => {
        sent.push(call);
        return { experiment: { id: 5 } };
      },
    });
    renderWithProviders(<ExperimentsPage />);
    fireEvent.click(await screen.findByTestId('experiment-new', {}, { timeout: 5000 }));
    fireEvent.change(screen.getByTestId('experiment-name'), { target: { value: 'Richer check-in' } });
    // A holdout is always kept: 5 % at least, as the rules ask.
    expect(screen.getByTestId('experiment-holdout')).toHaveAttribute('min', '5');
    expect(screen.getByText(/5 to 50: these players keep the active game/)).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('experiment-holdout'), { target: { value: '20' } });
    const versions = await screen.findAllByRole(
      'combobox',
      { name: 'Configuration version' },
      { timeout: 5000 },
    );
    expect(versions).toHaveLength(2);
    expect(
      within(nth(versions, 0)).getByRole('option', { name: 'v1 (active) · Version 1' }),
    ).toBeInTheDocument();
    fireEvent.change(nth(versions, 0), { target: { value: '1' } });
    fireEvent.change(nth(versions, 1), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('variant-name-1'), { target: { value: 'triple' } });
    fireEvent.change(screen.getByTestId('variant-weight-1'), { target: { value: '3' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Does a richer check-in keep players?' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({
      name: 'Richer check-in',
      kind: 'config',
      holdoutPercent: 20,
      variants: [
        { name: 'A', weight: 1, configVersion: 1 },
        { name: 'triple', weight: 3, configVersion: 2 },
      ],
      reason: 'Does a richer check-in keep players?',
    });
  });
});
