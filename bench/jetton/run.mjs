// `npm run bench:jetton`: the airdrop's Merkle tree and the claim's cost.
//
// Builds the TEP-177 tree of 1,000,000 wallets (BENCH_ENTRIES to change) and prints its build
// time, the memory it holds (process.memoryUsage, before and after), the dump's size, and a proof's
// size and time. Then, in the TON emulator (@ton/sandbox), deploys the jetton on that root and
// claims with proofs from it: gas (compute phase) and fees (transaction.totalFees) of each
// transaction of a claim, and of an ordinary transfer afterwards. Prints one JSON object.
import { Buffer } from 'node:buffer';
import { performance } from 'node:perf_hooks';
import { Address, Cell, toNano } from '@ton/core';
import { Blockchain } from '@ton/sandbox';
import { claimMessages, jettonCode, transferBody } from '../../packages/jetton/src/contracts.ts';
import { deploySandboxJetton, gasUsed, sendTonConnect } from '../../packages/jetton/src/testing.ts';
import {
  airdropProof,
  buildAirdropTree,
  customPayloadResponse,
  dumpAirdropTree,
  verifyAirdropProof,
} from '../../packages/jetton/src/tree.ts';

const ENTRIES = Number(process.env.BENCH_ENTRIES || 1_000_000);
const NOW = 1_800_000_000;
const log = (...a) => console.error('[bench/jetton]', ...a);
const mib = (bytes) => Math.round((bytes / 2 ** 20) * 10) / 10;
const memory = () => {
  const m = process.memoryUsage();
  return {
    rssMiB: mib(m.rss),
    heapUsedMiB: mib(m.heapUsed),
    externalMiB: mib(m.external),
    arrayBuffersMiB: mib(m.arrayBuffers),
  };
};

