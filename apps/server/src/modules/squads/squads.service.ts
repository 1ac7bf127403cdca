import type { SquadBoardResponse, SquadPageResponse, SquadReply } from '@egg-rush/contract/squads';
import {
  checkSquadName,
  SQUAD_BOARD_SIZE,
  SQUAD_NAME_MAX,
  SQUAD_NAME_MIN,
  SQUAD_PAGE_MEMBERS,
  squadNameKey,
  squadStartParam,
} from '@egg-rush/game/squads';
import type { Database, Tx } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { badRequest, notFound, refused } from '../../lib/errors.ts';
import { findUser } from '../users/index.ts';
import { sharedRead } from '../../lib/shared-read.ts';
import { board, standingsOf, type RankedSquad } from './squads.board.ts';
import {
  allSquadScores,
  deleteMember,
  insertMember,
  insertSquad,
  lockedSquadKeys,
  setSquadKey,
  squadExists,
  squadIdOf,
  squadMembersOf,
  squadScore,
} from './squads.repository.ts';

export const ALREADY_IN_SQUAD = 'Leave your squad before joining another one.';
export const NOT_IN_SQUAD = 'You are not in a squad.';
export const SQUAD_NAME_TAKEN = 'This squad name is taken.';
const NAME_REFUSALS = {
  length: `A squad name has ${SQUAD_NAME_MIN} to ${SQUAD_NAME_MAX} characters.`,
  characters: "A squad name uses letters, digits, spaces and . _ ' - only.",
  profanity: 'Please choose another squad name.',
} as const;

/**
 * How long the standings of every squad are shared before they are computed again (per process):
 * a squad board read costs a lookup in them plus the caller's own squad, read fresh.
 */
export const SQUAD_STANDINGS_TTL_MS = 2_000;

const summary = (row: RankedSquad) => ({ ...row, startParam: squadStartParam(row.id) });

/**
 * Joins a squad from an invite link (`squad_<id>` start parameter), inside the login's
 * transaction: only a player in no squad joins; an unknown squad is ignored.
 */
export async function joinFromInvite(tx: Tx, userId: number, squadId: number, at: Date): Promise<void> {
  await insertMember(tx, userId, squadId, at);
}

/**
 * Stores each squad's name key as the current rule computes it (run at start, after the
 * migrations): keys written by an older rule would let a look-alike of an older squad's name
 * through. When two older squads now share a key, the older keeps it and the newer gets its id
 * appended, so it keeps its name and stays unique. Changes nothing when every key is current.
 */
export async function rekeySquadNames(database: Database): Promise<number> {
  return database.db.transaction(async (tx) => {
    const rows = await lockedSquadKeys(tx);
    const taken = new Set<string>();
    const changes: { id: number; key: string }[] = [];
    for (const row of rows) {
      const fresh = squadNameKey(row.name);
      const key = taken.has(fresh) ? `${fresh}#${row.id}` : fresh;
      taken.add(key);
      if (key !== row.nameKey) changes.push({ id: row.id, key });
    }
    // Through a key no name can have, so that no two rows hold one key at any moment.
    for (const { id } of changes) await setSquadKey(tx, id, `#rekey#${id}`);
    for (const { id, key } of changes) await setSquadKey(tx, id, key);
    return changes.length;
  });
}

export function createSquadsService(deps: Deps) {
  const { db } = deps.database;
  const standings = sharedRead(async () => standingsOf(await allSquadScores(db)), SQUAD_STANDINGS_TTL_MS);

  /** The board with the squad `own` as it is now (the others as the shared standings say). */
  async function boardWith(own: number | undefined, limit: number) {
    const [shared, fresh] = await Promise.all([
      standings.get(),
      own === undefined ? undefined : squadScore(db, own),
    ]);
    return board(shared, own, fresh, limit);
  }

  async function summaryOf(squadId: number | undefined) {
    if (squadId === undefined) return null;
    const { own } = await boardWith(squadId, 0);
    return own ? summary(own) : null;
  }

  return {
    async create(userId: number, rawName: string): Promise<SquadReply> {
      const check = checkSquadName(rawName);
      if (!check.ok)
        throw badRequest(
          NAME_REFUSALS[check.reason],
          check.reason === 'profanity' ? 'SQUAD_NAME_BLOCKED' : 'BAD_SQUAD_NAME',
        );
      const at = new Date(deps.now());
      const id = await deps.database.transaction(async (tx) => {
        if ((await squadIdOf(tx, userId)) !== undefined) throw refused('ALREADY_IN_SQUAD', ALREADY_IN_SQUAD);
        const squadId = await insertSquad(tx, check.name, squadNameKey(check.name), userId, at);
        if (squadId === undefined) throw refused('NAME_TAKEN', SQUAD_NAME_TAKEN);
        // Two creations at once: the member row (one per player) lets only one through.
        if (!(await insertMember(tx, userId, squadId, at)))
          throw refused('ALREADY_IN_SQUAD', ALREADY_IN_SQUAD);
        return squadId;
      });
      return { success: true, squad: await summaryOf(id) };
    },

    async join(userId: number, squadId: number): Promise<SquadReply> {
      const at = new Date(deps.now());
      await deps.database.transaction(async (tx) => {
        if (!(await squadExists(tx, squadId))) throw notFound('Squad not found.');
        if (!(await insertMember(tx, userId, squadId, at)))
          throw refused('ALREADY_IN_SQUAD', ALREADY_IN_SQUAD);
      });
      return { success: true, squad: await summaryOf(squadId) };
    },

    async leave(userId: number): Promise<SquadReply> {
      const left = await deps.database.transaction((tx) => deleteMember(tx, userId));
      if (left === undefined) throw refused('NOT_IN_SQUAD', NOT_IN_SQUAD);
      return { success: true, squad: null };
    },

    async board(userId: number): Promise<SquadBoardResponse> {
      const mine = await squadIdOf(db, userId);
      const { rows, own, total } = await boardWith(mine, SQUAD_BOARD_SIZE);
      return { ranking: rows.map(summary), totalSquads: total, mine: own ? summary(own) : null };
    },

    /** A squad's page (the caller's squad by default): its summary and members. */
    async page(userId: number, asked: number | undefined): Promise<SquadPageResponse> {
      if (!(await findUser(db, userId))) throw notFound('Player not found.');
      const mine = await squadIdOf(db, userId);
      const squadId = asked ?? mine;
      if (squadId === undefined) return { squad: null, members: [], member: false };
      const squad = await summaryOf(squadId);
      if (!squad) throw notFound('Squad not found.');
      const members = await squadMembersOf(db, squadId, SQUAD_PAGE_MEMBERS);
      return { squad, members, member: mine === squadId };
    },
  };
}
