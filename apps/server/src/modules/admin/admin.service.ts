import { neutraliseName } from '@egg-rush/game/names';
import { createHash } from 'node:crypto';
import type {
  AdminAdjustBody,
  AdminDashboardResponse,
  AdminLedgerResponse,
  AdminPlayerResponse,
  AdminPlayerSummary,
  AdminSnapshot,
  AdminSuspect,
  AdminSuspicionResponse,
  AdminTask,
  AdminTaskCreateBody,
  AdminTaskEditBody,
} from '@egg-rush/contract/admin';
import {
  ADJUST_DAY_LIMITS,
  ADJUST_KIND,
  ADJUST_LIMITS,
  isBuiltInTaskName,
  SNAPSHOT_MIN_COINS_DEFAULT,
  TASK_REWARD_LIMITS,
  taskLive,
  taskNameKey,
  taskRewardAllowed,
} from '@egg-rush/game/operator';
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
import type { Tx } from '../../db/client.ts';
import type { BanList } from '../../lib/bans.ts';
import type { Deps } from '../../lib/deps.ts';
import { badRequest, notFound, refused } from '../../lib/errors.ts';
import { flushScores, redisScores, leagueSets } from '../leaderboard/index.ts';
import { write } from '../ledger/index.ts';
import {
  findCatalogue,
  findCatalogueTask,
  insertCatalogueTask,
  updateCatalogueTask,
  type CatalogueRow,
} from '../tasks/index.ts';
import { recordBan, recordBans } from '../bans/index.ts';
import { adminLinkKey, readAdminLink, signAdminLink } from './admin-link.ts';
import * as repo from './admin.repository.ts';

const ms = (d: Date | null | undefined) => (d ? d.getTime() : null);
const DAY = 86_400_000;

export function summary(p: repo.PlayerRow): AdminPlayerSummary {
  return {
    id: p.id,
    username: p.username,
    firstName: neutraliseName(p.firstName),
    walletAddress: p.walletAddress,
    coins: p.onion,
    tickets: p.ticket,
    lifetimeCoins: p.totalScore,
    createdAt: p.createdAt.getTime(),
    seenAt: p.seenAt.getTime(),
    bannedAt: ms(p.bannedAt),
    banReason: p.banReason,
  };
}

const auditView = (r: repo.AuditRow) => ({
  id: r.id,
  adminId: r.adminId,
  action: r.action,
  target: r.target,
  reason: r.reason,
  before: r.before ?? null,
  after: r.after ?? null,
  createdAt: r.createdAt.getTime(),
});

const balances = (p: repo.PlayerRow) => ({ coins: p.onion, tickets: p.ticket, lifetimeCoins: p.totalScore });
const banState = (p: repo.PlayerRow) => ({ bannedAt: ms(p.bannedAt), banReason: p.banReason });

export function taskView(row: CatalogueRow, now: number): AdminTask {
  const schedule = { startsAt: ms(row.startsAt), endsAt: ms(row.endsAt), retiredAt: ms(row.retiredAt) };
  return {
    taskName: row.taskName,
    taskType: row.taskType as AdminTask['taskType'],
    dailyType: row.dailyType as AdminTask['dailyType'],
    title: row.title,
    description: row.description,
    reward: { amount: row.rewardAmount, type: row.rewardType as 'onion' | 'ticket' },
    link: row.link ?? '',
    position: row.position,
    ...schedule,
    live: taskLive(schedule, now),
  };
}

/** The export's text: CSV (one row per player, by id) or JSON; the SHA-256 covers these bytes. */
export const CSV_HEADER = 'user_id,wallet_address,lifetime_coins\n';
const csvLine = (r: { userId: number; walletAddress: string; coins: number }) =>
  `${r.userId},${r.walletAddress},${r.coins}\n`;
const jsonHead = (s: { id: number; takenAt: Date; minCoins: number }) =>
  `{"snapshot":${s.id},"takenAt":"${s.takenAt.toISOString()}","minCoins":${s.minCoins},"players":[`;