// Players with deterministic pseudo-random addresses; the emulator's wallets among them.
const blockchain = await Blockchain.create();
blockchain.now = NOW;
const claimers = [];
for (let i = 0; i < 3; i++) claimers.push(await blockchain.treasury(`claimer-${i}`));
const hashOf = (i) => {
  const buffer = Buffer.alloc(32);
  let x = BigInt(i + 1) * 0x9e3779b97f4a7c15n;
  for (let j = 0; j < 4; j++) {
    x = (x * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
    buffer.writeBigUInt64BE(x, j * 8);
  }
  return buffer;
};
const entries = [];
for (let i = 0; i < ENTRIES - claimers.length; i++) {
  entries.push({
    address: new Address(0, hashOf(i)),
    amount: BigInt(1 + (i % 100_000)) * 1_000_000_000n,
    startFrom: NOW - 3600,
    expiredAt: NOW + 30 * 86_400,
  });
}
for (const claimer of claimers) {
  entries.push({
    address: claimer.address,
    amount: 1_000_000_000_000n,
    startFrom: NOW - 3600,
    expiredAt: NOW + 86_400,
  });
}

globalThis.gc?.();
const before = memory();
log(`building a tree of ${entries.length} entries`);
// Wall time on a shared machine depends on its load: the process's CPU time is printed beside it.
const cpuMs = (since) => {
  const used = process.cpuUsage(since);
  return Math.round((used.user + used.system) / 1000);
};
let started = performance.now();
let cpu = process.cpuUsage();
const tree = buildAirdropTree(entries);
const buildMs = Math.round(performance.now() - started);
const buildCpuMs = cpuMs(cpu);
globalThis.gc?.();
const after = memory();
started = performance.now();
cpu = process.cpuUsage();
const dump = dumpAirdropTree(tree);
const dumpMs = Math.round(performance.now() - started);
const dumpCpuMs = cpuMs(cpu);

// Proofs: time per proof over a sample, and the size of one.
const sample = entries.filter((_, i) => i % Math.max(1, Math.floor(entries.length / 1000)) === 0);
started = performance.now();
cpu = process.cpuUsage();
for (const entry of sample) airdropProof(tree, entry.address);
const proofMs = (performance.now() - started) / sample.length;
const proofCpuMs = cpuMs(cpu) / sample.length;
const proof = airdropProof(tree, claimers[0].address);
if (!verifyAirdropProof(proof, tree.root, claimers[0].address)) throw new Error('The proof does not verify');
const countCells = (cell, seen = new Set()) => {
  const key = cell.hash().toString('hex');
  if (seen.has(key)) return 0;
  seen.add(key);
  return 1 + cell.refs.reduce((sum, ref) => sum + countCells(ref, seen), 0);
};

// The claim in the emulator, against the 1,000,000-entry root.
log('claiming in the emulator');
const code = await jettonCode();
const jetton = await deploySandboxJetton({
  blockchain,
  merkleRoot: tree.root,
  totalSupply: 10n ** 18n,
  now: NOW,
});
const describe = (transactions) =>
  transactions.slice(1).map((tx) => ({
    on: tx.inMessage.info.dest.equals(claimers[0].address) ? 'owner' : 'jetton wallet',
    gasUsed: Number(gasUsed(tx)),
    totalFeesTon: Number(tx.totalFees.coins) / 1e9,
  }));
const claims = [];
for (const claimer of claimers) {
  const served = customPayloadResponse(tree, claimer.address, {
    minter: jetton.minter,
    walletCode: code.wallet,
  });
  const messages = claimMessages({
    owner: claimer.address,
    minter: jetton.minter,
    merkleRoot: tree.root,
    walletCode: code.wallet,
    proofPayload: Cell.fromBoc(Buffer.from(served.custom_payload, 'base64'))[0],
  });
  const tonBefore = await claimer.getBalance();
  const transactions = await sendTonConnect(claimer, messages);
  const balance = (await jetton.walletData(claimer.address))?.balance;
  if (balance !== 1_000_000_000_000n) throw new Error(`Claim failed: ${balance}`);
  const claim = transactions[1];
  claims.push({
    claimGasUsed: Number(gasUsed(claim)),
    claimTotalFeesTon: Number(claim.totalFees.coins) / 1e9,
    chainTotalFeesTon: transactions.slice(1).reduce((sum, tx) => sum + Number(tx.totalFees.coins), 0) / 1e9,
    tonSpentByPlayer: Number(tonBefore - (await claimer.getBalance())) / 1e9,
    messageBytes:
      Buffer.from(messages[0].payload, 'base64').length + Buffer.from(messages[0].stateInit, 'base64').length,
  });
  if (claims.length === 1) claims[0].transactions = describe(transactions);
}
const transfer = await claimers[0].send({
  to: jetton.walletOf(claimers[0].address),
  value: toNano('0.1'),
  body: transferBody({
    amount: 1_000n,
    destination: claimers[1].address,
    responseDestination: claimers[0].address,
    forwardTonAmount: toNano('0.01'),
  }),
});

console.log(
  JSON.stringify(
    {
      entries: entries.length,
      tree: {
        buildMs,
        buildCpuMs,
        memoryBefore: before,
        memoryAfter: after,
        heapHeldMiB: Math.round((after.heapUsedMiB - before.heapUsedMiB) * 10) / 10,
        root: tree.rootHex,
        dumpBytes: dump.length,
        dumpMs,
        dumpCpuMs,
      },
      proof: {
        bytes: proof.toBoc().length,
        cells: countCells(proof),
        depth: proof.depth(),
        msPerProof: Math.round(proofMs * 1000) / 1000,
        cpuMsPerProof: Math.round(proofCpuMs * 1000) / 1000,
      },
      claim: claims,
      transferAfterClaim: transfer.transactions.slice(1).map((tx) => ({
        gasUsed: Number(gasUsed(tx)),
        totalFeesTon: Number(tx.totalFees.coins) / 1e9,
      })),
    },
    null,
    2,
  ),
);
