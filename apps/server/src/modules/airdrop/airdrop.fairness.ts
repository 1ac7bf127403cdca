import type { AllocationRule } from '@egg-rush/game/allocation-rule';
import type { Deps } from '../../lib/deps.ts';
import type { AllocationsPort } from '../fairness/index.ts';
import { findExclusion, newestDraft, publishedAllocation, walletsOfPlayers } from './airdrop.repository.ts';
import { liftExclusion } from './airdrop.service.ts';

/**
 * What the fairness module reads and changes of the allocations (its AllocationsPort), given to
 * it at start-up (bootstrap.ts): the airdrop reads the fairness module, not the other way round.
 */
export function allocationsPort(deps: Deps): AllocationsPort {
  const { db } = deps.database;
  // The published allocation never changes once found: kept after the first read.
  let published: { at: number; rule: AllocationRule | null } | undefined;
  return {
    async published() {
      if (!published) {
        const a = await publishedAllocation(db);
        if (a)
          published = { at: a.publishedAt?.getTime() ?? a.createdAt.getTime(), rule: a.params.rule ?? null };
      }
      return published ?? null;
    },
    async newestDraft() {
      const draft = await newestDraft(db);
      return draft ? { id: draft.id, total: BigInt(draft.total) } : null;
    },
    walletsOf: (id, playerIds) => walletsOfPlayers(db, id, playerIds),
    excludedAlone: async (playerId) => (await findExclusion(db, playerId)) !== undefined,
    exclusionReason: async (playerId) => (await findExclusion(db, playerId))?.reason ?? null,
    include: (tx, change) => liftExclusion(tx, change),
  };
}
