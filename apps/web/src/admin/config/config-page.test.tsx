import { DEFAULT_CONFIG } from '@egg-rush/game/config';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n.tsx';
import { renderWithProviders, serve } from '../../../test/harness.tsx';
import { ConfigPage } from './config-page.tsx';

const AT = Date.UTC(2026, 5, 15, 12);

describe('the console’s game configuration', () => {
  afterAll(() => setLanguage('en'));

  it('names each field in words, with its path underneath, in the language picked', async () => {
    serve({
      adminConfig: () => ({
        active: { version: 1, reason: 'launch', publishedBy: null, publishedAt: AT, values: DEFAULT_CONFIG },
      }),
      adminConfigVersions: () => ({ versions: [] }),
    });
    renderWithProviders(<ConfigPage />);
    const daily = await screen.findByTestId('config-daily', {}, { timeout: 5000 });
    const dayOne = daily.querySelector('input[data-path="daily.rewards.0.onion"]')?.closest('label');
    expect(dayOne).toHaveTextContent('Day 1 · coins');
    expect(within(dayOne as HTMLElement).getByText('daily.rewards.0.onion')).toHaveAttribute('dir', 'ltr');
    const mining = screen.getByTestId('config-mining');
    expect(within(mining).getByText('Carousel · base price')).toBeInTheDocument();
    // A prize's kind reads as the balance it pays.
    const kind = screen.getByTestId('config-spin').querySelector('[data-path="spin.wheel.3.type"]');
    expect(kind).toHaveTextContent('Prize 4 · kind Chests');

    fireEvent.change(screen.getByTestId('config-language'), { target: { value: 'fa' } });
    const persian = await screen.findByText('روز ۱ · سکه', {}, { timeout: 5000 });
    expect(persian.closest('[dir]')?.closest('.a-config')).toHaveAttribute('dir', 'rtl');
    expect(screen.queryByText('Day 1 · coins')).toBeNull();
    expect(screen.getByText('daily.rewards.0.onion')).toBeInTheDocument();
  });
});
