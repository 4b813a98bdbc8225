// The preload as it ships: built with the project's own options (scripts/build-options.mjs
// preloadOptions), so its checks are the contract's shapes written out as data, not zod. It
// runs here as the sandbox runs it (CommonJS, `require('electron')` only) and must still keep
// a malformed state:delta from the page. The negative control is the same bundle with the
// shape checker switched off: the same malformed delta then reaches the page.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import vm from 'node:vm';
import { build, type Plugin } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { preloadOptions } from '../../scripts/build-options.mjs';
import type { CounterTrayBridge } from '../../src-shared/ipc/contract';
import { fromBridge } from '../../src-renderer/bridge/fromBridge';
import { packStateAnswer } from '../../src-main/ipc/state-answer';
import { COFFEE_ID, TRIP_ID, counter, signedInState } from '../support/app-fakes';

const out = mkdtempSync(join(tmpdir(), 'counter-tray-preload-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Negative control: every shape accepts whatever it is given. */
const checkerOff: Plugin = {
  name: 'shape-checker-off',
  setup(b) {
    const contents = [
      "export const REFUSED = Symbol('refused');",
      "export const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);",
      'export const createShapeChecker = () => Object.assign((_shape, value) => ({ ok: true, value }), { fieldsOf: () => [] });',
    ].join('\n');
    b.onLoad({ filter: /[\\/]preload[\\/]shape\.ts$/ }, () => ({ contents, loader: 'ts' }));
  },
};

async function builtPreload(name: string, extra: Plugin[] = []): Promise<{ text: string; inputs: string[] }> {
  const options = await preloadOptions(true, join(out, `${name}.cjs`));
  const result = await build({ ...options, plugins: [...(options.plugins ?? []), ...extra], logLevel: 'error' });
  return { text: readFileSync(join(out, `${name}.cjs`), 'utf8'), inputs: Object.keys(result.metafile?.inputs ?? {}) };
}

/** Runs the bundle as the sandbox would and hands back what it exposed and a way to push from "main". */
function runInSandbox(source: string, answer: unknown = null) {
  const listeners = new Map<string, (event: unknown, payload: unknown) => void>();
  let exposed: CounterTrayBridge | undefined;
  const electron = {
    contextBridge: { exposeInMainWorld: (_key: string, api: CounterTrayBridge) => void (exposed = api) },
    ipcRenderer: { invoke: async () => ({ ok: true, value: structuredClone(answer) }), on: (channel: string, listener: (event: unknown, payload: unknown) => void) => void listeners.set(channel, listener), removeListener: () => undefined },
  };
  const module = { exports: {} };
  vm.runInNewContext(source, { require: (name: string) => (name === 'electron' ? electron : undefined), module, exports: module.exports, URL });
  if (!exposed) throw new Error('the preload exposed nothing');
  return { api: exposed, push: (channel: string, payload: unknown) => listeners.get(channel)?.({ sender: 'main' }, payload) };
}

const stats = { requests: 0, rateLimited: 0, notifications: 0, ignoredFrames: 0, resyncs: 0 };
const delta = (upserted: unknown) => ({ from: 4, to: 5, changed: {}, core: { connection: { status: 'live' }, stats, outbox: { clicks: 0 }, upserted: [upserted], removed: [] } });
const MALFORMED = [
  delta({ ...counter(TRIP_ID, 'Trip', 10), value: '10' }),
  delta({ ...counter(TRIP_ID, 'Trip', 10), error: { kind: 'exploded', message: 'x' } }),
  { ...delta(counter(TRIP_ID, 'Trip', 10)), to: 9 },
  { ...delta(counter(TRIP_ID, 'Trip', 10)), changed: { theme: 'neon' } },
];

function deliveries(source: string) {
  const { api, push } = runInSandbox(source);
  const reached: unknown[] = [];
  let refused = 0;
  api.on('state:delta', (payload) => reached.push(payload), () => (refused += 1));
  for (const bad of MALFORMED) push('state:delta', structuredClone(bad));
  push('state:delta', delta(counter(TRIP_ID, 'Trip', 10)));
  return { reached, refused };
}

describe('the shipped preload', () => {
  it('carries no zod and stays under 50 KB', async () => {
    const { text, inputs } = await builtPreload('preload');
    expect(inputs.filter((file) => file.includes('node_modules'))).toEqual([]);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(50 * 1024);
  }, 60_000);

  it('keeps a malformed state:delta from the page and passes a good one', async () => {
    const { reached, refused } = deliveries((await builtPreload('preload')).text);
    expect(refused).toBe(MALFORMED.length);
    expect(reached).toEqual([delta(counter(TRIP_ID, 'Trip', 10))]);
  }, 60_000);

  it('answers state:get with the counters packed, and the page reads back the state main sent', async () => {
    const state = signedInState([counter(COFFEE_ID, 'Coffees', 3), { ...counter(TRIP_ID, 'Trip', -0), refused: { increment: 'limit' } }], []);
    const { api } = runInSandbox((await builtPreload('preload')).text, state);
    expect(await fromBridge(api).invoke('state:get', {})).toEqual({ ok: true, value: state });
  }, 60_000);

  it('checks the counters main sends packed, hands the same strings on, and refuses a packed list with one bad value', async () => {
    const state = signedInState([counter(COFFEE_ID, 'Coffees', 3), { ...counter(TRIP_ID, 'Trip', -0), refused: { increment: 'limit' } }], []);
    const text = (await builtPreload('preload')).text;
    const sent = packStateAnswer(state);
    const answer = await runInSandbox(text, sent).api.invoke('state:get', {});
    expect(answer.ok && answer.value.core?.counters).toEqual(sent.core?.counters);
    expect(await fromBridge(runInSandbox(text, sent).api).invoke('state:get', {})).toEqual({ ok: true, value: state });
    const bad = packStateAnswer(signedInState([{ ...counter(COFFEE_ID, 'Coffees', 3), type: 'Sideways' as 'UpDown' }], []));
    expect(await runInSandbox(text, bad).api.invoke('state:get', {})).toMatchObject({ ok: false, error: { code: 'badResponse' } });
    // Negative control: with the checker off, the same packed list passes.
    expect(await runInSandbox((await builtPreload('unchecked-packed', [checkerOff])).text, bad).api.invoke('state:get', {})).toMatchObject({ ok: true });
  }, 60_000);

  it('negative control: with its shape checker off, the same malformed deltas reach the page', async () => {
    const { reached, refused } = deliveries((await builtPreload('unchecked', [checkerOff])).text);
    expect(refused).toBe(0);
    expect(reached).toHaveLength(MALFORMED.length + 1);
  }, 60_000);
});
