// Draws the app icon (a gold coin with an egg, on the night-park purple) as a PNG for the
// TON Connect manifest: apps/web/public/icon-180.png. Pure Node: a tiny PNG encoder over zlib.
import { Buffer } from 'node:buffer';
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZE = 180;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(width, height, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++)
    rgba.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const mix = (a, b, t) => a.map((v, i) => Math.round(v + (b[i] - v) * t));
const clamp = (v) => Math.min(1, Math.max(0, v));

// Shapes as signed distances (negative inside), anti-aliased over one pixel.
function colourAt(x, y) {
  const cx = SIZE / 2;
  const cy = SIZE / 2;
  const r = Math.hypot(x - cx, y - cy);
  // Background: rounded square in night purple with a soft glow.
  const glow = clamp(1 - r / (SIZE * 0.7));
  let c = mix([22, 12, 46], [79, 53, 150], glow);
  let alpha = 1;
  const corner = 36;
  const qx = Math.max(Math.abs(x - cx) - (cx - corner), 0);
  const qy = Math.max(Math.abs(y - cy) - (cy - corner), 0);
  alpha = clamp(corner - Math.hypot(qx, qy) + 0.5);
  // Coin rim and face.
  const coin = 64;
  const inRim = clamp(coin - r + 0.5);
  const inFace = clamp(coin - 9 - r + 0.5);
  const light = clamp(0.5 + (cx - x + (cy - y)) / (coin * 3));
  c = mix(c, mix([214, 120, 8], [255, 190, 50], light), inRim);
  c = mix(c, mix([245, 158, 11], [255, 214, 92], light), inFace);
  // Egg: an ellipse, narrower at the top.
  const ey = (y - (cy + 4)) / 38;
  const ew = 27 * (ey < 0 ? 1 + ey * 0.18 : 1);
  const ex = (x - cx) / ew;
  const d = Math.hypot(ex, ey);
  const inEgg = clamp((1 - d) * 30 + 0.5);
  const shade = clamp(0.35 + (cx - 8 - x + (cy - 14 - y)) / 60);
  c = mix(c, mix([255, 224, 178], [255, 250, 238], shade), inEgg);
  return [...c, Math.round(alpha * 255)];
}

const rgba = Buffer.alloc(SIZE * SIZE * 4);
for (let y = 0; y < SIZE; y++) {
  for (let x = 0; x < SIZE; x++) {
    // 4x supersampling.
    const acc = [0, 0, 0, 0];
    for (const [dx, dy] of [
      [0.25, 0.25],
      [0.75, 0.25],
      [0.25, 0.75],
      [0.75, 0.75],
    ]) {
      const p = colourAt(x + dx, y + dy);
      for (let i = 0; i < 4; i++) acc[i] += p[i] / 4;
    }
    rgba.set(acc.map(Math.round), (y * SIZE + x) * 4);
  }
}
const out = new URL('../apps/web/public/icon-180.png', import.meta.url);
writeFileSync(out, png(SIZE, SIZE, rgba));
console.log(`wrote ${out.pathname}`);
