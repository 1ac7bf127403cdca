// The module's public surface: what other modules and the app may import (lint enforces it).
export { claimedKeys, claimOnce, hasClaimed } from './friends.repository.ts';
export { payReferralRewards } from './friends.service.ts';
