import { fireEvent, screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { setLanguage, useT } from '../lib/i18n.tsx';
import { renderWithProviders } from '../../test/harness.tsx';
import { InPageLanguage } from './page-language.tsx';

function Title() {
  const { t } = useT();
  return <h1>{t('campaigns.title')}</h1>;
}

const page = (storageKey?: string) => (
  <InPageLanguage
    testId="test-language"
    label="campaigns.language"
    storageKey={storageKey}
    render={(picker) => (
      <>
        {picker}
        <Title />
      </>
    )}
  />
);

describe('a console page’s language picker', () => {
  afterAll(() => setLanguage('en'));

  it('keeps the language picked for the session when given a key, and only then', async () => {
    sessionStorage.clear();
    const first = renderWithProviders(page('egg-rush:test-language'));
    fireEvent.change(await screen.findByTestId('test-language', {}, { timeout: 5000 }), {
      target: { value: 'fa' },
    });
    expect(await screen.findByRole('heading', { name: 'کمپین‌ها' }, { timeout: 5000 })).toBeInTheDocument();
    first.unmount();

    // Another page of the section opens in the language picked.
    const second = renderWithProviders(page('egg-rush:test-language'));
    expect(await screen.findByRole('heading', { name: 'کمپین‌ها' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('test-language')).toHaveValue('fa');
    second.unmount();

    // A page without a key starts in the browser's language.
    renderWithProviders(page());
    expect(await screen.findByTestId('test-language', {}, { timeout: 5000 })).toHaveValue('en');
  });

  it('puts the page’s content in the language and direction picked, and only the page’s', async () => {
    sessionStorage.clear();
    // The console's document: English, left to right.
    const html = document.documentElement;
    html.setAttribute('lang', 'en');
    html.setAttribute('dir', 'ltr');
    document.title = 'Egg Rush · Operator console';
    const shown = renderWithProviders(page());
    fireEvent.change(await screen.findByTestId('test-language', {}, { timeout: 5000 }), {
      target: { value: 'fa' },
    });
    const heading = await screen.findByRole('heading', { name: 'کمپین‌ها' }, { timeout: 5000 });
    // The page's content reads right to left, in a column spaced as the console's.
    const content = heading.closest('[dir]');
    expect(content).toHaveAttribute('dir', 'rtl');
    expect(content).toHaveAttribute('lang', 'fa');
    expect(content).toHaveClass('a-page');
    expect(content).toContainElement(screen.getByTestId('test-language'));
    // The console around it (its menu, its other pages) stays English, left to right.
    expect(html).toHaveAttribute('dir', 'ltr');
    expect(html).toHaveAttribute('lang', 'en');
    expect(document.title).toBe('Egg Rush · Operator console');

    // Back to English: the content reads left to right again.
    fireEvent.change(screen.getByTestId('test-language'), { target: { value: 'en' } });
    expect(await screen.findByRole('heading', { name: 'Campaigns' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Campaigns' }).closest('[dir]')).toHaveAttribute('dir', 'ltr');
    shown.unmount();
    expect(html).toHaveAttribute('dir', 'ltr');
    expect(html).toHaveAttribute('lang', 'en');
  });
});
