// The built web app keeps its first-screen JavaScript within 128.0 kB gzip, with TON Connect and the
// mole game's libraries out of it (bench/web/bundle.mjs).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('../bench/web/bundle.mjs', import.meta.url));

describe('bundle', () => {
  it('loads TON Connect only from a later chunk', () => {
    const result = JSON.parse(execFileSync(process.execPath, [script], { encoding: 'utf8' }));
    assert.equal(result.firstChunkContainsTonConnect, false);
    assert.equal(result.firstChunkContainsGameLibs, false);
    assert.equal(result.withinTarget, true, `first screen JS ${result.firstChunkGzipBytes} B gzip`);
    assert.ok(result.firstChunk.length > 0);
    assert.ok(result.tonConnectChunks.length > 0, 'TON Connect is in the build');
    assert.ok(result.tonConnectChunks.every((file) => !result.firstChunk.includes(file)));
  });
});
