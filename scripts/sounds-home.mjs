// Synthesizes the Home screen's sounds into apps/web/public/mp3/ (committed with the output):
// tap.mp3, a short bright "pop" for each egg tap (SPEC.md "Home": /mp3/tap.mp3).
// Run: node scripts/sounds-home.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { Buffer } from 'node:buffer';
import { fileURLToPath } from 'node:url';
import { Mp3Encoder } from '@breezystack/lamejs';

const RATE = 44_100;
const out = fileURLToPath(new URL('../apps/web/public/mp3/', import.meta.url));

/** A deterministic noise source so the file is the same on every run. */
function noise(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a * 1664525 + 1013904223) >>> 0;
    return a / 2 ** 31 - 1;
  };
}

/** The tap: a sine "pop" gliding 1100 -> 520 Hz with a soft overtone and a tiny click. */
function tap() {
  const length = Math.round(RATE * 0.11);
  const samples = new Float32Array(length);
  const rnd = noise(7);
  let phase = 0;
  for (let i = 0; i < length; i++) {
    const t = i / RATE;
    const freq = 520 + 580 * Math.exp(-t * 45);
    phase += (2 * Math.PI * freq) / RATE;
    const attack = Math.min(1, t / 0.003);
    const body = Math.exp(-t * 38);
    const click = Math.exp(-t * 900) * rnd() * 0.35;
    samples[i] = attack * body * (0.8 * Math.sin(phase) + 0.18 * Math.sin(2 * phase)) + click;
  }
  return samples;
}

function encode(samples) {
  const pcm = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    pcm[i] = Math.max(-1, Math.min(1, samples[i] * 0.9)) * 0x7fff;
  }
  const encoder = new Mp3Encoder(1, RATE, 96);
  const chunks = [];
  for (let i = 0; i < pcm.length; i += 1152) {
    const chunk = encoder.encodeBuffer(pcm.subarray(i, i + 1152));
    if (chunk.length) chunks.push(Buffer.from(chunk));
  }
  const end = encoder.flush();
  if (end.length) chunks.push(Buffer.from(end));
  return Buffer.concat(chunks);
}

mkdirSync(out, { recursive: true });
const file = `${out}tap.mp3`;
writeFileSync(file, encode(tap()));
console.log(`wrote ${file}`);
