import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, serve, type Call } from '../../../test/harness.tsx';
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
const verdict = (significant: boolean) => ({ difference: 0.1, significant, notYetSignificant: !significant });
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
      versusHoldout: { d1: verdict(false), d7: verdict(false), revenue: verdict(false) },
    },
    {
      variant: 'triple',
      holdout: false,
      players: 492,
      d1: share(203, 492, 0.412, 0.38, 0.445),
      d7: share(60, 400, 0.15, 0.118, 0.188),
      revenue: { stars: 400, perPlayer: 0.813, low: 0.21, high: 1.42 },
      versusHoldout: { d1: verdict(true), d7: verdict(false), revenue: verdict(true) },
    },
  ],
};

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
        bounds: {
          minVariants: 2,
          maxVariants: 5,
          minHoldoutPercent: 5,
          maxHoldoutPercent: 50,
          maxWeight: 100,
        },
      }),
      adminExperiment: () => results,
    });
    renderWithProviders(<ExperimentsPage />);
    const row = await screen.findByTestId('experiment-row', {}, { timeout: 5000 });
    expect(row).toHaveTextContent('Richer check-in');
    expect(row).toHaveTextContent('same (1), triple (1)');
    expect(row).toHaveTextContent('1,234');
    expect(row).toHaveTextContent('running');
    // One experiment at a time: no new one while it runs.
    expect(screen.getByTestId('experiment-new')).toBeDisabled();

    fireEvent.click(within(row).getByTestId('experiment-results'));
    const rows = await screen.findAllByTestId('result-row');
    expect(rows).toHaveLength(3);
    const [holdout, same, triple] = [nth(rows, 0), nth(rows, 1), nth(rows, 2)];
    expect(holdout).toHaveTextContent('Holdout');
    expect(holdout).toHaveTextContent('32.0% (26.6–37.9%)');
    expect(within(holdout).queryByTestId('verdict')).toBeNull();
    expect(triple).toHaveTextContent('41.2% (38.0–44.5%)');
    expect(triple).toHaveTextContent('203 of 492 observable');
    expect(triple).toHaveTextContent('0.81 (0.21–1.42)');
    expect(
      within(triple)
        .getAllByTestId('verdict')
        .map((v) => v.textContent),
    ).toEqual(['significant', 'not yet significant', 'significant']);
    expect(
      within(same)
        .getAllByTestId('verdict')
        .map((v) => v.textContent),
    ).toEqual(['not yet significant', 'not yet significant', 'not yet significant']);

    fireEvent.change(screen.getByTestId('experiments-language'), { target: { value: 'ru' } });
    const heading = await screen.findByRole('heading', { name: 'Эксперименты', level: 1 }, { timeout: 5000 });
    expect(heading).toBeInTheDocument();
    const ru = await screen.findAllByTestId('result-row');
    expect(ru[2]).toHaveTextContent('значимо');
    expect(ru[1]).toHaveTextContent('пока не значимо');
    expect(ru[2]).toHaveTextContent('41,2 % (38,0–44,5 %)');
  });

  it('starts an experiment from the form: versions picked, weights, holdout and a reason', async () => {
    const sent: Call[] = [];
    serve({
      adminExperiments: () => ({
        experiments: [],
        bounds: {
          minVariants: 2,
          maxVariants: 5,
          minHoldoutPercent: 5,
          maxHoldoutPercent: 50,
          maxWeight: 100,
        },
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
