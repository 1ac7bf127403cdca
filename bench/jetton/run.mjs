// `npm run bench:jetton -- [count]`: the airdrop's Merkle tree at a size, and the claim's cost.
//
// Writes the TEP-177 tree of `count` wallets (default 1,000,000; or BENCH_ENTRIES) as the server
// does (packages/jetton/src/tree-file.ts: entries streamed in address order, cells hashed and
// written as they are finished, the dump and its index on disk), into a scratch directory removed
// afterwards. Prints one JSON object: the build's time (wall and CPU), the peak RSS, the dump's
// size and the time to assemble it, opening the files (what a restart costs), and the time of a
// proof (lookup and the claim payload's BOC, as the TEP-177 endpoint serializes it) at p50/p99 over
// a sample of wallets, the claim's transfer body written the same way (as the player's own claim
// builds its messages), and the proof as an @ton/core cell (what both cost before).
// Then, in the TON emulator (@ton/sandbox), deploys the jetton on that root and claims with
// proofs served from the files: gas and fees of each transaction of a claim, and of an ordinary
// transfer afterwards (BENCH_CLAIM=0 leaves the emulator out).
//
// The wallets are pseudo-random and generated in address order, descending as the server reads
// them: the first 48 bits of each hash are a Poisson process over [0, 2^48) (the order statistics
// of uniform draws), the other 208 bits random; the emulator's three claimers are merged in at
// their place. Generating them costs time
// of its own: it is measured alone first (`generateMs`) and `buildMs` is the whole, generation
// included.
import { Buffer } from 'node:buffer';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Address, Cell, toNano } from '@ton/core';
import { Blockchain } from '@ton/sandbox';
import { claimMessages, claimTransferHead, jettonCode, transferBody } from '@egg-rush/jetton/contracts';
import { deploySandboxJetton, gasUsed, sendTonConnect } from '@egg-rush/jetton/testing';
import { customPayloadResponse, verifyAirdropProof } from '@egg-rush/jetton/tree';
import { AirdropTreeFile, AirdropTreeWriter } from '@egg-rush/jetton/tree-file';

const arg = process.argv.slice(2).find((a) => /^\d[\d_]*$/.test(a));
const ENTRIES = Number((arg ?? process.env.BENCH_ENTRIES ?? '1000000').replaceAll('_', ''));
const CLAIM = process.env.BENCH_CLAIM !== '0';
const SAMPLE = 1000;
const WARMUP = 100;
const NOW = 1_800_000_000;
const log = (...a) => console.error('[bench/jetton]', ...a);
const mib = (bytes) => Math.round((bytes / 2 ** 20) * 10) / 10;
const peakRssMiB = () => mib(process.resourceUsage().maxRSS * 1024);
const cpuMs = (since) => {
  const used = process.cpuUsage(since);
  return Math.round((used.user + used.system) / 1000);
};
const round = (ms) => Math.round(ms * 1000) / 1000;

// The emulator's wallets, claimers in the tree (their addresses come from the emulator).
const blockchain = CLAIM ? await Blockchain.create() : undefined;
const claimers = [];
if (blockchain) {
  blockchain.now = NOW;
  for (let i = 0; i < 3; i++) claimers.push(await blockchain.treasury(`claimer-${i}`));
}
const claimerHashes = claimers
  .map((c) => c.address.hash)
  .sort(Buffer.compare)
  .reverse();

/** Calls `each(hash, i)` for ENTRIES hashes in decreasing order (`hash` is reused). */
function generate(each) {
  const others = ENTRIES - claimerHashes.length;
  const mean = 2 ** 48 / (others + 10 * Math.sqrt(others) + 10);
  let state = 0x2545f491;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
  const hash = Buffer.alloc(32);
  let top = 0;
  let c = 0;
  let i = 0;
  for (let k = 0; k < others; k++) {
    top += 1 + Math.floor(-Math.log((next() + 1) / 4294967297) * mean);
    if (top >= 2 ** 48) throw new Error('Generated past 2^48');
    hash.writeUIntBE(2 ** 48 - 1 - top, 0, 6);
    hash.writeUInt16BE(next() & 0xffff, 6);
    for (let j = 8; j < 32; j += 4) hash.writeUInt32BE(next(), j);
    while (c < claimerHashes.length && Buffer.compare(claimerHashes[c], hash) > 0)
      each(claimerHashes[c++], i++);
    each(hash, i++);
  }
  while (c < claimerHashes.length) each(claimerHashes[c++], i++);
}
const itemOf = (i) => ({
  amount: BigInt(1 + (i % 100_000)) * 1_000_000_000n,
  startFrom: NOW - 3600,
  expiredAt: NOW + 30 * 86_400,
});
const claimerItem = { amount: 1_000_000_000_000n, startFrom: NOW - 3600, expiredAt: NOW + 86_400 };
const isClaimer = (hash) => claimerHashes.some((h) => h.equals(hash));

