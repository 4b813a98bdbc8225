// The service's command line (src-service/README.md): one ready line, demo mode, variants, a refused fixtures
// file, and --state surviving kill -9. The process is awaited on its output, never slept on.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { openSocket } from './helpers';

const READY = /^Counter Service listening on (http:\/\/127\.0\.0\.1:(\d+))$/;
const running = new Set<ChildProcess>();

afterEach(async () => {
  await Promise.all([...running].map((child) => killGroup(child, 'SIGKILL')));
});

interface Started {
  child: ChildProcess;
  url: string;
  stdoutLines: string[];
  stderr: () => string;
}

/**
 * Spawns the CLI in its own process group so the whole tree can be killed. `npx tsx` is
 * what `npm run service` runs (npx → tsx → node); the other tests load tsx into one node
 * process, which starts faster and makes kill -9 hit the service itself.
 */
function spawnCli(args: string[], via: 'npx' | 'node' = 'node'): ChildProcess {
  const [command, prefix] = via === 'npx' ? ['npx', ['tsx']] : [process.execPath, ['--import', 'tsx']];
  const child = spawn(command, [...prefix, 'src-service/cli.ts', ...args], { cwd: process.cwd(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  return child;
}

function startCli(args: string[], via: 'npx' | 'node' = 'node'): Promise<Started> {
  const child = spawnCli(args, via);
  const stdoutLines: string[] = [];
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += String(c)));
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      stdoutLines.push(line);
      const m = READY.exec(line);
      if (m) resolve({ child, url: m[1]!, stdoutLines, stderr: () => stderr });
    });
    child.once('exit', (code) => reject(new Error(`CLI exited with ${code} before ready: ${stderr}`)));
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  running.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(-child.pid!, signal);
  } catch {
    return Promise.resolve(); // already gone
  }
  return exited;
}

const auth = { Authorization: 'Bearer demo-token-ada' };
const COFFEES = '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b12';

describe('command line', () => {
  it('--port 0 --fixtures demo prints exactly one ready line, the demo token on stderr, and serves the demo set', async () => {
    const cli = await startCli(['--port', '0', '--fixtures', 'demo'], 'npx');
    expect(cli.stdoutLines).toHaveLength(1);
    expect(cli.stderr()).toContain('demo-token-ada');
    // The service's first promise: a WebSocket client sees counterUpdated after an increment.
    const ws = await openSocket(`${cli.url.replace('http', 'ws')}/v2/ws?timezone=UTC`, 'demo-token-ada');
    const inc = await fetch(`${cli.url}/v2/counters/${COFFEES}/increment`, { method: 'POST', headers: auth });
    expect(await inc.json()).toBe(4);
    expect(await ws.next()).toMatchObject({ jsonrpc: '2.0', method: 'counterUpdated', params: { counterId: COFFEES, value: 4 } });
    ws.ws.terminate();
    await killGroup(cli.child, 'SIGTERM');
    expect(cli.stdoutLines).toHaveLength(1);
  });

  it('--variant selects behaviours by name', async () => {
    const cli = await startCli(['--port', '0', '--fixtures', 'demo', '--variant', 'decrementBody=empty,nonMember=404']);
    const res = await fetch(`${cli.url}/v2/counters/${COFFEES}/decrement`, { method: 'POST', headers: auth });
    expect(res.status).toBe(204);
    const other = await fetch(`${cli.url}/v2/counters/${COFFEES}`, { headers: { Authorization: 'Bearer demo-token-grace' } });
    expect(other.status).toBe(404);
  });

  it('a bad fixtures file is refused: exit 1, the first bad entry named, no ready line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'counter-cli-'));
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ users: [], counters: [{ id: '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b12', name: 'No type', created: '2026-01-01T00:00:00Z', members: [] }] }));
    const child = spawnCli(['--port', '0', '--fixtures', file]);
    let out = '';
    let err = '';
    child.stdout?.on('data', (c: Buffer) => (out += String(c)));
    child.stderr?.on('data', (c: Buffer) => (err += String(c)));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    running.delete(child);
    expect(code).toBe(1);
    expect(err).toMatch(/counters\[0\] \(id 019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b12\) field type/);
    expect(out).toBe('');
  });

  it('--state FILE keeps applied changes across kill -9 and reloads them on the next start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'counter-state-'));
    const state = join(dir, 'state.json');
    const first = await startCli(['--port', '0', '--fixtures', 'demo', '--state', state]);
    for (let i = 0; i < 3; i++) {
      expect((await fetch(`${first.url}/v2/counters/${COFFEES}/increment`, { method: 'POST', headers: auth })).status).toBe(200);
    }
    const patched = await fetch(`${first.url}/v2/counters/${COFFEES}`, { method: 'PATCH', headers: { ...auth, 'Content-Type': 'application/json' }, body: '{"name":"Survives a kill"}' });
    expect(patched.status).toBe(200);
    await killGroup(first.child, 'SIGKILL');
    expect(readdirSync(dir)).toEqual(['state.json']); // atomic write left no temp file

    const second = await startCli(['--port', '0', '--fixtures', 'demo', '--state', state]);
    const res = await fetch(`${second.url}/v2/counters/${COFFEES}?timezone=UTC`, { headers: auth });
    expect(await res.json()).toMatchObject({ name: 'Survives a kill', value: 6 });
    expect(existsSync(state)).toBe(true);
  });
});
