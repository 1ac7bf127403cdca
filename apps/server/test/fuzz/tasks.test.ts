import { fuzzFamily, ledgerStillBalances } from './harness.ts';

// Fuzzing of the task, mining, friends and ranking routes: the shared generators, checks and
// lifecycle are in ./harness.ts.

await fuzzFamily('tasks');
ledgerStillBalances();
