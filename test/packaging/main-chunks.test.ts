// main.js loads parts of itself only when first used (the updater, the export, the demo's
// service: dynamic import(), esbuild's splitting into dist/main/chunks). A chunk the package
// leaves out would fail only when the user first exports or checks for updates: so the real
// build's outputs are matched here against electron-builder.yml's `files`, and every import
// between them must name a file the build wrote.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_CHUNKS, mainOptions } from '../../scripts/build-options.mjs';

const require = createRequire(import.meta.url);
// Both come with electron-builder; two calls need no typings.
const yaml = require('js-yaml') as { load(text: string): unknown };
const { minimatch } = require('minimatch') as { minimatch(path: string, pattern: string, options?: { dot?: boolean }): boolean };

const config = yaml.load(readFileSync('electron-builder.yml', 'utf8')) as { files: string[] };

/** electron-builder's `files`: a path ships when a pattern takes it in and no later `!pattern` takes it out. */
const ships = (path: string) => config.files.reduce((kept, pattern) => (pattern.startsWith('!') ? kept && !minimatch(path, pattern.slice(1), { dot: true }) : kept || minimatch(path, pattern, { dot: true })), false);

describe('the main process and the chunks it loads later', () => {
  const out = mkdtempSync(join(tmpdir(), 'counter-tray-chunks-'));
  let outputs: string[] = [];
  afterAll(() => rmSync(out, { recursive: true, force: true }));
  beforeAll(async () => {
    const result = await build({ ...mainOptions(true, out), absWorkingDir: process.cwd(), logLevel: 'error' });
    outputs = Object.keys(result.metafile?.outputs ?? {}).map((file) => relative(out, file));
  }, 60_000);

  it('splits: main.js, and at least the updater, the export and the demo as chunks of their own', () => {
    expect(outputs).toContain('main.js');
    for (const lazy of ['update-wiring', 'export-activity', 'demo-backend']) expect(outputs.some((file) => file.startsWith(`${MAIN_CHUNKS}/${lazy}-`)), lazy).toBe(true);
    // No chunk is named after a source folder: the package's rule "no sources ship" reads names.
    expect(outputs.filter((file) => /(^|\/)(src-|test\/)/.test(file))).toEqual([]);
  });

  it('ships every file the build writes (as dist/main/…), and would not ship a stray one', () => {
    for (const file of outputs) expect(ships(`dist/main/${file}`), file).toBe(true);
    // The rule is not vacuous: what electron-builder.yml leaves out stays out.
    expect(ships('dist/main/main.js.map')).toBe(false);
    expect(ships('src-main/main.ts')).toBe(false);
  });

  it('every import between them names a file the build wrote', () => {
    for (const file of outputs.filter((f) => f.endsWith('.js'))) {
      const text = readFileSync(join(out, file), 'utf8');
      const relativeImports = [...text.matchAll(/(?:from\s*|import\(\s*)"(\.{1,2}\/[^"]+)"/g)].map((m) => m[1] ?? '');
      for (const target of relativeImports) expect(outputs, `${file} imports ${target}`).toContain(join(dirname(file), target));
    }
  });
});
