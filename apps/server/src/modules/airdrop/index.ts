// The module's public surface: what other modules and the app may import (lint enforces it).
export { CLAIM_CONFIRM_JOB, registerClaimConfirmJob } from './airdrop.confirm.ts';
export { CLAIM_REMINDER_JOB, registerClaimReminderJob } from './airdrop.reminders.ts';
export { createAirdropService, liftExclusion } from './airdrop.service.ts';
// What the fairness module reads of the allocations (wired in its routes: it cannot import this
// module's service, which imports fairness).
export { findExclusion, newestDraft, publishedAllocation, walletsOfPlayers } from './airdrop.repository.ts';
