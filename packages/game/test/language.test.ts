import { describe, expect, it } from 'vitest';
import { pickLanguage, playerLanguage } from '../src/language.ts';

describe('the language a player reads', () => {
  it('maps Telegram’s language codes onto the game’s languages, English otherwise', () => {
    expect(pickLanguage('ru')).toBe('ru');
    expect(pickLanguage('pt-br')).toBe('pt-BR');
    expect(pickLanguage('pt')).toBe('pt-BR');
    expect(pickLanguage('kk')).toBe('ru');
    expect(pickLanguage('fa-IR')).toBe('fa');
    expect(pickLanguage('hi')).toBe('hi');
    expect(pickLanguage('de')).toBe('en');
    expect(pickLanguage(null)).toBe('en');
  });

  it('is the player’s own choice in the app when there is one, else Telegram’s', () => {
    expect(playerLanguage('es', 'ru')).toBe('es');
    expect(playerLanguage(null, 'uk')).toBe('uk');
    expect(playerLanguage('klingon', 'vi')).toBe('vi');
  });
});
