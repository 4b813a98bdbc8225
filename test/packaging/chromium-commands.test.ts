// Every npm script that starts Chromium first finds or installs it, or stops with one line
// saying what is missing (scripts/ensure-chromium.mjs): on a fresh machine no command a
// newcomer runs may end in a stack trace from a browser launch.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const ENSURE = 'node scripts/ensure-chromium.mjs';
const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

/** Runners whose suites start Chromium themselves (Playwright's projects; Vitest's renderer-isolation and double's rules). */
const BROWSER_RUNNERS = /^(playwright test|vitest)\b/;

/** What a Node entry evaluates: repo files, and the packages it imports at run time (esbuild drops type-only imports). */
async function runtimeGraph(entry: string): Promise<{ files: string[]; packages: string[] }> {
  const { metafile } = await build({ entryPoints: [entry], bundle: true, write: false, metafile: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'silent' });
  const inputs = Object.entries(metafile.inputs);
  return { files: inputs.map(([file]) => file), packages: inputs.flatMap(([, input]) => input.imports.filter((i) => i.external).map((i) => i.path)) };
}

/** Per npm script that starts Chromium without going through ensure-chromium first: its name and why it needs Chromium. */
async function scriptsThatForget(commands: Record<string, string>): Promise<string[]> {
  const forgot: string[] = [];
  for (const [name, command] of Object.entries(commands)) {
    if (command.startsWith(`${ENSURE} && `)) continue;
    for (const step of command.split('&&').map((part) => part.trim())) {
      const entry = /^(?:node|tsx) (\S+)/.exec(step)?.[1];
      const graph = entry === undefined ? undefined : await runtimeGraph(entry);
      if (graph?.files.includes('scripts/ensure-chromium.mjs')) break; // npm test calls it itself
      if (BROWSER_RUNNERS.test(step)) forgot.push(`${name}: runs ${step}`);
      else if (graph?.packages.some((name) => /^(@playwright\/test|playwright(-core)?)$/.test(name))) forgot.push(`${name}: ${entry} imports Playwright`);
    }
  }
  return forgot;
}

describe('commands that start Chromium', () => {
  it('every npm script that starts Chromium goes through scripts/ensure-chromium.mjs first', async () => {
    expect(await scriptsThatForget(scripts)).toEqual([]);
  }, 60_000);

  it('negative control: the same scripts without it are named; dev:web and mutate start no browser', async () => {
    const without = Object.fromEntries(Object.entries(scripts).map(([name, command]) => [name, command.replace(`${ENSURE} && `, '')]));
    expect(await scriptsThatForget(without)).toEqual([
      'test:unit: runs vitest run',
      'test:e2e: runs playwright test',
      'bench: bench/run.ts imports Playwright',
      'screenshots: scripts/readme-screenshots.ts imports Playwright',
    ]);
  }, 60_000);

  it('stops with one line naming what is missing, no stack trace; passes silently when Chromium is there', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ensure-chromium-'));
    try {
      const missing = join(dir, 'chromium'); // not Debian's path: no apt-get, even as root
      const run = (path: string) => spawnSync(process.execPath, ['scripts/ensure-chromium.mjs'], { env: { ...process.env, CHROMIUM_PATH: path }, encoding: 'utf8' });
      expect(run(missing)).toMatchObject({ status: 1, stdout: '', stderr: `Chromium not found at ${missing}. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.\n` });
      expect(run(process.execPath)).toMatchObject({ status: 0, stdout: '', stderr: '' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
