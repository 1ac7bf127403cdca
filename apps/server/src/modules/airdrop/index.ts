// The module's public surface: what other modules and the app may import (lint enforces it).
export { startClaimConfirmJob } from './airdrop.confirm.ts';
export { createAirdropService } from './airdrop.service.ts';
