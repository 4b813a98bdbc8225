// The preload as it ships, built with the project's own options and run as the sandbox runs it
// (CommonJS, `require('electron')` only): no zod, invoke on the contract's channels only, main's
// answers and pushes handed on without the IPC event. Weakened bundles are the negative controls.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import vm from 'node:vm';
import { build, type Plugin } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { preloadOptions } from '../../scripts/build-options.mjs';
import type { CounterTrayApi } from '../../src-shared/ipc/contract';
import { COFFEE_ID, counter, signedInState } from '../support/app-fakes';

const out = mkdtempSync(join(tmpdir(), 'counter-tray-preload-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The preload's API module with `from` replaced by `to` (which must be there to replace). */
const weakened = (from: string, to: string): Plugin => ({
  name: 'weakened-preload',
  setup(b) {
    b.onLoad({ filter: /[\\/]preload[\\/]renderer-api\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes(from)) throw new Error(`renderer-api.ts no longer has ${from}`);
      return { contents: source.replace(from, to), loader: 'ts' };
    });
  },
});

async function builtPreload(name: string, extra: Plugin[] = []): Promise<{ text: string; inputs: string[] }> {
  const options = preloadOptions(true, join(out, `${name}.cjs`));
  const result = await build({ ...options, plugins: [...(options.plugins ?? []), ...extra], logLevel: 'error' });
  return { text: readFileSync(join(out, `${name}.cjs`), 'utf8'), inputs: Object.keys(result.metafile?.inputs ?? {}) };
}

const state = signedInState([counter(COFFEE_ID, 'Coffees', 3)], []);
const delta = { from: 1, to: 2, changed: { theme: 'light' as const } };

/** What the page can do with the bundle: which channels reach ipcRenderer, and what a push listener is called with. */
async function pageReach(source: string) {
  const sent: string[] = [];
  const listeners = new Map<string, (event: unknown, payload: unknown) => void>();
  let exposed: CounterTrayApi | undefined;
  const electron = {
    contextBridge: { exposeInMainWorld: (_key: string, api: CounterTrayApi) => void (exposed = api) },
    ipcRenderer: {
      invoke: async (channel: string, ...args: unknown[]) => (sent.push(`${channel}/${args.length}`), { ok: true, value: channel === 'state:get' ? state : null }),
      on: (channel: string, listener: (event: unknown, payload: unknown) => void) => void listeners.set(channel, listener),
      removeListener: () => undefined,
    },
  };
  const module = { exports: {} };
  vm.runInNewContext(source, { require: (name: string) => (name === 'electron' ? electron : undefined), module, exports: module.exports });
  if (!exposed) throw new Error('the preload exposed nothing');
  const api = exposed;
  const answers = [await api.invoke('state:get', {}), await api.invoke('shell:openExternal' as never, { url: 'https://evil.example' } as never)];
  const heard: unknown[][] = [];
  api.onStateDelta((...args: unknown[]) => heard.push(args));
  listeners.get('state:delta')?.({ sender: { id: 1 } }, delta);
  return { api: Object.keys(api).sort(), frozen: Object.isFrozen(api), sent, answers, heard };
}

const EXPECTED = {
  api: ['invoke', 'onStateDelta'],
  frozen: true,
  sent: ['state:get/1'],
  answers: [{ ok: true, value: state }, { ok: false, error: { code: 'unknown-channel', message: expect.any(String) } }],
  heard: [[delta]],
};

describe('the shipped preload', () => {
  it('carries no zod (nothing from node_modules) and stays under 10 KB', async () => {
    const { text, inputs } = await builtPreload('preload');
    expect(inputs.filter((file) => file.includes('node_modules'))).toEqual([]);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(10 * 1024);
  }, 60_000);

  it('invokes only contract channels with one argument, and hands answers and pushes on as main sent them, without the IPC event', async () => {
    expect(await pageReach((await builtPreload('preload')).text)).toEqual(EXPECTED);
  }, 60_000);

  it('negative control: a preload that forgets the allow-list lets a raw channel reach ipcRenderer', async () => {
    const reach = await pageReach((await builtPreload('no-allow-list', [weakened('!Object.hasOwn(INVOKE_CHANNELS, channel)', 'false')])).text);
    expect(reach.sent).toEqual(['state:get/1', 'shell:openExternal/1']);
  }, 60_000);

  it('negative control: a preload that hands the IPC event on gives the page its sender', async () => {
    const reach = await pageReach((await builtPreload('with-event', [weakened('listener(delta as StateDelta)', 'listener(delta as StateDelta, _event as never)')])).text);
    expect(reach.heard).toEqual([[delta, { sender: { id: 1 } }]]);
  }, 60_000);

  it('negative control: a preload that imports a value from the contract bundles zod', async () => {
    const { inputs } = await builtPreload('with-zod', [weakened("import type { CounterTrayApi", "import { invokeChannels } from '../../src-shared/ipc/contract';\nvoid invokeChannels;\nimport type { CounterTrayApi")]);
    expect(inputs.some((file) => /node_modules[\\/]zod[\\/]/.test(file))).toBe(true);
  }, 60_000);
});
