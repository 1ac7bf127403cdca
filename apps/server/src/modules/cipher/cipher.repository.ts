import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { cipherSolves, cipherWords } from './cipher.schema.ts';

export type CipherWordRow = typeof cipherWords.$inferSelect;
export type CipherSolveRow = typeof cipherSolves.$inferSelect;

/** The word an operator set for a game day, if any. */
export async function findSetWord(tx: Tx, day: number): Promise<CipherWordRow | undefined> {
  const [row] = await tx.select().from(cipherWords).where(eq(cipherWords.day, day));
  return row;
}

/** The words set for a day and the days after, earliest first (at most `limit`). */
export async function setWordsFrom(tx: Tx, day: number, limit: number): Promise<CipherWordRow[]> {
  return tx
    .select()
    .from(cipherWords)
    .where(gte(cipherWords.day, day))
    .orderBy(asc(cipherWords.day))
    .limit(limit);
}

/** Sets or replaces a day's word; the row as saved. */
export async function saveWord(tx: Tx, row: CipherWordRow): Promise<CipherWordRow> {
  const [saved] = await tx
    .insert(cipherWords)
    .values(row)
    .onConflictDoUpdate({
      target: cipherWords.day,
      set: { word: row.word, setBy: row.setBy, setAt: row.setAt },
    })
    .returning();
  if (!saved) throw new Error('cipher word not saved');
  return saved;
}

/** A player's cipher of a day, read without a lock. */
export async function findSolve(tx: Tx, userId: number, day: number): Promise<CipherSolveRow | undefined> {
  const [row] = await tx
    .select()
    .from(cipherSolves)
    .where(and(eq(cipherSolves.userId, userId), eq(cipherSolves.day, day)));
  return row;
}

/**
 * A player's cipher of a day, created when missing and locked until the transaction ends: two
 * answers of the same player that day are checked one after the other.
 */
export async function lockSolve(tx: Tx, userId: number, day: number): Promise<CipherSolveRow> {
  await tx.insert(cipherSolves).values({ userId, day }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(cipherSolves)
    .where(and(eq(cipherSolves.userId, userId), eq(cipherSolves.day, day)))
    .for('update');
  if (!row) throw new Error('cipher row not created');
  return row;
}

/** Counts a wrong answer. */
export async function addWrong(tx: Tx, userId: number, day: number): Promise<void> {
  await tx
    .update(cipherSolves)
    .set({ wrong: sql`${cipherSolves.wrong} + 1` })
    .where(and(eq(cipherSolves.userId, userId), eq(cipherSolves.day, day)));
}

/** Marks the day's cipher solved. */
export async function markSolved(tx: Tx, userId: number, day: number, at: Date): Promise<void> {
  await tx
    .update(cipherSolves)
    .set({ solvedAt: at })
    .where(and(eq(cipherSolves.userId, userId), eq(cipherSolves.day, day)));
}