// The generator alone.
let started = performance.now();
let generated = 0;
generate((hash, i) => {
  generated += itemOf(i).amount > 0n && hash[0] >= 0 ? 1 : 0;
});
const generateMs = Math.round(performance.now() - started);
if (generated !== ENTRIES) throw new Error(`Generated ${generated} entries`);

globalThis.gc?.();
const rssBeforeMiB = mib(process.memoryUsage().rss);
const dir = mkdtempSync(join(tmpdir(), 'bench-jetton-'));
try {
  log(`writing a tree of ${ENTRIES} entries into ${dir}`);
  const sample = [];
  const every = Math.max(1, Math.floor(ENTRIES / SAMPLE));
  started = performance.now();
  let cpu = process.cpuUsage();
  const writer = new AirdropTreeWriter({ dir, name: 'bench', count: ENTRIES });
  generate((hash, i) => {
    const claimer = isClaimer(hash);
    writer.add({ hash, ...(claimer ? claimerItem : itemOf(i)) });
    if (i % every === 0 && sample.length < SAMPLE) sample.push(Buffer.from(hash));
  });
  const addedMs = performance.now() - started;
  const finishStarted = performance.now();
  const manifest = writer.finish();
  const dumpMs = Math.round(performance.now() - finishStarted);
  const buildMs = Math.round(performance.now() - started);
  const buildCpuMs = cpuMs(cpu);
  const peakAfterBuildMiB = peakRssMiB();
  log(`built in ${buildMs} ms (${Math.round(addedMs)} ms adding, ${dumpMs} ms the dump)`);

  // A restart: the files are opened, nothing is rebuilt.
  started = performance.now();
  const tree = AirdropTreeFile.open(dir, 'bench');
  const openMs = round(performance.now() - started);

  // What GET /wallet/:address serializes (the claim payload's BOC, written directly), and the proof
  // as a cell (the player's own claim): wall and CPU time of each, over the sample.
  const addresses = sample.map((hash) => new Address(0, hash));
  const timed = (work) => {
    for (const address of addresses.slice(0, WARMUP)) work(address);
    const wall = [];
    const cpu = [];
    let bytes = 0;
    for (const address of addresses) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      bytes = work(address).length;
      wall.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
    }
    wall.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    const at = (list, p) => round(list[Math.min(list.length - 1, Math.floor(list.length * p))]);
    return {
      bytes,
      p50Ms: at(wall, 0.5),
      p99Ms: at(wall, 0.99),
      maxMs: round(wall[wall.length - 1]),
      cpuP50Ms: at(cpu, 0.5),
      cpuP99Ms: at(cpu, 0.99),
    };
  };
  const payload = timed((address) => tree.lookup(address).payloadBoc());
  // What the player's claim (GET /airdrop/claim) writes: the transfer body above the payload.
  const claimBody = timed((address) => tree.lookup(address).payloadBoc(claimTransferHead(address)));
  const cell = timed((address) => tree.lookup(address).proof().toBoc());
  const absentStarted = performance.now();
  for (let k = 0; k < 100; k++) {
    const hash = Buffer.from(sample[k % sample.length]);
    hash[31] ^= 1;
    if (tree.lookup(new Address(0, hash)) !== null) throw new Error('An absent address was found');
  }
  const absentMs = round((performance.now() - absentStarted) / 100);
  const checked = tree.lookup(addresses[0]);
  if (!verifyAirdropProof(checked.proof(), tree.root, addresses[0]))
    throw new Error('The proof does not verify');

  const result = {
    entries: ENTRIES,
    tree: {
      generateMs,
      buildMs,
      buildCpuMs,
      dumpMs,
      rssBeforeMiB,
      peakRssMiB: peakAfterBuildMiB,
      root: manifest.rootHex,
      dumpBytes: manifest.dumpBytes,
      indexBytes: statSync(tree.paths.index).size,
      openMs,
    },
    proof: {
      sample: addresses.length,
      depth: checked.proof().depth(),
      payload,
      claimBody,
      cell,
      absentLookupMs: absentMs,
    },
  };

  if (blockchain) {
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
        chainTotalFeesTon:
          transactions.slice(1).reduce((sum, tx) => sum + Number(tx.totalFees.coins), 0) / 1e9,
        tonSpentByPlayer: Number(tonBefore - (await claimer.getBalance())) / 1e9,
        messageBytes:
          Buffer.from(messages[0].payload, 'base64').length +
          Buffer.from(messages[0].stateInit, 'base64').length,
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
    result.claim = claims;
    result.transferAfterClaim = transfer.transactions.slice(1).map((tx) => ({
      gasUsed: Number(gasUsed(tx)),
      totalFeesTon: Number(tx.totalFees.coins) / 1e9,
    }));
  }
  tree.close();
  console.log(JSON.stringify(result, null, 2));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
