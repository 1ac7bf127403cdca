// Synthesizes the mole game's sounds into apps/web/public/mp3/ (committed with the output):
// count.mp3 (each 3-2-1 number), go.mp3, whack.mp3, thud.mp3 (a bomb), whistle.mp3 (time up),
// cheer.mp3 (a new high score). Run: node scripts/sounds-play.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { encode, noise, RATE } from './lib/synth.mjs';

const out = fileURLToPath(new URL('../apps/web/public/mp3/', import.meta.url));

/** Renders `seconds` of `f(t, i)`. */
function render(seconds, f) {
  const samples = new Float32Array(Math.round(RATE * seconds));
  for (let i = 0; i < samples.length; i++) samples[i] = f(i / RATE, i);
  return samples;
}
const env = (t, attack, decay) => Math.min(1, t / attack) * Math.exp(-t * decay);

function tone(seconds, freq, decay, overtone = 0.2) {
  let phase = 0;
  return render(seconds, (t) => {
    phase += (2 * Math.PI * freq(t)) / RATE;
    return env(t, 0.004, decay) * (Math.sin(phase) + overtone * Math.sin(3 * phase)) * 0.8;
  });
}

const sounds = {
  count: () => tone(0.25, () => 660, 14),
  go: () => tone(0.45, (t) => 880 + 220 * Math.min(1, t * 8), 7),
  whack: () => {
    const rnd = noise(11);
    let phase = 0;
    return render(0.16, (t) => {
      phase += (2 * Math.PI * (180 + 260 * Math.exp(-t * 60))) / RATE;
      return env(t, 0.001, 30) * (0.9 * Math.sin(phase) + 0.5 * rnd() * Math.exp(-t * 120));
    });
  },
  thud: () => {
    const rnd = noise(5);
    let phase = 0;
    let low = 0;
    return render(0.5, (t) => {
      phase += (2 * Math.PI * (70 + 60 * Math.exp(-t * 20))) / RATE;
      low = low * 0.92 + rnd() * 0.08;
      return env(t, 0.002, 9) * (Math.sin(phase) + 2.5 * low);
    });
  },
  whistle: () => {
    let phase = 0;
    return render(0.9, (t) => {
      phase += (2 * Math.PI * (1800 + 120 * Math.sin(t * 2 * Math.PI * 14))) / RATE;
      const shape = Math.min(1, t / 0.03) * Math.min(1, (0.9 - t) / 0.15);
      return 0.6 * shape * Math.sin(phase);
    });
  },
  cheer: () => {
    const notes = [523.25, 659.25, 783.99, 1046.5];
    return render(1.1, (t) => {
      let v = 0;
      notes.forEach((f, k) => {
        const start = k * 0.12;
        if (t >= start) v += 0.3 * env(t - start, 0.005, 3.5) * Math.sin(2 * Math.PI * f * (t - start));
      });
      return v;
    });
  },
};

mkdirSync(out, { recursive: true });
for (const [name, make] of Object.entries(sounds)) {
  const file = `${out}${name}.mp3`;
  writeFileSync(file, encode(make()));
  console.log(`wrote ${file}`);
}
