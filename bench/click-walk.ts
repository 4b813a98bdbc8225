// `npm run click-walk`: the product files main runs for one press of "+" (the aim: at most 40),
// measured with V8's precise coverage on the controller and real core against the reference
// service over loopback; the list is what a written walk of one click should name.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { realCoreFactory } from '../src-main/app/session/real-core';
import type { CounterCore } from '../src-main/core/index';
import { startCounterService } from '../src-service/index';
import type { HeadlessApp } from '../dev-tools/headless/headless-app';
import { startSignedInApp } from './app';
import { filesEntered, type FileEntered } from './coverage-files';
import { readFixtures, removeTempFixtures, writeFixtures } from './fixtures';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const JSON_FILE = join(ROOT, 'bench', 'click-walk.json');
const SETTLE_TIMEOUT_MS = 20_000;

const args = process.argv.slice(2);
const maxAt = args.indexOf('--max');
const max = maxAt >= 0 ? Number(args[maxAt + 1]) : undefined;
if (max !== undefined && !Number.isInteger(max)) throw new Error('--max takes a whole number of files: npm run click-walk -- --max 40');

/** One "+" as the popup sends it (the dispatcher main's IPC wrapper calls), until the core has settled, the ledger is saved and the confirmed value is published. */
async function clickUntilSettled(app: HeadlessApp, core: CounterCore, id: string): Promise<void> {
  const before = app.controller.getState().core?.counters.find((c) => c.id === id)?.value;
  if (before === undefined) throw new Error(`counter ${id} is not in the app's state`);
  let off = () => {};
  let timer: NodeJS.Timeout | undefined;
  const published = new Promise<void>((resolve, reject) => {
    off = app.controller.on('state:changed', (state) => {
      const counter = state.core?.counters.find((c) => c.id === id);
      if (counter?.value === before + 1 && !counter.pending) resolve();
    });
    timer = setTimeout(() => reject(new Error(`no confirmed ${before + 1} published within ${SETTLE_TIMEOUT_MS} ms`)), SETTLE_TIMEOUT_MS);
  });
  try {
    const answer = await app.dispatch('counter:increment', { id });
    if (!answer.ok) throw new Error(`counter:increment was refused: ${answer.error.code}`);
    await Promise.all([core.settled(), core.saved(), published]);
  } finally {
    off();
    clearTimeout(timer);
  }
}

/** Warm-up click, baseline take, one click, the take that counts. Files as main.ts keeps them, in a temporary folder. */
async function walkOneClick(): Promise<FileEntered[]> {
  const session = new Session();
  session.connect();
  const fx = writeFixtures({ counters: 3, readers: 1, others: 0 });
  const service = await startCounterService({ port: 0, fixtures: readFixtures(fx.file) });
  const dir = mkdtempSync(join(tmpdir(), 'click-walk-'));
  let core: CounterCore | undefined;
  let app: HeadlessApp | undefined;
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    app = await startSignedInApp(service.url, fx.readers[0]!.token, {
      activityDir: dir,
      pendingDir: dir,
      lastKnownPath: join(dir, 'last-known-counters.json'),
      coreFactory: async (options) => (core = await realCoreFactory(options)),
    });
    if (!core) throw new Error('the app started without a core');
    const id = fx.upDownIds[0]!;
    await clickUntilSettled(app, core, id);
    await session.post('Profiler.takePreciseCoverage');
    await clickUntilSettled(app, core, id);
    const { result } = await session.post('Profiler.takePreciseCoverage');
    return filesEntered(result, pathToFileURL(ROOT).href);
  } finally {
    await app?.stop();
    await service.close();
    session.disconnect();
    rmSync(dir, { recursive: true, force: true });
    removeTempFixtures();
  }
}

// A local midnight inside the walk also runs the day's own files: then the walk is taken again.
const localDay = () => new Date().toDateString();
const dayBefore = localDay();
let files = await walkOneClick();
if (localDay() !== dayBefore) files = await walkOneClick();
const width = String(Math.max(...files.map((f) => f.functions), 1)).length;
const withNames = args.includes('--functions');
for (const { file, functions, names } of files) {
  process.stdout.write(`${String(functions).padStart(width)}  ${file}${withNames ? `  ${names.join(', ')}` : ''}\n`);
}
process.stdout.write(`functions entered: ${files.reduce((n, f) => n + f.functions, 0)}\n`);
if (args.includes('--json')) writeFileSync(JSON_FILE, `${JSON.stringify({ files, count: files.length }, null, 2)}\n`);
if (max !== undefined && files.length > max) {
  process.stdout.write(`more than --max ${max}: ${files.length - max} files too many\n`);
  process.exitCode = 1;
}
process.stdout.write(`main files per click: ${files.length}\n`);
