import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database that each test file's database is copied from ('' on PGlite). */
    templateDatabase: string;
  }
}

/**
 * With DATABASE_URL set, the migrations run once, into a template database, rather than once per
 * test file: freshDatabase (helpers.ts) copies it, several times faster than migrating anew.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    project.provide('templateDatabase', '');
    return;
  }
  const name = `egg_template_${randomBytes(6).toString('hex')}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), dataDir: '' });
  await database.migrate();
  await database.close();
  project.provide('templateDatabase', name);
  return () => admin(`drop database if exists ${name} with (force)`);
}
