// npm run screenshots leaves a clean clone clean: its clock holds every timer that could change a
// picture until a step moves it on, and a picture is rewritten only when it differs beyond the
// goldens' tolerance (dev-tools/support/fake-clock.ts pictureClock, picture-file.ts).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodePng } from '../../build/make-icon.mjs';
import { IN_FLIGHT_MS, pictureClock } from '../../dev-tools/support/fake-clock';
import { GOLDEN_TOLERANCE, writePicture } from '../../dev-tools/support/picture-file';

const START = Date.UTC(2026, 10, 25, 10, 0, 0);

describe('the pictures’ clock', () => {
  it('stands still; a wait under IN_FLIGHT_MS runs on real time and moves it, a longer one only when advanced', async () => {
    const clock = pictureClock(START);
    const fired: string[] = [];
    clock.setTimeout(() => fired.push('undo lapses'), 10_000);
    clock.setTimeout(() => fired.push('retry'), IN_FLIGHT_MS);
    const cleared = clock.setTimeout(() => fired.push('cleared'), 5);
    clock.clearTimeout(cleared);
    await new Promise<void>((resolve) => clock.setTimeout(resolve, 16));
    expect(fired).toEqual([]);
    expect(clock.now()).toBe(START + 16);

    await clock.advance(IN_FLIGHT_MS);
    expect(fired).toEqual(['retry']);
    await clock.advance(10_000);
    expect(fired).toEqual(['retry', 'undo lapses']);
    expect(clock.now()).toBe(START + 16 + IN_FLIGHT_MS + 10_000);
  });

  it('a held timer cleared never fires', async () => {
    const clock = pictureClock(START);
    const fired: string[] = [];
    clock.clearTimeout(clock.setTimeout(() => fired.push('notice lapses'), 5_000));
    await clock.advance(60_000);
    expect(fired).toEqual([]);
  });
});

/** A 100×100 picture: white, with a dark 20×20 square at (40, 40). */
function picture(paint: (rgba: Buffer, at: (x: number, y: number) => number) => void = () => undefined): Buffer {
  const rgba = Buffer.alloc(100 * 100 * 4, 255);
  const at = (x: number, y: number) => (y * 100 + x) * 4;
  for (let y = 40; y < 60; y += 1) for (let x = 40; x < 60; x += 1) rgba.fill(40, at(x, y), at(x, y) + 3);
  paint(rgba, at);
  return encodePng(rgba, 100, 100);
}

describe('which pictures npm run screenshots writes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'counter-tray-pictures-'));
  const path = join(dir, 'list.png');
  const committed = picture();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('uses the goldens’ tolerance from playwright.config.ts', () => {
    expect(GOLDEN_TOLERANCE).toBe(0.0003);
  });

  it('keeps a file the same picture would replace, byte for byte', () => {
    writeFileSync(path, committed);
    expect(writePicture(path, picture())).toBe('kept');
    expect(readFileSync(path).equals(committed)).toBe(true);
  });

  it('keeps it against anti-aliasing noise: 3 levels of one channel on the square’s edge', () => {
    writeFileSync(path, committed);
    const noisy = picture((rgba, at) => {
      for (let x = 40; x < 60; x += 1) rgba[at(x, 40) + 2] = 43;
    });
    // Negative control: the bytes differ, so a byte comparison (the script's before) rewrites it.
    expect(noisy.equals(committed)).toBe(false);
    expect(writePicture(path, noisy)).toBe('kept');
    expect(readFileSync(path).equals(committed)).toBe(true);
  });

  it('writes a picture that changed: the square moved by a few pixels', () => {
    writeFileSync(path, committed);
    const moved = picture((rgba, at) => {
      for (let y = 40; y < 60; y += 1) for (let x = 60; x < 64; x += 1) rgba.fill(40, at(x, y), at(x, y) + 3);
    });
    expect(writePicture(path, moved)).toBe('written');
    expect(readFileSync(path).equals(moved)).toBe(true);
  });

  it('writes one of another size, one over a file that is no PNG, and a new one', () => {
    writeFileSync(path, committed);
    const wider = encodePng(Buffer.alloc(101 * 100 * 4, 255), 101, 100);
    expect(writePicture(path, wider)).toBe('written');
    writeFileSync(path, 'version https://git-lfs.github.com/spec/v1\n');
    expect(writePicture(path, committed)).toBe('written');
    rmSync(path);
    expect(writePicture(path, committed)).toBe('written');
    expect(readFileSync(path).equals(committed)).toBe(true);
  });
});
