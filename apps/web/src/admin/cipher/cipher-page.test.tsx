import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { refuse, renderWithProviders, serve, type Call } from '../../../test/harness.tsx';
import { CipherPage } from './cipher-page.tsx';

const AT = Date.UTC(2026, 5, 15, 12);

describe('the console’s daily cipher', () => {
  it('lists the words set from today and sets a day’s word, showing a refusal', async () => {
    const set = [{ day: '2026-06-17', word: 'PANDA', setBy: 7000, setAt: AT }];
    const calls = serve({
      adminCipherDays: () => ({ today: '2026-06-15', days: set }),
      adminCipherSet: ({ body, params }: Call) => {
        const word = (body as { word: string }).word;
        if (word === 'NO') return refuse(400, 'BAD_CIPHER_WORD', 'A cipher word is 3 to 10 letters A–Z.');
        const cipher = { day: String(params.day), word, setBy: 7000, setAt: AT };
        set.unshift(cipher);
        return { cipher };
      },
    });
    renderWithProviders(<CipherPage />);
    // The page shows once its language's texts are loaded.
    const table = await screen.findByRole('table', { name: 'Words set' }, { timeout: 5000 });
    expect(within(table).getByText('PANDA')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Set a day’s word' });
    expect(within(form).getByLabelText(/^Day/)).toHaveValue('2026-06-15');

    fireEvent.change(within(form).getByLabelText(/^Word/), { target: { value: 'no' } });
    fireEvent.submit(form);
    expect(await within(form).findByRole('alert')).toHaveTextContent('3 to 10 letters');

    fireEvent.change(within(form).getByLabelText(/^Word/), { target: { value: 'zebra' } });
    fireEvent.submit(form);
    expect(await within(form).findByRole('status')).toHaveTextContent('Set 2026-06-15: ZEBRA.');
    expect(await within(table).findByText('ZEBRA')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/admin/cipher/')).map((c) => [c.path, c.body])).toEqual([
      ['/admin/cipher/2026-06-15', { word: 'NO' }],
      ['/admin/cipher/2026-06-15', { word: 'ZEBRA' }],
    ]);
  });

  it('is in the language picked, right to left in Persian', async () => {
    serve({ adminCipherDays: () => ({ today: '2026-06-15', days: [] }) });
    renderWithProviders(<CipherPage />);
    fireEvent.change(await screen.findByTestId('cipher-language', {}, { timeout: 5000 }), {
      target: { value: 'fa' },
    });
    const heading = await screen.findByRole('heading', { name: 'رمز روزانه', level: 1 }, { timeout: 5000 });
    expect(heading.closest('[dir]')).toHaveAttribute('dir', 'rtl');
    expect(await screen.findByText(/کلمه‌ای تعیین نشده/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تعیین کلمه' })).toBeInTheDocument();
    expect(screen.queryByText(/Daily cipher|Set word/)).toBeNull();
  });
});
