import { afterEach, describe, expect, it } from 'vitest';
import { createHeadlessApp, type HeadlessApp } from '../../../../dev-tools/headless/headless-app';
import { diffAppState } from '../../../../src-main/app/state/state-publisher';
import type { AppState, StateDelta } from '../../../../src-shared/ipc/contract';
import { COFFEE_ID, TRIP_ID, counter, fakeCoreFactory, flushMicrotasks, signedInState, type FakeServer } from '../../../support/app-fakes';
import { FakeClock } from '../../../../dev-tools/support/fake-clock';

const PUSH_UPS = '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b15';
const coffee = counter(COFFEE_ID, 'Coffees today', 3);
const trip = counter(TRIP_ID, 'Until the trip', 120);
const pushUps = counter(PUSH_UPS, 'Push-ups', 40);

describe('diffAppState', () => {
  it('carries everything the first time', () => {
    const state = signedInState([coffee, trip], []);
    const delta = diffAppState(null, state);
    const { core: _core, revision: _revision, ...everyOtherPart } = state;
    expect(delta?.changed).toEqual(everyOtherPart);
    expect(delta?.core).toEqual({ connection: state.core?.connection, stats: state.core?.stats, outbox: state.core?.outbox, upserted: [coffee, trip], removed: [], order: [COFFEE_ID, TRIP_ID] });
  });

  it('is null when every part is the same object', () => {
    const state = signedInState([coffee, trip], []);
    expect(diffAppState(state, { ...state, core: { ...state.core!, counters: [...state.core!.counters] } })).toBeNull();
  });

  it('compares by identity: a fresh object is sent even when it holds the same data', () => {
    const state = signedInState([coffee, trip], []);
    const fresh = { ...state, settings: { ...state.settings }, core: { ...state.core!, counters: [coffee, { ...trip }] } };
    expect(diffAppState(state, fresh)).toEqual({ changed: { settings: state.settings }, core: { connection: state.core!.connection, stats: state.core!.stats, outbox: state.core!.outbox, upserted: [trip], removed: [] } });
  });

  it('carries only the changed counter, without an order when the ids kept theirs', () => {
    const before = signedInState([coffee, trip], []);
    const after = { ...before, core: { ...before.core!, counters: [coffee, { ...trip, value: 121, pending: true }] } };
    expect(diffAppState(before, after)).toEqual({
      changed: {},
      core: { connection: { status: 'live' }, stats: before.core?.stats, outbox: before.core?.outbox, upserted: [{ ...trip, value: 121, pending: true }], removed: [] },
    });
  });

  it('names removed counters and gives the new order when ids come and go', () => {
    const before = signedInState([coffee, trip], []);
    const delta = diffAppState(before, { ...before, core: { ...before.core!, counters: [pushUps, trip] } });
    expect(delta?.core).toMatchObject({ upserted: [pushUps], removed: [COFFEE_ID], order: [PUSH_UPS, TRIP_ID] });
  });

  it('replaces changed top-level parts whole and says when the core is gone', () => {
    const before = signedInState([coffee], []);
    const pinned = diffAppState(before, { ...before, settings: { ...before.settings, pinned: [COFFEE_ID] } });
    expect(pinned).toEqual({ changed: { settings: { ...before.settings, pinned: [COFFEE_ID] } } });
    const signedOut: AppState = { ...before, core: null, session: { ...before.session, status: 'signedOut' } };
    expect(diffAppState(before, signedOut)).toEqual({ changed: { session: signedOut.session }, core: null });
    const reconnecting = { ...before, core: { ...before.core!, connection: { status: 'reconnecting' as const, nextAttemptAt: 5 } } };
    expect(diffAppState(before, reconnecting)?.core).toEqual({ connection: { status: 'reconnecting', nextAttemptAt: 5 }, stats: before.core?.stats, outbox: before.core?.outbox, upserted: [], removed: [] });
  });

  it('carries the outbox when only it changed: a 429 that starts holding the clicks reaches the popup', () => {
    const before = signedInState([coffee], []);
    const held = { ...before, core: { ...before.core!, outbox: { clicks: 5, held: { reason: 'rateLimited' as const, until: 4000 } } } };
    expect(diffAppState(before, held)?.core).toEqual({ connection: before.core?.connection, stats: before.core?.stats, outbox: { clicks: 5, held: { reason: 'rateLimited', until: 4000 } }, upserted: [], removed: [] });
    expect(diffAppState(held, { ...held })).toBeNull();
  });
});

const TOKEN = 'ada-secret-token-0123456789';
const URL_OK = 'http://127.0.0.1:8787';
const apps: HeadlessApp[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.stop();
});

async function signedInApp() {
  const srv: FakeServer = { url: URL_OK, tokens: new Set([TOKEN]), reachable: true, counters: [coffee, trip] };
  const cores = fakeCoreFactory(srv);
  const clock = new FakeClock();
  const app = createHeadlessApp({ coreFactory: cores.factory, clock, systemTimezone: 'Europe/Berlin' });
  apps.push(app);
  const deltas: StateDelta[] = [];
  const wholes: AppState[] = [];
  app.controller.on('state:delta', (d) => deltas.push(d));
  app.controller.on('state:changed', (s) => wholes.push(s));
  await app.start();
  await app.dispatch('session:connect', { serverUrl: URL_OK, token: TOKEN });
  await clock.advance(100);
  return { app, cores, clock, deltas, wholes };
}

