import type {
  AdminConfigDraftBody,
  AdminConfigDraftResponse,
  AdminConfigResponse,
  AdminConfigSimulateResponse,
  AdminConfigVersionsResponse,
  ConfigResponse,
} from '@egg-rush/contract/game-config';
import { checkConfig, DEFAULT_CONFIG, type GameConfig } from '@egg-rush/game/config';
import { simulateConfig } from '@egg-rush/game/config-simulate';
import type { Database, Tx } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import {
  findVersion,
  history,
  insertPublication,
  insertVersion,
  latestPublication,
  seedFirstVersion,
} from './config.repository.ts';

/** The reason stored with version 1. */
export const FIRST_VERSION_REASON = 'Version 1: the game as launched';

/**
 * How often a process looks for a newer publication (ms of the game clock): one cheap read of the
 * latest publication's id a second at most, so every process pays the new values within a second
 * or two of a publish; the process that published reads them at once.
 */
export const CONFIG_CHECK_MS = 1_000;

/** An audit row (modules/admin's table, written through app.recordAudit: admin reads modules that read this one). */
export interface AuditEntry {
  adminId: number;
  action: string;
  target: string;
  reason: string;
  before: unknown;
  after: unknown;
  createdAt: Date;
}
export type RecordAudit = (tx: Tx, rows: AuditEntry[]) => Promise<void>;

export interface ActiveConfig {
  version: number;
  values: GameConfig;
  reason: string;
  publishedBy: number | null;
  publishedAt: number;
}

interface Cached {
  checkedAt: number;
  publicationId: number;
  active: ActiveConfig;
}
const caches = new WeakMap<Database, Cached>();
const loading = new WeakMap<Database, Promise<Cached>>();

async function load(deps: Deps, known: Cached | undefined, now: number): Promise<Cached> {
  const { db } = deps.database;
  let publication = await latestPublication(db);
  if (!publication) {
    await deps.database.transaction((tx) => seedFirstVersion(tx, DEFAULT_CONFIG, FIRST_VERSION_REASON));
    publication = await latestPublication(db);
    if (!publication) throw new Error('configuration not seeded');
  }
  if (known && known.publicationId === publication.id) return { ...known, checkedAt: now };
  const row = await findVersion(db, publication.version);
  if (!row) throw new Error(`configuration version ${publication.version} missing`);
  return {
    checkedAt: now,
    publicationId: publication.id,
    active: {
      version: row.version,
      values: row.values,
      reason: publication.reason,
      publishedBy: publication.publishedBy,
      publishedAt: publication.publishedAt.getTime(),
    },
  };
}

/**
 * The active configuration, as every rule must read it: this process's copy, checked against the
 * database at most every CONFIG_CHECK_MS. Version 1 (DEFAULT_CONFIG) is stored on first use.
 */
export async function activeConfig(deps: Deps): Promise<ActiveConfig> {
  const now = deps.now();
  const cached = caches.get(deps.database);
  if (cached && Math.abs(now - cached.checkedAt) < CONFIG_CHECK_MS) return cached.active;
  const pending = loading.get(deps.database);
  if (pending) return (await pending).active;
  const next = load(deps, cached, now);
  loading.set(deps.database, next);
  try {
    const fresh = await next;
    caches.set(deps.database, fresh);
    return fresh.active;
  } finally {
    loading.delete(deps.database);
  }
}

/** A configuration version and its values. */
export interface VersionValues {
  version: number;
  values: GameConfig;
}

/** Stored versions read in this process, by number: a version never changes once stored. */
const STORED_KEPT = 64;
const stored = new WeakMap<Database, Map<number, Promise<VersionValues | undefined>>>();

/** A stored version's values (undefined: no such version), read once per process. */
export function storedConfig(deps: Deps, version: number): Promise<VersionValues | undefined> {
  let byVersion = stored.get(deps.database);
  if (!byVersion) stored.set(deps.database, (byVersion = new Map()));
  const known = byVersion.get(version);
  if (known) return known;
  const read = findVersion(deps.database.db, version).then((row) =>
    row ? { version: row.version, values: row.values } : undefined,
  );
  // The oldest read first out past the bound; a failed read or a missing version is not kept.
  if (byVersion.size >= STORED_KEPT) byVersion.delete(byVersion.keys().next().value as number);
  byVersion.set(version, read);
  const forgetMiss = () => {
    if (byVersion.get(version) === read) byVersion.delete(version);
  };
  read.then((found) => found ?? forgetMiss(), forgetMiss);
  return read;
}

