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
});
