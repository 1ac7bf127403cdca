import { describe, expect, it } from 'vitest';
import {
  isClassifiedKind,
  isOwnActionKind,
  launchSource,
  NOT_OWN_ACTION_KINDS,
  OWN_ACTION_KINDS,
} from '../src/analytics.ts';
import { CAMPAIGN_SCREENS, campaignStartParam } from '../src/campaigns.ts';

describe('launch source', () => {
  it("reads a campaign's button with or without a screen as the campaign", () => {
    expect(launchSource('c12', 5)).toBe('campaign');
    for (const screen of CAMPAIGN_SCREENS) {
      expect(launchSource(campaignStartParam(12, screen), 5), screen).toBe('campaign');
    }
    expect(launchSource('c12-tasks', 5)).toBe('campaign');
  });

  it('reads invites, squads, channels and none', () => {
    expect(launchSource(undefined, 5)).toBe('direct');
    expect(launchSource('', 5)).toBe('direct');
    expect(launchSource('101', 5)).toBe('invite');
    expect(launchSource('squad_3', 5)).toBe('squad');
    // Not a campaign's: an unknown screen, no id, a zero id.
    expect(launchSource('c12-nowhere', 5)).toBe('channel');
    expect(launchSource('c', 5)).toBe('channel');
    expect(launchSource('c0', 5)).toBe('channel');
    expect(launchSource('promo_channel', 5)).toBe('channel');
  });
});

describe('activity kinds', () => {
  it("counts the player's own actions as activity", () => {
    for (const kind of [
      'tap',
      'daily',
      'farm',
      'task',
      'combo',
      'cipher',
      'spin',
      'chest',
      'game',
      'game:start',
    ]) {
      expect(isOwnActionKind(kind), kind).toBe(true);
    }
    expect(isOwnActionKind('mining')).toBe(true);
    expect(isOwnActionKind('purchase')).toBe(true);
    expect(isOwnActionKind('boost:energy')).toBe(true);
  });

  it('does not count rows written to a player by someone else or by a job', () => {
    for (const kind of [
      'signup',
      'referral',
      'milestone',
      'league',
      'season',
      'admin:adjust',
      'refund',
      'income',
    ]) {
      expect(isOwnActionKind(kind), kind).toBe(false);
      expect(isClassifiedKind(kind), kind).toBe(true);
    }
    expect(isOwnActionKind('boost:')).toBe(false);
  });

  it('leaves an unknown kind unclassified (and not activity)', () => {
    expect(isClassifiedKind('campaign:gift')).toBe(false);
    expect(isOwnActionKind('campaign:gift')).toBe(false);
  });

  it('classifies no kind both ways', () => {
    const own = new Set<string>(OWN_ACTION_KINDS);
    expect(NOT_OWN_ACTION_KINDS.filter((k) => own.has(k))).toEqual([]);
  });
});
