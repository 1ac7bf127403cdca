// The module's public surface: what other modules and the app may import (lint enforces it).
export { WALLET_VERSIONS, walletVersionOfCodeHash } from './wallet-codes.ts';
