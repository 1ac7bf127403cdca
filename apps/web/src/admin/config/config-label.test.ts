import { configLeaves, DEFAULT_CONFIG } from '@egg-rush/game/config';
import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, setLanguage } from '../../lib/i18n.tsx';
import { configLabel, prizeKind, spelled } from './config-label.ts';

const paths = configLeaves(DEFAULT_CONFIG).map((l) => l.path);

describe('a configuration field’s label', () => {
  afterAll(() => setLanguage('en'));

  it('reads as words in English, with the catalogues’ names', async () => {
    await setLanguage('en');
    expect(configLabel('daily.rewards.0.onion')).toBe('Day 1 · coins');
    expect(configLabel('daily.rewards.6.ticket')).toBe('Day 7 · tickets');
    expect(configLabel('spin.wheel.3.weight')).toBe('Prize 4 · weight');
    expect(configLabel('chest.prizes.0.type')).toBe('Prize 1 · kind');
    expect(configLabel('mining.items.carousel.basePrice')).toBe('Carousel · base price');
    expect(configLabel('mining.items.mascot.profitPerLevel')).toBe('Egg Mascot · profit per level');
    expect(configLabel('mining.priceGrowth')).toBe('Price growth');
    expect(configLabel('energy.regenMs')).toBe('Energy refill time per point (ms)');
    expect(configLabel('tasks.rewards.Daily_Taps')).toBe('Egg tapper');
    expect(configLabel('boosts.maxLevel.touchIncome')).toBe('Touch Income · max level');
    expect(configLabel('referral.rewards.regular.inviter')).toBe("Invite a friend · inviter's reward");
    expect(configLabel('referral.milestones.1.count')).toBe('Friends milestone 2 · friends');
    expect(prizeKind('treasure')).toBe('Chests');
  });

  it('reads as words in Persian, in Persian digits', async () => {
    await setLanguage('fa');
    expect(configLabel('daily.rewards.0.onion')).toBe('روز ۱ · سکه');
    expect(configLabel('spin.wheel.3.weight')).toBe('جایزهٔ ۴ · وزن');
    expect(configLabel('mining.items.carousel.basePrice')).toBe('چرخ‌وفلک اسبی · قیمت پایه');
    expect(configLabel('referral.milestones.1.count')).toBe('مرحلهٔ دوستان ۲ · دوستان');
    expect(prizeKind('onion')).toBe('سکه‌ها');
  });

  it('gives every tunable a name of its own, never its raw path, in every language', async () => {
    expect(paths).toHaveLength(157);
    for (const lng of LANGUAGE_CODES) {
      await setLanguage(lng);
      const labels = paths.map((p) => configLabel(p));
      for (const [i, path] of paths.entries()) {
        const label = labels[i];
        expect([path, label?.includes('.') || label?.includes('_')]).toEqual([path, false]);
        expect(label).not.toBe(path);
        // Named by a rule, not spelled out from the path.
        expect(label).not.toBe(spelled(path.split('.').slice(1)));
      }
      // No two fields of one section read the same.
      const bySection = new Map<string, string>();
      for (const [i, path] of paths.entries()) {
        const key = `${path.split('.')[0]}:${labels[i]}`;
        expect([path, bySection.get(key)]).toEqual([path, undefined]);
        bySection.set(key, path);
      }
    }
  });

  it('falls back to the path’s words for a tunable no rule names', () => {
    expect(configLabel('boosts.newThing.someValue')).toBe('new thing · some value');
  });
});
