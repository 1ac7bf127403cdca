import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, serve, type Answer } from '../../../test/harness.tsx';
import { setLanguage } from '../../lib/i18n.tsx';
import { Criteria } from './criteria.tsx';

const PUBLISHED = Date.UTC(2026, 6, 1, 12, 0);
const rule = {
  coinsExponent: 0.5,
  weights: { coins: 40, activeDays: 20, tasks: 10, friendsStayed: 15, accountAge: 10, premium: 5 },
  reviewDiscount: 0.5,
};

function open(criteria: Answer<'airdropCriteria'>) {
  const calls = serve({ airdropCriteria: criteria });
  return { calls, ...renderWithProviders(<Criteria />, { path: '/airdrop' }) };
}

describe('how the airdrop is shared', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('is not shown before the rule is published', async () => {
    const { client } = open({ rule: null, publishedAt: null });
    await vi.waitFor(() => expect(client.getQueryState(['airdrop-criteria'])?.status).toBe('success'));
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('states the published rule: each factor’s share, coins by their square root, the review discount', async () => {
    open({ rule, publishedAt: PUBLISHED });
    const section = await screen.findByTestId('airdrop-criteria', undefined, { timeout: 5000 });
    expect(within(section).getByRole('heading', { name: 'How the airdrop is shared' })).toBeInTheDocument();
    expect(section).toHaveTextContent('Published with the airdrop on Jul 1, 2026.');
    const rows = within(section).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('data-factor'))).toEqual([
      'coins',
      'activeDays',
      'tasks',
      'friendsStayed',
      'accountAge',
      'premium',
    ]);
    expect(rows[0]).toHaveTextContent('Coins earned40%');
    expect(rows[0]).toHaveTextContent('Counted by their square root');
    expect(rows[3]).toHaveTextContent('Friends who stayed15%');
    expect(rows[4]).toHaveTextContent('Telegram account age10%');
    expect(rows[5]).toHaveTextContent('Telegram Premium5%');
    expect(section).toHaveTextContent(
      'An account still under review when the airdrop is shared counts at 50% of its weight.',
    );
  });

  it('names another power of the coins, leaves out a factor that weighs nothing, and speaks Persian', async () => {
    await setLanguage('fa');
    open({
      rule: { ...rule, coinsExponent: 0.7, weights: { ...rule.weights, premium: 0 } },
      publishedAt: PUBLISHED,
    });
    const section = await screen.findByTestId('airdrop-criteria', undefined, { timeout: 5000 });
    expect(within(section).getByRole('heading')).toHaveTextContent('ایردراپ چطور تقسیم می‌شود');
    const rows = within(section).getAllByRole('listitem');
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveTextContent('به توان ۰٫۷ حساب می‌شوند');
    // 40 of 95: 42%, in Persian digits.
    expect(rows[0]).toHaveTextContent('۴۲٪');
    expect(section).toHaveTextContent('با ۵۰٪ وزنش حساب می‌شود');
  });
});
