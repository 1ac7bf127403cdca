// Shared pieces of the sound scripts: a seeded noise source and an MP3 encoder for mono PCM.
import { Buffer } from 'node:buffer';
import { Mp3Encoder } from '@breezystack/lamejs';

export const RATE = 44_100;

/** A deterministic noise source in [-1, 1) so the files are the same on every run. */
export function noise(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a * 1664525 + 1013904223) >>> 0;
    return a / 2 ** 31 - 1;
  };
}

/** Float samples in [-1, 1] to MP3 bytes. */
export function encode(samples) {
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
