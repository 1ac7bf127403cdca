import { describe, expect, it } from 'vitest';
import { foreignLookAlikes, nameSkeleton } from '../src/names.ts';
import { checkSquadName, squadNameKey } from '../src/squads.ts';

describe('names compared as they look', () => {
  it('gives look-alikes of other scripts, other widths and other cases one skeleton', () => {
    const same = [
      'Egg Squad',
      'EGG SQUAD',
      '\u0415GG SQU\u0410D', // Cyrillic Е and А
      '\u0435gg squ\u0430d', // Cyrillic е and а
      '\uff25\uff47\uff47 Squad', // full-width
      '\ud835\udc04gg Squad', // mathematical bold E
    ];
    for (const name of same) expect(nameSkeleton(name), name).toBe(nameSkeleton('egg squad'));
    expect(nameSkeleton('\u039d\u039f\u03a4')).toBe(nameSkeleton('NOT')); // Greek Ν Ο Τ
    expect(nameSkeleton('Stra\u00dfe')).toBe(nameSkeleton('STRASSE'));
  });

  it('keeps names that look different apart', () => {
    for (const [a, b] of [
      ['Egg Squad', 'Eggs Squad'],
      ['Caf\u00e9', 'Cafe'],
      ['Yolk', 'Folk'],
      ['\u4e2d\u6587', '\u4e2d\u6599'],
    ] as const)
      expect(nameSkeleton(a), `${a} / ${b}`).not.toBe(nameSkeleton(b));
  });

  it('maps only foreign letters for blocked words: Latin "m" stays "m"', () => {
    expect(foreignLookAlikes('Fu\u0441k')).toBe('fuck');
    expect(foreignLookAlikes('Pompeii')).toBe('pompeii');
    expect(nameSkeleton('Pompeii')).toBe(nameSkeleton('Pornpeii'));
  });
});

describe('squad names', () => {
  it('refuses blocked words spelled with letters of other scripts', () => {
    for (const name of ['Fu\u0441k Squad', '\u0455\u04bb\u0456t crew', 'N\u0391ZI club', 'P\u043ern Stars'])
      expect(checkSquadName(name), name).toEqual({ ok: false, reason: 'profanity' });
    for (const name of ['Pompeii', 'Moby Dickens', '\u0421\u043e\u0431\u0430\u043a\u0438'])
      expect(checkSquadName(name), name).toMatchObject({ ok: true });
  });

  it('keys a name by its skeleton, spacing aside', () => {
    expect(squadNameKey('  \u0415gg   Hunters ')).toBe(squadNameKey('egg hunters'));
  });
});