/** Replays deltas from nothing, as a popup would. */
function replay(deltas: StateDelta[]): Partial<AppState> & { revision: number } {
  let state: Partial<AppState> & { revision: number } = { revision: 0 };
  for (const delta of deltas) {
    expect(delta.from).toBe(state.revision);
    const counters = new Map((state.core?.counters ?? []).map((c) => [c.id, c]));
    delta.core?.removed.forEach((id) => counters.delete(id));
    delta.core?.upserted.forEach((c) => counters.set(c.id, c));
    const order = delta.core?.order ?? (state.core?.counters ?? []).map((c) => c.id);
    const core = delta.core === null ? null : delta.core ? { connection: delta.core.connection, stats: delta.core.stats, outbox: delta.core.outbox, counters: order.map((id) => counters.get(id)!) } : state.core;
    state = { ...state, ...delta.changed, ...(core === undefined ? {} : { core }), revision: delta.to };
  }
  return state;
}

describe('the controller sends state:delta', () => {
  it('numbers deltas without gaps; replayed, they give the state state:get answers', async () => {
    const { app, cores, clock, deltas, wholes } = await signedInApp();
    cores.last()?.increment(COFFEE_ID);
    await flushMicrotasks();
    await clock.advance(16);
    const answer = await app.dispatch('state:get', {});
    expect(answer.ok).toBe(true);
    const current = (answer as { value: AppState }).value;
    expect(current.revision).toBe(deltas.at(-1)?.to);
    expect(replay(deltas)).toEqual(current);
    expect(wholes.at(-1)?.revision).toBe(current.revision);
  });

  it('sends one counter when one counter changes, and nothing when nothing changed', async () => {
    const { cores, clock, deltas, wholes } = await signedInApp();
    deltas.length = 0;
    wholes.length = 0;
    cores.last()?.increment(TRIP_ID);
    await flushMicrotasks();
    await clock.advance(16);
    expect(deltas).toHaveLength(1);
    expect(deltas[0]?.changed).toEqual({});
    expect(deltas[0]?.core?.upserted.map((c) => [c.id, c.value])).toEqual([[TRIP_ID, 121]]);
    expect(deltas[0]?.core?.order).toBeUndefined();
    // The core republishes its snapshot, every part the same object: a whole state goes out, no
    // delta, since every other part's owner kept its object too (session, locale, activity, …).
    const core = cores.last()!;
    core.publish({ ...core.state });
    await flushMicrotasks();
    await clock.advance(16);
    expect(wholes).toHaveLength(2);
    expect(deltas).toHaveLength(1);
  });

  it('brings the stream up to date before answering state:get, so the answer is a base for the next delta', async () => {
    const { app, cores, deltas } = await signedInApp();
    cores.last()?.increment(COFFEE_ID); // requested, not flushed yet
    const answer = (await app.dispatch('state:get', {})) as { ok: true; value: AppState };
    expect(deltas.at(-1)?.to).toBe(answer.value.revision);
    expect(answer.value.core?.counters.find((c) => c.id === COFFEE_ID)?.value).toBe(4);
  });
});

// The OS accent colour reaches the popup through AppState (accentColor) and follows the OS.
function startWithAccent(accentColor: string | null) {
  const clock = new FakeClock();
  const app = createHeadlessApp({ coreFactory: fakeCoreFactory({ url: 'http://127.0.0.1:8787', tokens: new Set(), reachable: true, counters: [] }).factory, clock, accentColor });
  apps.push(app);
  const deltas: StateDelta['changed'][] = [];
  app.controller.on('state:delta', (delta) => deltas.push(delta.changed));
  /** The OS changes the accent; the push follows within a frame (state-publisher coalesces). */
  const osAccent = async (color: string | null) => {
    app.setAccentColor(color);
    await clock.advance(50);
  };
  return { app, deltas, osAccent };
}

describe('AppState.accentColor', () => {
  it('carries the OS accent, and a change of it as one delta', async () => {
    const { app, deltas, osAccent } = startWithAccent('#0078d4');
    await app.start();
    expect(app.controller.getState().accentColor).toBe('#0078d4');
    await osAccent('#0078d4');
    deltas.length = 0;
    await osAccent('#ffb900');
    expect(deltas).toEqual([{ accentColor: '#ffb900' }]);
    expect(app.controller.getState().accentColor).toBe('#ffb900');
  });

  it('no accent where the OS gives none: the field is absent, and the popup keeps its neutral blue', async () => {
    const { app, deltas, osAccent } = startWithAccent(null);
    await app.start();
    expect(app.controller.getState()).not.toHaveProperty('accentColor');
    await osAccent('#0078d4');
    expect(app.controller.getState().accentColor).toBe('#0078d4');
    deltas.length = 0;
    await osAccent(null);
    expect(app.controller.getState()).not.toHaveProperty('accentColor');
    expect(deltas).toEqual([{ accentColor: undefined }]);
  });
});
