import { createHash } from 'node:crypto';
import type { AdminSnapshot } from '@egg-rush/contract/admin';
import { SNAPSHOT_MIN_COINS_DEFAULT } from '@egg-rush/game/operator';
import type { Deps } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';
import * as repo from './admin.repository.ts';
import { insertAudit } from '../audit/index.ts';

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

/**
 * What follows a snapshot elsewhere (the fairness module's, wired by the routes): each batch of
 * rows as it is written (the rule's facts frozen as of the instant), and the snapshot once taken.
 */
export interface SnapshotHooks {
  rows?: (snapshotId: number, at: Date, userIds: readonly number[]) => Promise<void>;
  taken?: (snapshotId: number) => Promise<void>;
}

/** The airdrop's snapshots: taking one at an instant, listing them, the latest one published, and the exports their hashes cover. */
export function createSnapshotsAdmin(deps: Deps, hooks: SnapshotHooks = {}) {
  const { db } = deps.database;

  return {
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
          await hooks.rows?.(
            head.id,
            takenAt,
            batch.rows.map((r) => r.userId),
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
        await insertAudit(db, [
          {
            adminId,
            action: 'snapshot.take',
            target: `snapshot:${head.id}`,
            after: snapshotView(saved),
            createdAt: new Date(now),
          },
        ]);
        // A failure there does not undo the snapshot: its next read computes the clusters again.
        await hooks.taken?.(head.id).catch(() => undefined);
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
        const last = rows.at(-1);
        if (!last || rows.length < SNAPSHOT_BATCH) break;
        after = last.userId;
      }
      if (format === 'json') parts.push(JSON_TAIL);
      return parts.join('');
    },
  };
}

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
