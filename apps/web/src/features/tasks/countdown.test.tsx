import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/harness.tsx';
import { setLanguage } from '../../lib/i18n.tsx';
import { ResetCountdown } from './countdown.tsx';

describe('the daily reset countdown', () => {
  it('keeps its label and its timer apart, in words and on screen', async () => {
    await setLanguage('ru');
    try {
      renderWithProviders(<ResetCountdown />);
      // Read aloud (or copied) as "Новые задания через 15:49:27", never "через15:49:27".
      expect(screen.getByTestId('reset').textContent).toMatch(/^Новые задания через \d{1,2}:\d\d:\d\d$/);
      expect(screen.getByTestId('reset')).toHaveClass('gap-3');
    } finally {
      await setLanguage('en');
    }
  });
});
