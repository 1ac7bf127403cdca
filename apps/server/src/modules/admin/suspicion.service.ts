import { neutraliseName } from '@egg-rush/game/names';
import type { AdminSuspect, AdminSuspicionResponse } from '@egg-rush/contract/admin';
import {
  alwaysNearBound,
  atTapCap,
  FULL_GAME_MS,
  idleBursts,
  idleInvitees,
  longestAwakeStretch,
  moleAtCap,
  sleepless,
  spanHours,
  SUSPICION,
  TAPS_PER_MINUTE_CAP,
  walletPattern,
} from '@egg-rush/game/suspicion';
import { GAME_REWARD_CAP } from '@egg-rush/game/mole';
import type { Deps } from '../../lib/deps.ts';
import { ledgerReads } from '../ledger/index.ts';
import { recentScoredGames } from '../play/index.ts';
import { addressPatternGroups } from '../wallet/index.ts';
import * as repo from './admin.repository.ts';
import { ms } from './players.service.ts';

/** The console's suspicion list: the players whose play matches a rule of packages/game suspicion.ts, with the evidence. */
export function createSuspicionAdmin(deps: Deps) {
  const { db } = deps.database;

  return {
    async suspicion(): Promise<AdminSuspicionResponse> {
      const now = deps.now();
      const since = new Date(now - SUSPICION.windowMs);
      const found = new Map<number, { rules: Set<AdminSuspect['rules'][number]>; evidence: string[] }>();
      const add = (id: number, rule: AdminSuspect['rules'][number], evidence: string) => {
        const entry = found.get(id) ?? { rules: new Set(), evidence: [] };
        entry.rules.add(rule);
        entry.evidence.push(evidence);
        found.set(id, entry);
      };
      const capTaps = Math.ceil(SUSPICION.tapCapShare * TAPS_PER_MINUTE_CAP);
      for (const p of await ledgerReads.tapCappedPlayers(db, since, capTaps, SUSPICION.tapCappedMinutes)) {
        if (!atTapCap(p.best)) continue;
        add(
          p.userId,
          'tap-pace',
          `${p.minutes} minutes at the tap-pace cap (${capTaps}+ taps a minute, best ${p.best})`,
        );
      }
      const invitees = await ledgerReads.recentInvitees(
        db,
        since,
        Math.min(SUSPICION.burstMinAccounts, SUSPICION.idleInviteesMin),
        SUSPICION.passiveKinds,
        SUSPICION.idleMaxActions + 1,
      );
      const byInviter = groupBy(invitees, (i) => i.inviterId);
      for (const [inviterId, list] of byInviter) {
        for (const burst of idleBursts(list)) {
          const [first] = burst;
          const last = burst.at(-1);
          if (!first || !last) throw new Error('idleBursts keeps bursts of burstMinAccounts or more');
          const minutes = Math.max(1, Math.round((last.joinedAt - first.joinedAt) / 60_000));
          const once = burst.filter((i) => i.actions > 0).length;
          const idle = `${burst.length - once} never played, ${once} acted once and stopped`;
          add(inviterId, 'invite-burst', `invited ${burst.length} accounts within ${minutes} min: ${idle}`);
          for (const i of burst)
            add(
              i.id,
              'invite-burst',
              `joined through ${inviterId} with ${burst.length - 1} others within ${minutes} min, ${
                i.actions > 0 ? 'acted once and stopped' : 'never played'
              }`,
            );
        }
        const farm = idleInvitees(list, now);
        if (farm) {
          add(
            inviterId,
            'idle-invitees',
            `${farm.idle} of ${farm.invitees} invitees a day old or more acted at most once (${farm.once} once, ${farm.never} never)`,
          );
          for (const id of farm.ids)
            add(id, 'idle-invitees', `one of ${farm.idle} invitees of ${inviterId} that acted at most once`);
        }
      }
      const minHours = Math.ceil(SUSPICION.sleeplessActiveShare * SUSPICION.sleeplessHours);
      const hourly = await ledgerReads.activeHours(
        db,
        new Date(now - SUSPICION.sleepWindowMs),
        SUSPICION.automaticKinds,
        minHours,
      );
      for (const { userId, hours } of hourly) {
        const stretch = longestAwakeStretch(hours);
        if (!sleepless(stretch)) continue;
        const from = new Date(stretch.fromHour * 3_600_000).toISOString().slice(0, 13);
        add(
          userId,
          'no-sleep',
          `active in ${stretch.activeHours} of ${spanHours(stretch)} hours from ${from}:00 UTC without a pause of ${SUSPICION.sleepPauseHours} hours (longest pause ${stretch.longestPauseHours} h)`,
        );
      }
      const scored = await recentScoredGames(db, since, SUSPICION.moleMinGames);
      for (const [userId, list] of groupBy(scored, (g) => g.userId)) {
        const capped = moleAtCap(list);
        if (capped)
          add(
            userId,
            'mole-cap',
            `${capped.atCap} of ${capped.games} mole games at the ${GAME_REWARD_CAP}-coin reward cap, results a median ${Math.round(capped.medianElapsedMs / 1000)} s after the start (a full game ends after ${FULL_GAME_MS / 1000} s)`,
          );
        if (alwaysNearBound(list))
          add(
            userId,
            'mole-bound',
            `all ${list.length} mole games within ${Math.round((1 - SUSPICION.moleNearBound) * 100)}% of the highest possible score`,
          );
      }
      const wallets = await addressPatternGroups(
        db,
        SUSPICION.walletPatternChars,
        SUSPICION.walletMinPlayers,
      );
      for (const [pattern, list] of groupBy(wallets, (w) => walletPattern(w.address))) {
        if (list.length < SUSPICION.walletMinPlayers) continue;
        for (const w of list)
          add(w.userId, 'wallet-pattern', `one of ${list.length} players on wallet pattern ${pattern}`);
      }
      const names = new Map((await repo.playerNames(db, [...found.keys()])).map((n) => [n.id, n]));
      const suspects = [...found]
        .flatMap(([id, f]) => {
          const name = names.get(id);
          if (!name) return [];
          return [
            {
              id,
              firstName: neutraliseName(name.firstName),
              username: name.username,
              bannedAt: ms(name.bannedAt),
              rules: [...f.rules],
              evidence: f.evidence,
            },
          ];
        })
        .sort((a, b) => b.rules.length - a.rules.length || a.id - b.id);
      const thresholds: AdminSuspicionResponse['thresholds'] = {};
      for (const [k, v] of Object.entries(SUSPICION))
        thresholds[k] = Array.isArray(v) ? [...(v as string[])] : (v as number);
      return { suspects, thresholds };
    },
  };
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}
