import { fuzzFamily, ledgerStillBalances } from './harness.ts';

// Fuzzing of the mole game routes (start and sealed result): the shared generators, checks and
// lifecycle are in ./harness.ts.

await fuzzFamily('play');
ledgerStillBalances();
