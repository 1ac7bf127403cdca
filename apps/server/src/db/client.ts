import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The Drizzle database, the same type on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations (idempotent). */
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  /**
   * Runs a fixed statement ($1, $2… parameters) under a name: PostgreSQL parses and plans it
   * once per connection instead of on every call. For the hottest writes.
   */
  prepared<T>(name: string, text: string, params: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** Committed migrations: apps/server/drizzle, found from src/db/ (sources) or dist/ (bundle). */
export const migrationsFolder = ['../../drizzle', '../drizzle']
  .map((path) => fileURLToPath(new URL(path, import.meta.url)))
  .find((dir) => existsSync(`${dir}/meta/_journal.json`)) as string;

/**
 * PostgreSQL when a URL is given, otherwise PGlite stored under `dataDir`
 * (or in memory when `dataDir` is 'memory://', for tests).
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 20 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      ping: () => ping(db),
      prepared: async <T>(name: string, text: string, values: unknown[]) =>
        (await pool.query({ name, text, values })).rows as T[],
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (options.dataDir.startsWith('memory://')) {
    client = new PGlite();
  } else {
    const dir = `${options.dataDir.replace(/\/$/, '')}/pglite`;
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: () => ping(db),
    prepared: async <T>(_name: string, text: string, values: unknown[]) =>
      (await client.query<T>(text, values)).rows,
    close: () => client.close(),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Rows of a raw SQL query (both drivers answer `{ rows }`). */
export async function queryRows<T>(tx: Tx, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