const jsonLine = (r: { userId: number; walletAddress: string; coins: number }, first: boolean) =>
  `${first ? '' : ','}{"userId":${r.userId},"wallet":${JSON.stringify(r.walletAddress)},"coins":${r.coins}}`;
const JSON_TAIL = ']}\n';

const SNAPSHOT_BATCH = 1_000;
/** A snapshot's instant lies at least this far back, so that every transaction before it has committed. */
export const SNAPSHOT_SETTLE_MS = 10_000;

export function createAdminService(deps: Deps, bans: BanList) {
  const { db } = deps.database;

  async function requirePlayer(tx: Tx, id: number) {
    const player = await repo.lockPlayer(tx, id);
    if (!player) throw notFound('Player not found.');
    return player;
  }

  async function afterBan(ids: readonly { id: number; totalScore: number }[], banned: boolean) {
    for (const { id } of ids) bans.changed(id, banned);
    if (!deps.redis) return;
    const board = redisScores(deps.redis);
    const leagues = leagueSets(deps.redis);
    try {
      if (banned) {
        // Totals committed before the ban and still waiting go out first, then come off.
        await flushScores(deps.redis);
        for (const { id } of ids) await board.remove(id);
        for (const { id } of ids) await leagues.remove(id);
      } else {
        const totals = ids.map((p) => ({ userid: p.id, totalScore: p.totalScore }));
        await board.record(totals);
        await leagues.record(totals);
      }
    } catch {
      // Redis down: the board is rebuilt from PostgreSQL (banned players left out) when it returns.
    }
  }

  return {
    players: async (q: string) => ({ players: (await repo.searchPlayers(db, q)).map(summary) }),

    async player(id: number): Promise<AdminPlayerResponse> {
      const p = await repo.findPlayer(db, id);
      if (!p) throw notFound('Player not found.');
      const [tree, played, tasks, audit] = await Promise.all([
        repo.referralTree(db, id),
        repo.recentGames(db, id),
        repo.taskRows(db, id),
        repo.auditRows(db, `player:${id}`, 50),
      ]);
      return {
        player: {
          ...summary(p),
          lastName: p.lastName,
          languageCode: p.languageCode,
          isPremium: p.isPremium,
          referrerId: p.referrerId,
          energy: p.energy,
          maxEnergy: p.maxEnergy,
          earnPerHour: p.earnPerHour,
          rewardStreak: p.rewardStreak,
          lastDailyDay: p.lastDailyDay,
        },
        referrals: tree.first.map((f) => ({
          id: f.id,
          firstName: neutraliseName(f.firstName),
          username: f.username,
          createdAt: f.createdAt.getTime(),
          bannedAt: ms(f.bannedAt),
          invited: tree.second
            .filter((s) => s.referrerId === f.id)
            .map((s) => ({
              id: s.id,
              firstName: neutraliseName(s.firstName),
              username: s.username,
              createdAt: s.createdAt.getTime(),
            })),
        })),
        games: played.map((g) => ({
          id: g.id,
          startedAt: g.startedAt.getTime(),
          finishedAt: ms(g.finishedAt),
          score: g.score,
          reward: g.reward,
        })),
        taskClaims: tasks.map((t) => ({
          taskName: t.taskName,
          period: t.period,
          claimed: t.claimed,
          updatedAt: t.updatedAt.getTime(),
        })),
        audit: audit.map(auditView),
      };
    },

    async ledger(id: number, before: number | undefined, limit: number): Promise<AdminLedgerResponse> {
      const rows = await repo.ledgerPage(db, id, before, limit);
      return {
        rows: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          deltaOnion: r.deltaOnion,
          deltaTicket: r.deltaTicket,
          ref: r.ref,
          createdAt: r.createdAt.getTime(),
        })),
        next: rows.length === limit ? rows[rows.length - 1]!.id : null,
      };
    },

    /** Coins and tickets added or taken by an operator: a ledger row of its own kind, and an audit row. */
    async adjust(adminId: number, id: number, body: AdminAdjustBody) {
      if (Math.abs(body.coins) > ADJUST_LIMITS.coins || Math.abs(body.tickets) > ADJUST_LIMITS.tickets)
        throw badRequest(
          `An adjustment moves at most ${ADJUST_LIMITS.coins} coins and ${ADJUST_LIMITS.tickets} tickets.`,
          'ADJUST_TOO_LARGE',
        );
      const at = new Date(deps.now());
      return write(deps, async (tx, fx) => {
        const before = await requirePlayer(tx, id);
        const moved = { coins: Math.abs(body.coins), tickets: Math.abs(body.tickets) };
        const day = await repo.addToAdjustDay(
          tx,
          adminId,
          Math.floor(at.getTime() / DAY),
          moved,
          ADJUST_DAY_LIMITS,
        );
        if (!day)
          throw refused(
            'ADJUST_DAY_LIMIT',
            `An operator moves at most ${ADJUST_DAY_LIMITS.coins} coins and ${ADJUST_DAY_LIMITS.tickets} tickets a day.`,
          );
        const after = await repo.adjustBalances(tx, id, body.coins, body.tickets);
        if (!after) throw refused('NEGATIVE_BALANCE', 'This would leave the player with a negative balance.');
        fx.ledger({
          userId: id,
          kind: ADJUST_KIND,
          deltaOnion: body.coins,
          deltaTicket: body.tickets,
          ref: `admin:${adminId}`,
          at,
        });
        await repo.insertAudit(tx, [
          {
            adminId,
            action: 'player.adjust',
            target: `player:${id}`,
            reason: body.reason,
            before: balances(before),
            after: { ...balances(after), operatorDay: day },
            createdAt: at,
          },
        ]);
        return { player: summary(after) };
      });
    },

    async ban(adminId: number, id: number, reason: string | null, banned: boolean) {
      const at = new Date(deps.now());
      const after = await deps.database.transaction(async (tx) => {
        const before = await requirePlayer(tx, id);
        const saved = await recordBan(tx, id, banned ? { at, reason: reason ?? '' } : null, {
          adminId,
          reason,
          at,
        });
        await repo.insertAudit(tx, [
          {
            adminId,
            action: banned ? 'player.ban' : 'player.unban',
            target: `player:${id}`,
            reason,
            before: banState(before),
            after: banState(saved!),
            createdAt: at,
          },
        ]);
        return saved!;
      });
      await afterBan([after], banned);
      return { player: summary(after) };
    },

    async banMany(adminId: number, ids: readonly number[], reason: string) {
      const at = new Date(deps.now());
      const done = await deps.database.transaction(async (tx) => {
        const rows = await recordBans(tx, [...new Set(ids)], at, reason, adminId);
        await repo.insertAudit(
          tx,
          rows.map((r) => ({
            adminId,
            action: 'player.ban',
            target: `player:${r.id}`,
            reason,
            before: { bannedAt: null, banReason: null },
            after: { bannedAt: at.getTime(), banReason: reason },
            createdAt: at,
          })),
        );
        return rows;
      });
      await afterBan(done, true);
      return { banned: done.length };
    },

    async resetStreak(adminId: number, id: number, reason: string) {
      const at = new Date(deps.now());
      const after = await deps.database.transaction(async (tx) => {
        const before = await requirePlayer(tx, id);
        const saved = (await repo.resetStreak(tx, id))!;
        await repo.insertAudit(tx, [
          {
            adminId,
            action: 'player.reset-streak',
            target: `player:${id}`,
            reason,
            before: { rewardStreak: before.rewardStreak, lastDailyDay: before.lastDailyDay },
            after: { rewardStreak: saved.rewardStreak, lastDailyDay: saved.lastDailyDay },
            createdAt: at,
          },
        ]);
        return saved;
      });
      return { player: summary(after) };
    },

    audit: async (target: string | undefined, limit: number) => ({
      rows: (await repo.auditRows(db, target, limit)).map(auditView),
    }),

    // --- Tasks ---------------------------------------------------------------------------------

    async tasks() {
      const now = deps.now();
      return {
        tasks: (await findCatalogue(db)).map((r) => taskView(r, now)),
        limits: { ...TASK_REWARD_LIMITS },
      };
    },

    async createTask(adminId: number, body: AdminTaskCreateBody) {
      checkReward(body.reward);
      checkSchedule(body.startsAt, body.endsAt);
      if (isBuiltInTaskName(body.taskName))
        throw refused('TASK_NAME_RESERVED', "This name is one of the game's own tasks.");
      const at = new Date(deps.now());
      const row = await deps.database.transaction(async (tx) => {
        const key = taskNameKey(body.taskName);
        if ((await findCatalogue(tx)).some((task) => taskNameKey(task.taskName) === key))
          throw refused('TASK_EXISTS', 'A task with this name exists already.');
        const saved = await insertCatalogueTask(tx, {
          taskName: body.taskName,
          taskType: body.taskType,
          dailyType: body.dailyType,
          title: body.title,
          description: body.description,
          rewardAmount: body.reward.amount,
          rewardType: body.reward.type,
          link: body.link,
          position: body.position,
          startsAt: body.startsAt === null ? null : new Date(body.startsAt),
          endsAt: body.endsAt === null ? null : new Date(body.endsAt),
          updatedAt: at,
        });
        if (!saved) throw refused('TASK_EXISTS', 'A task with this name exists already.');
        await repo.insertAudit(tx, [
          { adminId, action: 'task.create', target: `task:${body.taskName}`, after: saved, createdAt: at },
        ]);
        return saved;
      });
      return { task: taskView(row, deps.now()) };
    },

    async editTask(adminId: number, taskName: string, body: AdminTaskEditBody, retire = false) {
      if (body.reward) checkReward(body.reward);
      const at = new Date(deps.now());
      const row = await deps.database.transaction(async (tx) => {
        const before = await findCatalogueTask(tx, taskName);
        if (!before) throw notFound('Task not found.');
        const startsAt = body.startsAt === undefined ? ms(before.startsAt) : body.startsAt;
        const endsAt = body.endsAt === undefined ? ms(before.endsAt) : body.endsAt;
        checkSchedule(startsAt, endsAt);
        const saved = await updateCatalogueTask(tx, taskName, {
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.link !== undefined ? { link: body.link } : {}),
          ...(body.position !== undefined ? { position: body.position } : {}),
          ...(body.reward ? { rewardAmount: body.reward.amount, rewardType: body.reward.type } : {}),
          startsAt: startsAt === null ? null : new Date(startsAt),
          endsAt: endsAt === null ? null : new Date(endsAt),
          ...(retire ? { retiredAt: before.retiredAt ?? at } : {}),
          updatedAt: at,
        });
        await repo.insertAudit(tx, [
          {
            adminId,
            action: retire ? 'task.retire' : 'task.edit',
            target: `task:${taskName}`,
            before,
            after: saved,
            createdAt: at,
          },
        ]);
        return saved!;
      });
      return { task: taskView(row, deps.now()) };
    },

    // --- Suspicion -----------------------------------------------------------------------------

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
      for (const p of await repo.tapCappedPlayers(db, since, capTaps, SUSPICION.tapCappedMinutes)) {
        if (!atTapCap(p.best)) continue;
        add(
          p.userId,
          'tap-pace',
          `${p.minutes} minutes at the tap-pace cap (${capTaps}+ taps a minute, best ${p.best})`,
        );
      }
      const invitees = await repo.recentInvitees(
        db,
        since,
        Math.min(SUSPICION.burstMinAccounts, SUSPICION.idleInviteesMin),
        SUSPICION.passiveKinds,
        SUSPICION.idleMaxActions + 1,
      );
      const byInviter = groupBy(invitees, (i) => i.inviterId);
      for (const [inviterId, list] of byInviter) {
        for (const burst of idleBursts(list)) {
          const minutes = Math.max(1, Math.round((burst.at(-1)!.joinedAt - burst[0]!.joinedAt) / 60_000));
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
      const hourly = await repo.activeHours(
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
      const scored = await repo.recentScoredGames(db, since, SUSPICION.moleMinGames);
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
      const wallets = await repo.walletPatternGroups(
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
        .filter(([id]) => names.has(id))
        .map(([id, f]) => ({
          id,
          firstName: neutraliseName(names.get(id)!.firstName),
          username: names.get(id)!.username,
          bannedAt: ms(names.get(id)!.bannedAt),
          rules: [...f.rules],
          evidence: f.evidence,
        }))
        .sort((a, b) => b.rules.length - a.rules.length || a.id - b.id);
      const thresholds: AdminSuspicionResponse['thresholds'] = {};
      for (const [k, v] of Object.entries(SUSPICION))
        thresholds[k] = Array.isArray(v) ? [...(v as string[])] : (v as number);
      return { suspects, thresholds };
    },

    // --- Airdrop snapshot ----------------------------------------------------------------------

    /**
     * Freezes the eligible players at `at`: read in batches of plain reads by id (no lock, no long
     * transaction, so play goes on), written to the snapshot's rows, hashed as exported.
     */
    async takeSnapshot(adminId: number, options: { at?: number | undefined; minCoins?: number | undefined }) {
      const now = deps.now();
      const at = Math.min(options.at ?? now - SNAPSHOT_SETTLE_MS, now - SNAPSHOT_SETTLE_MS);
      const minCoins = options.minCoins ?? SNAPSHOT_MIN_COINS_DEFAULT;
      const takenAt = new Date(at);
      const head = await repo.insertSnapshot(db, {
        takenAt,
        takenBy: adminId,
        minCoins,
        players: 0,
        totalCoins: 0,
        csvSha256: '',
        jsonSha256: '',
      });
      try {
        const csv = createHash('sha256').update(CSV_HEADER);
        const json = createHash('sha256').update(jsonHead({ id: head.id, takenAt, minCoins }));
        let players = 0;
        let total = 0;
        let after: number | null = 0;
        while (after !== null) {
          const batch = await repo.eligibleBatch(db, after, takenAt, minCoins, SNAPSHOT_BATCH);
          await repo.insertSnapshotRows(
            db,
            batch.rows.map((r) => ({ snapshotId: head.id, ...r })),
          );
          for (const r of batch.rows) {
            csv.update(csvLine(r));
            json.update(jsonLine(r, players === 0));
            players++;
            total += r.coins;
          }
          after = batch.last;
        }
        json.update(JSON_TAIL);
        const saved = await repo.updateSnapshot(db, head.id, {
          players,
          totalCoins: total,
          csvSha256: csv.digest('hex'),
          jsonSha256: json.digest('hex'),
        });
        await repo.insertAudit(db, [
          {
            adminId,
            action: 'snapshot.take',
            target: `snapshot:${head.id}`,
            after: snapshotView(saved),
            createdAt: new Date(now),
          },
        ]);
        return { snapshot: snapshotView(saved) };
      } catch (error) {
        await repo.deleteSnapshot(db, head.id).catch(() => undefined);
        throw error;
      }
    },

    snapshots: async () => ({ snapshots: (await repo.listSnapshots(db)).map(snapshotView) }),

    async latestSnapshot() {
      const [latest] = await repo.listSnapshots(db, 1);
      if (!latest) return { snapshot: null };
      const { takenBy: _takenBy, ...published } = snapshotView(latest);
      return { snapshot: published };
    },

    /** The export, byte for byte what the published SHA-256 covers. */
    async exportSnapshot(id: number, format: 'csv' | 'json'): Promise<string> {
      const snapshot = await repo.findSnapshot(db, id);
      if (!snapshot || snapshot.csvSha256 === '') throw notFound('Snapshot not found.');
      const parts: string[] = [format === 'csv' ? CSV_HEADER : jsonHead(snapshot)];
      let after = 0;
      let first = true;
      for (;;) {
        const rows = await repo.snapshotRowsAfter(db, id, after, SNAPSHOT_BATCH);
        for (const r of rows) {
          parts.push(format === 'csv' ? csvLine(r) : jsonLine(r, first));
          first = false;
        }
        if (rows.length < SNAPSHOT_BATCH) break;
        after = rows[rows.length - 1]!.userId;
      }
      if (format === 'json') parts.push(JSON_TAIL);
      return parts.join('');
    },

    // --- Dashboard -----------------------------------------------------------------------------

    async dashboard(): Promise<AdminDashboardResponse> {
      const now = deps.now();
      const today = new Date(Math.floor(now / DAY) * DAY);
      const passive = SUSPICION.passiveKinds;
      const [players, dailyActive, tapsPerHour, byKind, d1, d7] = await Promise.all([
        repo.playerCounts(db, today),
        repo.dailyActive(db, new Date(today.getTime() - 29 * DAY)),
        repo.tapsPerHour(db, new Date(now - DAY)),
        repo.ledgerByKind(db, new Date(now - 30 * DAY)),
        repo.retention(db, new Date(now - 2 * DAY), new Date(now - DAY), 1, passive),
        repo.retention(db, new Date(now - 8 * DAY), new Date(now - 7 * DAY), 7, passive),
      ]);
      const share = (r: { cohort: number; retained: number }) =>
        r.cohort === 0 ? null : r.retained / r.cohort;
      return {
        players,
        dailyActive,
        tapsPerHour,
        byKind,
        retention: { d1: share(d1), d7: share(d7), cohortD1: d1.cohort, cohortD7: d7.cohort },
        starsRevenue: null,
      };
    },

    // --- Sign-in links -------------------------------------------------------------------------

    /** A one-time sign-in secret for an operator (printed by `npm run admin:link`). */
    async createLink(adminId: number): Promise<string> {
      return createAdminLink(deps.env, adminId, deps.now());
    },

    /** The operator a link signs in, once: undefined when forged, expired, used or not an operator's. */
    async useLink(secret: string): Promise<number | undefined> {
      const now = deps.now();
      const link = readAdminLink(adminLinkKey(deps.env), secret, now);
      if (!link || !deps.env.adminIds.has(link.adminId)) return undefined;
      const used = await repo.useLink(db, {
        tokenHash: hashSecret(secret),
        adminId: link.adminId,
        expiresAt: new Date(link.expiresAt),
        usedAt: new Date(now),
      });
      return used ? link.adminId : undefined;
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;

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

/** A one-time sign-in secret for an operator in ADMIN_IDS; needs no database. */
export function createAdminLink(
  env: Parameters<typeof adminLinkKey>[0] & Pick<Deps['env'], 'adminIds'>,
  adminId: number,
  now: number,
): string {
  if (!env.adminIds.has(adminId)) throw badRequest(`${adminId} is not in ADMIN_IDS.`);
  return signAdminLink(adminLinkKey(env), adminId, now);
}

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

function snapshotView(s: repo.SnapshotRow): AdminSnapshot {
  return {
    id: s.id,
    takenAt: s.takenAt.getTime(),
    takenBy: s.takenBy,
    minCoins: s.minCoins,
    players: s.players,
    totalCoins: s.totalCoins,
    csvSha256: s.csvSha256,
    jsonSha256: s.jsonSha256,
  };
}

function checkReward(reward: { amount: number; type: 'onion' | 'ticket' }) {
  if (!taskRewardAllowed(reward.amount, reward.type))
    throw badRequest(
      `A task pays 1 to ${TASK_REWARD_LIMITS[reward.type]} ${reward.type === 'onion' ? 'coins' : 'tickets'}.`,
      'REWARD_OUT_OF_LIMITS',
    );
}

function checkSchedule(startsAt: number | null, endsAt: number | null) {
  if (startsAt !== null && endsAt !== null && endsAt <= startsAt)
    throw badRequest('A task must end after it starts.', 'BAD_SCHEDULE');
}
