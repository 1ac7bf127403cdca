import { render, screen } from '@testing-library/react';
import { GAME_REWARD_CAP, gameReward } from '@egg-rush/game/mole';
import { afterEach, describe, expect, it } from 'vitest';
import { formatNumber } from '../../lib/format.ts';
import { LANGUAGE_CODES } from '../../lib/language.ts';
import { setLanguage, t } from '../../lib/i18n.tsx';
import { GameOver } from './play-screen.tsx';

const over = (score: number, reward: number | null) =>
  render(
    <GameOver
      score={score}
      newHigh
      reward={reward}
      refused={null}
      onReplay={() => undefined}
      onBack={() => undefined}
      busy={false}
    />,
  );

afterEach(() => setLanguage('en'));

describe('a round that scores more than a round pays', () => {
  it.each(LANGUAGE_CODES)('says in %s that the reward is capped, and at what', async (lng) => {
    await setLanguage(lng);
    over(1_083, gameReward(1_083));
    const line = screen.getByTestId('reward-capped');
    expect(line.textContent).toBe(t('play.capped', { n: formatNumber(GAME_REWARD_CAP) }));
    expect(line.textContent).toContain(formatNumber(GAME_REWARD_CAP));
    if (lng !== 'en')
      expect(t('play.capped', { n: 1 })).not.toBe('A round pays at most 1 coins: reward capped at 1.');
  });

  it('says nothing of a cap when the round paid its score, or before the server answers', () => {
    over(640, gameReward(640));
    expect(screen.queryByTestId('reward-capped')).toBeNull();
    over(1_083, null);
    expect(screen.queryByTestId('reward-capped')).toBeNull();
  });
});
