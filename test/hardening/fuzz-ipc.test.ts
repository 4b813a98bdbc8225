// Fuzzing IPC: random and mutated payloads on every invoke channel (and random
// channel names) through the same dispatcher the Electron wrapper calls, on an app
// signed in to the reference service. Every malformed request is answered
// `{ ok: false }` and changes nothing: not the state the renderer sees, not the
// settings, not the stored token, not a single counter on the server.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createHeadlessApp } from '../../dev-tools/headless/headless-app';
import { IpcError, invokeChannels } from '../../src-shared/ipc/contract';
import type { InvokeChannel } from '../../src-shared/ipc/contract';
import { DEFAULT_SETTINGS } from '../../src-shared/domain/settings';
import { SHARED, USERS, onCleanup, startService } from '../support/core-harness';
import { FUZZ_RUNS, SEED } from './support/knobs';
import { mutated, oddValue } from './support/mutate';

const counted = { payloads: 0, invalid: 0, channels: 0 };
afterAll(() => console.info(`[hardening:fuzz-ipc] seed=${SEED} payloads=${counted.payloads} (invalid ${counted.invalid}) random channel names=${counted.channels}`));

/** A valid request per channel, the seed of the mutations. */
const VALID: { [C in InvokeChannel]: unknown } = {
  'state:get': {},
  'counter:increment': { id: SHARED[0], amount: 2 },
  'counter:decrement': { id: SHARED[0] },
  'counter:update': { id: SHARED[0], patch: { name: 'Renamed counter' } },
  'counter:dismissError': { id: SHARED[0] },
  'counter:resolveUnconfirmed': { id: SHARED[0], choice: 'keep' },
  'counter:undo': { id: SHARED[0] },
  'activity:detail': { id: SHARED[0] },
  'activity:history': { id: SHARED[0], range: 'year' },
  'goal:set': { id: SHARED[0], goal: { target: 8, period: 'day', count: 'all' } },
  'milestones:mute': { id: SHARED[0], muted: true },
  'counter:reset': { id: SHARED[0] },
  'counter:undoReset': { id: SHARED[0], choice: 'undo' },
  'activity:export': { scope: 'counter', id: SHARED[0] },
  'session:connect': { serverUrl: 'https://developers.counttogether.app', token: 'another-token' },
  'session:startDemo': {},
  'session:signOut': {},
  'session:storeTokenWeakly': {},
  'settings:update': { theme: 'dark', pinned: [SHARED[0]] },
  'session:retryNow': {},
  'app:openLink': { target: 'counter', id: SHARED[0] },
  'app:quit': {},
  'updates:check': {},
  'updates:download': {},
  'updates:restart': {},
  'window:hide': {},
  'window:keepOpen': { keep: true },
  'window:mini': { open: true },
  'group:create': { name: 'Work' },
  'group:rename': { id: 'g1', name: 'Home' },
  'group:delete': { id: 'g1' },
  'group:fold': { id: 'g1', folded: true },
  'counter:place': { id: SHARED[0], group: null, before: null },
  'counter:hide': { id: SHARED[0], hidden: true },
  'list:sort': { sort: 'name' },
  'settings:export': {},
  'settings:importPick': {},
  'settings:importApply': { undo: false },
};

const CHANNELS = Object.keys(invokeChannels) as InvokeChannel[];
const payloadFor = (channel: InvokeChannel) => fc.oneof(mutated(VALID[channel]), oddValue, fc.anything({ maxDepth: 3 }));

const IpcResultShape = (value: unknown) =>
  typeof value === 'object' && value !== null && ((value as { ok: unknown }).ok === true || IpcError.safeParse((value as { error?: unknown }).error).success);

async function signedInApp() {
  const service = await startService();
  const app = createHeadlessApp({ settings: DEFAULT_SETTINGS, systemTimezone: 'Europe/Berlin' });
  onCleanup(() => app.stop());
  await app.start();
  expect(await app.dispatch('session:connect', { serverUrl: service.url, token: USERS.ada.token })).toEqual({ ok: true, value: null });
  const fingerprint = () => {
    const state = app.controller.getState();
    return JSON.stringify({
      session: state.session,
      settings: state.settings,
      counters: state.core?.counters,
      vault: app.vault.peek(),
      hides: app.hideRequests(),
      server: SHARED.map((id) => service.getCounter(id)),
      mutations: service.requestLog.filter((e) => e.method !== 'GET').length,
    });
  };
  return { app, service, fingerprint };
}

describe('IPC fuzz', () => {
  it.each(CHANNELS)('%s: malformed payloads are refused and change nothing', async (channel) => {
    const { app, fingerprint } = await signedInApp();
    const schema = invokeChannels[channel].request;
    const before = fingerprint();
    await fc.assert(
      fc.asyncProperty(payloadFor(channel), async (payload) => {
        counted.payloads += 1;
        if (schema.safeParse(payload).success) return; // well-formed: not this test's business
        counted.invalid += 1;
        const result = await app.dispatch(channel, payload);
        expect(result).toMatchObject({ ok: false, error: { code: 'invalid-payload' } });
        expect(IpcResultShape(result)).toBe(true);
        expect(fingerprint()).toBe(before);
      }),
      { numRuns: Math.max(30, Math.floor(FUZZ_RUNS / 3)), seed: SEED },
    );
  });

  it('counter changes for counters the user does not have are refused and change nothing', async () => {
    const { app, fingerprint } = await signedInApp();
    const before = fingerprint();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('counter:increment' as const, 'counter:decrement' as const), fc.uuid(), fc.option(fc.integer({ min: 1, max: 1000 }), { nil: undefined }), async (channel, id, amount) => {
        counted.payloads += 1;
        fc.pre(!SHARED.includes(id));
        const result = await app.dispatch(channel, amount === undefined ? { id } : { id, amount });
        expect(result).toMatchObject({ ok: false, error: { code: 'unknown-counter' } });
        expect(fingerprint()).toBe(before);
      }),
      { numRuns: Math.max(30, Math.floor(FUZZ_RUNS / 3)), seed: SEED },
    );
  });

  it('random channel names are refused, whatever the payload', async () => {
    const { app, fingerprint } = await signedInApp();
    const before = fingerprint();
    const channelName = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'state:get ', 'STATE:GET', 'counter:increment\u0000', 'shell:openExternal', 'ipc:send'),
      oddValue,
    );
    await fc.assert(
      fc.asyncProperty(channelName, fc.anything({ maxDepth: 2 }), async (channel, payload) => {
        counted.channels += 1;
        fc.pre(!(typeof channel === 'string' && Object.hasOwn(invokeChannels, channel)));
        const result = await app.dispatch(channel, payload);
        expect(result).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
        expect(fingerprint()).toBe(before);
      }),
      { numRuns: FUZZ_RUNS, seed: SEED },
    );
  });
});
