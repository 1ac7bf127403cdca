import { fuzzFamily, ledgerStillBalances } from './harness.ts';

// Fuzzing of the economy routes (taps, regeneration, boosts, chests, spins, the daily check-in and
// the farm): the shared generators, checks and lifecycle are in ./harness.ts.

await fuzzFamily('economy');
ledgerStillBalances();