/**
 * The version a player is paid by when it is not the active one (an A/B test's variant), null
 * otherwise: modules/experiments' answer, registered at start-up (bootstrap.ts wireModules), since
 * that module reads this one (the variants' versions).
 */
export type PlayerVersion = (deps: Deps, userId: number) => Promise<number | null>;
let playerVersion: PlayerVersion | undefined;
export function playerVersionsFrom(resolver: PlayerVersion): void {
  playerVersion = resolver;
}

/**
 * The configuration a player is paid by: their experiment variant's version while it runs, else
 * the active one (and the active one for no player).
 */
export async function playerConfig(deps: Deps, userId?: number): Promise<VersionValues> {
  const active = await activeConfig(deps);
  if (userId === undefined || !playerVersion) return active;
  const version = await playerVersion(deps, userId);
  if (version === null || version === active.version) return active;
  return (await storedConfig(deps, version)) ?? active;
}

/** The values the rules take: the player's (playerConfig) when one is named, else the active version's. */
export const gameConfig = async (deps: Deps, userId?: number): Promise<GameConfig> =>
  (await playerConfig(deps, userId)).values;

/** A publish in this process: read again at once. */
const forget = (deps: Deps) => caches.delete(deps.database);

/** Values checked against every bound: 400 naming each broken one, nothing stored. */
function checked(values: unknown): GameConfig {
  const check = checkConfig(values);
  if (!check.ok)
    throw badRequest(
      `The configuration breaks ${check.errors.length} bound${check.errors.length === 1 ? '' : 's'}: ${check.errors
        .map((e) => `${e.path} ${e.message}`)
        .join('; ')}`,
    );
  return check.config;
}

export function createConfigService(deps: Deps, insertAudit: RecordAudit) {
  return {
    /** GET /config: the version the player is paid by (the active one, or their experiment variant's). */
    async forPlayer(userId: number): Promise<ConfigResponse> {
      const { version, values } = await playerConfig(deps, userId);
      return { version, values };
    },

    async active(): Promise<AdminConfigResponse> {
      return { active: await activeConfig(deps) };
    },

    async simulate(values: unknown): Promise<AdminConfigSimulateResponse> {
      const draft = checked(values);
      return { simulation: simulateConfig(draft, await gameConfig(deps)) };
    },

    /** A draft: stored as a new (immutable) version, not yet published; audited. */
    async draft(adminId: number, body: AdminConfigDraftBody): Promise<AdminConfigDraftResponse> {
      const values = checked(body.values);
      const active = await activeConfig(deps);
      const at = new Date(deps.now());
      const saved = await deps.database.transaction(async (tx) => {
        const row = await insertVersion(tx, {
          values,
          reason: body.reason,
          createdBy: adminId,
          createdAt: at,
        });
        await insertAudit(tx, [
          {
            adminId,
            action: 'config.draft',
            target: `config:${row.version}`,
            reason: body.reason,
            before: { version: active.version },
            after: { version: row.version, values },
            createdAt: at,
          },
        ]);
        return row;
      });
      return { draft: { version: saved.version }, simulation: simulateConfig(values, active.values) };
    },

    /** Publishing a version (a new draft or an older one again): the next call of every rule pays it; audited. */
    async publish(adminId: number, version: number, reason: string) {
      const before = await activeConfig(deps);
      const at = new Date(deps.now());
      await deps.database.transaction(async (tx) => {
        const row = await findVersion(tx, version);
        if (!row) throw notFound('No such configuration version.');
        // Stored values are checked again: a version only becomes active within today's bounds.
        checked(row.values);
        await insertPublication(tx, { version, reason, publishedBy: adminId, publishedAt: at });
        await insertAudit(tx, [
          {
            adminId,
            action: 'config.publish',
            target: `config:${version}`,
            reason,
            before: { version: before.version },
            after: { version },
            createdAt: at,
          },
        ]);
      });
      forget(deps);
      return { active: { version: (await activeConfig(deps)).version } };
    },

    async versions(): Promise<AdminConfigVersionsResponse> {
      const active = await activeConfig(deps);
      const { versions, publications } = await history(deps.database.db, 100);
      return {
        versions: versions.map((v) => ({
          version: v.version,
          reason: v.reason,
          createdBy: v.createdBy,
          createdAt: v.createdAt.getTime(),
          active: v.version === active.version,
          publications: publications
            .filter((p) => p.version === v.version)
            .map((p) => ({
              reason: p.reason,
              publishedBy: p.publishedBy,
              publishedAt: p.publishedAt.getTime(),
            })),
        })),
      };
    },
  };
}
