#!/usr/bin/env node
// Writes build/icon.png (512×512), the app icon the packagers use: the tray glyph
// (a ring with a plus) in white on a rounded blue square. Run once when the design
// changes: `node build/make-icon.mjs`. Plain zlib, no image libraries.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const size = 512;
const rgba = Buffer.alloc(size * size * 4);
const c = (size - 1) / 2;
const radius = 96; // corner radius of the square
for (let y = 0; y < size; y += 1) {
  for (let x = 0; x < size; x += 1) {
    const i = (y * size + x) * 4;
    const dx = Math.max(radius - x, 0, x - (size - 1 - radius));
    const dy = Math.max(radius - y, 0, y - (size - 1 - radius));
    if (Math.hypot(dx, dy) > radius) continue; // outside the rounded square: transparent
    const d = Math.hypot(x - c, y - c);
    const ring = d <= 190 && d >= 150;
    const plus = (Math.abs(x - c) <= 18 && Math.abs(y - c) <= 100) || (Math.abs(y - c) <= 18 && Math.abs(x - c) <= 100);
    const [r, g, b] = ring || plus ? [255, 255, 255] : [37, 99, 235];
    rgba.set([r, g, b, 255], i);
  }
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let v = n;
  for (let k = 0; k < 8; k += 1) v = v & 1 ? 0xedb88320 ^ (v >>> 1) : v >>> 1;
  return v >>> 0;
});
const crc32 = (buf) => {
  let v = 0xffffffff;
  for (const byte of buf) v = crcTable[(v ^ byte) & 0xff] ^ (v >>> 8);
  return (v ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};
const header = Buffer.alloc(13);
header.writeUInt32BE(size, 0);
header.writeUInt32BE(size, 4);
header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
const raw = Buffer.alloc((size * 4 + 1) * size);
for (let y = 0; y < size; y += 1) rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
writeFileSync(new URL('./icon.png', import.meta.url), png);
console.log(`build/icon.png ${png.length} bytes`);
