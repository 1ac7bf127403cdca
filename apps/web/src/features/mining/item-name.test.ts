import { describe, expect, it } from 'vitest';
import { MINING_ITEMS } from '@egg-rush/game/mining';
import { setLanguage } from '../../lib/i18n.tsx';
import { CATALOGUES } from '@egg-rush/contract/locales';
import { itemName } from './item-name.ts';

const { en } = CATALOGUES;

describe('mining item names', () => {
  it('are the game’s own names in English, for every item', () => {
    expect(Object.keys(en.mining.items).sort()).toEqual(MINING_ITEMS.map((i) => i.id).sort());
    for (const item of MINING_ITEMS) expect(itemName(item)).toBe(item.name);
  });

  it('follow the player’s language, and an item the catalogue does not know keeps the server’s name', async () => {
    await setLanguage('ru');
    try {
      expect(itemName({ id: 'carousel', name: 'Carousel' })).toBe('Карусель');
      expect(itemName({ id: 'lost-and-found', name: 'Lost & Found' })).toBe('Бюро находок');
      expect(itemName({ id: 'moon-base', name: 'Moon Base' })).toBe('Moon Base');
    } finally {
      await setLanguage('en');
    }
  });
});
