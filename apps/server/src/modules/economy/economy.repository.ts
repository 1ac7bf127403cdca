import type { Database } from '../../db/client.ts';
import { applyTapBatches as applyAccountTaps, type TapBatch, type TapRow } from '../accounts/index.ts';
import { eventsPaidFrom } from '../events/index.ts';
import { tapTaskProgressSql } from '../tasks/index.ts';

export type { TapBatch, TapRow };

/**
 * What follows a tap batch in its statement: the tap and income events' running totals, and the
 * taps counted towards the daily tap task (as recordTaskProgress in modules/tasks does).
 */
const TAP_FOLLOWS = `, event_paid as (${eventsPaidFrom('(select ev, extra from upd union all select ev, extra from ie) as paid')}
    )${tapTaskProgressSql('upd')}`;

/**
 * Credits the tap batches of several players in one statement, one commit (modules/accounts
 * applyTapBatches), with what follows the taps.
 */
export const applyTapBatches = (database: Database, batches: readonly TapBatch[]) =>
  applyAccountTaps(database, batches, TAP_FOLLOWS);
