// main.js loads parts of itself only when first used (the updater, the export, the demo's
// service, the account's activity record and goals: dynamic import(), esbuild's splitting into
// dist/main/chunks). A chunk the package
// leaves out would fail only when the user first exports or checks for updates: so the real
// build's outputs are matched here against electron-builder.yml's `files`, and every import
// between them must name a file the build wrote.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_CHUNKS, mainOptions } from '../../scripts/build-options.mjs';

const require = createRequire(import.meta.url);
// Both come with electron-builder; two calls need no typings.
const yaml = require('js-yaml') as { load(text: string): unknown };
const { minimatch } = require('minimatch') as { minimatch(path: string, pattern: string, options?: { dot?: boolean }): boolean };

const config = yaml.load(readFileSync('electron-builder.yml', 'utf8')) as { files: string[] };

/** electron-builder's `files`: a path ships when a pattern takes it in and no later `!pattern` takes it out. */
const ships = (path: string) => config.files.reduce((kept, pattern) => (pattern.startsWith('!') ? kept && !minimatch(path, pattern.slice(1), { dot: true }) : kept || minimatch(path, pattern, { dot: true })), false);

/** The sources a launch evaluates: main.js and every chunk it imports statically, transitively (dynamic import()s are left out). */
function sourcesAtLaunch(metafile: Metafile, out: string): string[] {
  const outputs = new Map(Object.entries(metafile.outputs).map(([file, output]) => [relative(out, file), output]));
  const evaluated = new Set<string>();
  const next = ['main.js'];
  for (let file = next.pop(); file !== undefined; file = next.pop()) {
    if (evaluated.has(file)) continue;
    evaluated.add(file);
    for (const imported of outputs.get(file)?.imports ?? []) if (imported.kind === 'import-statement' && !imported.external) next.push(relative(out, imported.path));
  }
  return [...evaluated].flatMap((file) => Object.keys(outputs.get(file)?.inputs ?? {}));
}

/** The activity record's and the goals' modules a launch evaluates: only the two small helpers the reset's undo shares (its day and its lapsing offer, in offers.ts). */
const recordsAtLaunch = (sources: string[]) => sources.filter((source) => /src-main\/app\/(activity|goals)\//.test(source) && !/activity\/(days|offers)\.ts$/.test(source));

describe('the main process and the chunks it loads later', () => {
  const out = mkdtempSync(join(tmpdir(), 'counter-tray-chunks-'));
  let outputs: string[] = [];
  let metafile: Metafile;
  afterAll(() => rmSync(out, { recursive: true, force: true }));
  beforeAll(async () => {
    const result = await build({ ...mainOptions(true, out), absWorkingDir: process.cwd(), logLevel: 'error' });
    if (!result.metafile) throw new Error('esbuild wrote no metafile');
    metafile = result.metafile;
    outputs = Object.keys(metafile.outputs).map((file) => relative(out, file));
  }, 60_000);

  it('splits: main.js, and at least the updater, the export, the demo and the account records as chunks of their own', () => {
    expect(outputs).toContain('main.js');
    for (const lazy of ['update-wiring', 'export-activity', 'demo-backend', 'account-records']) expect(outputs.some((file) => file.startsWith(`${MAIN_CHUNKS}/${lazy}-`)), lazy).toBe(true);
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

  it('a launch evaluates neither the activity record nor the goals: they come with the first core, in their chunk', () => {
    expect(recordsAtLaunch(sourcesAtLaunch(metafile, out))).toEqual([]);
    const [chunk] = Object.entries(metafile.outputs).filter(([file]) => relative(out, file).startsWith(`${MAIN_CHUNKS}/account-records-`));
    const inChunk = Object.keys(chunk?.[1].inputs ?? {});
    for (const module of ['activity/activity-service.ts', 'activity/record.ts', 'activity/record-file.ts', 'activity/history.ts', 'goals/goals-service.ts']) {
      expect(inChunk, module).toContain(`src-main/app/${module}`);
    }
  });

  it('negative control: the same check goes red on a main.js that imports the records at start', async () => {
    const weakened = mkdtempSync(join(tmpdir(), 'counter-tray-chunks-eager-'));
    // account-data.ts with its dynamic import() written as a static one, as it was before.
    const eagerRecords: Plugin = {
      name: 'eager-records',
      setup(b) {
        b.onLoad({ filter: /[\\/]account[\\/]account-data\.ts$/ }, async (args) => {
          const text = await readFile(args.path, 'utf8');
          const rewritten = text.replace("() => import('./account-records')", '() => Promise.resolve(eagerRecords)');
          expect(rewritten).not.toBe(text);
          return { contents: `import * as eagerRecords from './account-records';\n${rewritten}`, loader: 'ts' };
        });
      },
    };
    try {
      const options = mainOptions(true, weakened);
      const result = await build({ ...options, plugins: [...(options.plugins ?? []), eagerRecords], absWorkingDir: process.cwd(), logLevel: 'error' });
      if (!result.metafile) throw new Error('esbuild wrote no metafile');
      expect(recordsAtLaunch(sourcesAtLaunch(result.metafile, weakened))).toContain('src-main/app/activity/activity-service.ts');
    } finally {
      rmSync(weakened, { recursive: true, force: true });
    }
  }, 60_000);
});
