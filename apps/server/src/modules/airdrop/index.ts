// The module's public surface: what other modules and the app may import (lint enforces it).
export { CLAIM_CONFIRM_JOB, registerClaimConfirmJob } from './airdrop.confirm.ts';
export { CLAIM_REMINDER_JOB, registerClaimReminderJob } from './airdrop.reminders.ts';
export { createAirdropService } from './airdrop.service.ts';
export { allocationsPort } from './airdrop.fairness.ts';
