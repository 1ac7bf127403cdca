// Synthesizes the Home screen's sounds into apps/web/public/mp3/ (committed with the output):
// tap.mp3, a short bright "pop" the Home screen plays for each egg tap (/mp3/tap.mp3, TAP_SOUND in
// apps/web/src/features/home/egg.tsx).
// Run: node scripts/sounds-home.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { encode, noise, RATE } from './lib/synth.mjs';

const out = fileURLToPath(new URL('../apps/web/public/mp3/', import.meta.url));

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

mkdirSync(out, { recursive: true });
const file = `${out}tap.mp3`;
writeFileSync(file, encode(tap()));
console.log(`wrote ${file}`);
