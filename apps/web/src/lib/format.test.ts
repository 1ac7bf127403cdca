import { afterEach, describe, expect, it } from 'vitest';
import { compactNumber, setFormatLocale } from './format.ts';

afterEach(() => setFormatLocale('en'));

describe('compactNumber', () => {
  it('never shows more than the number: three digits, rounded down, in the language’s own groups', () => {
    setFormatLocale('en');
    expect(compactNumber(9_999)).toBe('9,999');
    expect(compactNumber(12_399)).toBe('12.3K');
    expect(compactNumber(276_500)).toBe('276K');
    expect(compactNumber(999_999)).toBe('999K');
    // Hindi counts in lakhs: 2,76,500 is 2.76 lakh, not 3.
    setFormatLocale('hi');
    expect(compactNumber(276_500).replace(/\s/g, ' ')).toBe('2.76 लाख');
    setFormatLocale('es');
    expect(compactNumber(1_259_000).replace(/\s/g, ' ')).toBe('1,25 M');
  });
});
