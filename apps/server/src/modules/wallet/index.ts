// The module's public surface: what other modules and the app may import (lint enforces it).
export { WALLET_VERSIONS, walletVersionOfCodeHash } from './wallet-codes.ts';
export {
  addressPatternGroups,
  addressPrefixOwners,
  walletAtSql,
  walletBoundSql,
  walletOf,
  walletsOf,
} from './wallet.repository.ts';
export { followBinds } from './wallet.service.ts';
export type { BindFollower, WalletBind } from './wallet.service.ts';
