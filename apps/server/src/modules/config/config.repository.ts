import { desc, eq, sql } from 'drizzle-orm';
import type { GameConfig } from '@egg-rush/game/config';
import type { Tx } from '../../db/client.ts';
import { configPublications, configVersions } from './config.schema.ts';

export type VersionRow = typeof configVersions.$inferSelect;
export type PublicationRow = typeof configPublications.$inferSelect;

/** The latest publication (the active version's), if any. */
export async function latestPublication(tx: Tx): Promise<PublicationRow | undefined> {
  const [row] = await tx.select().from(configPublications).orderBy(desc(configPublications.id)).limit(1);
  return row;
}

export async function findVersion(tx: Tx, version: number): Promise<VersionRow | undefined> {
  const [row] = await tx.select().from(configVersions).where(eq(configVersions.version, version));
  return row;
}

export async function insertVersion(
  tx: Tx,
  row: { values: GameConfig; reason: string; createdBy: number; createdAt: Date },
): Promise<VersionRow> {
  const [saved] = await tx.insert(configVersions).values(row).returning();
  if (!saved) throw new Error('configuration version not inserted');
  return saved;
}

export async function insertPublication(
  tx: Tx,
  row: { version: number; reason: string; publishedBy: number | null; publishedAt: Date },
): Promise<PublicationRow> {
  const [saved] = await tx.insert(configPublications).values(row).returning();
  if (!saved) throw new Error('configuration publication not inserted');
  return saved;
}

/**
 * Version 1 (`values`, today's game) stored and published when no version exists. Safe to run
 * from several processes at once: the version's key and the publication's check keep one of each.
 */
export async function seedFirstVersion(tx: Tx, values: GameConfig, reason: string): Promise<void> {
  const inserted = await tx
    .insert(configVersions)
    .values({ version: 1, values, reason })
    .onConflictDoNothing({ target: configVersions.version })
    .returning({ version: configVersions.version });
  if (inserted.length > 0)
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('config_versions', 'version'), (select max(version) from config_versions))`,
    );
  await tx.execute(
    sql`insert into config_publications (version, reason) select 1, ${reason} where not exists (select 1 from config_publications)`,
  );
}

/** Every version, newest first, and every publication, newest first (the console's history). */
export async function history(
  tx: Tx,
  limit: number,
): Promise<{ versions: VersionRow[]; publications: PublicationRow[] }> {
  const versions = await tx.select().from(configVersions).orderBy(desc(configVersions.version)).limit(limit);
  const publications = await tx
    .select()
    .from(configPublications)
    .orderBy(desc(configPublications.id))
    .limit(limit * 4);
  return { versions, publications };
}
