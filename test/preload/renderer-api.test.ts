import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { createCounterTrayApi, type IpcRendererLike } from '../../src-main/preload/renderer-api';
// What the page sees: the bridge's answers as src-renderer/main.tsx unpacks them.
import { fromBridge } from '../../src-renderer/bridge/fromBridge';
import { eventChannels, invokeChannels, type EventChannel, type InvokeChannel } from '../../src-shared/ipc/contract';
import { AppState } from '../../src-shared/ipc/contract';
import { COFFEE_ID, TRIP_ID, counter, signedInState } from '../support/app-fakes';
import { computeHistory } from '../../src-main/app/activity/history';
import { ActivityRecord } from '../../src-main/app/activity/record';

function fakeIpcRenderer() {
  const listeners = new Map<string, Set<(event: unknown, ...args: unknown[]) => void>>();
  const ipc: IpcRendererLike & { invoke: ReturnType<typeof vi.fn> } = {
    invoke: vi.fn(async () => ({ ok: true, value: null })),
    on: (channel, listener) => void (listeners.get(channel) ?? listeners.set(channel, new Set()).get(channel))?.add(listener),
    removeListener: (channel, listener) => void listeners.get(channel)?.delete(listener),
  };
  const emit = (channel: string, payload: unknown) => listeners.get(channel)?.forEach((l) => l({ sender: 'ipcRenderer!' }, payload));
  return { ipc, emit, listeners };
}

describe('preload API (window.counterTray)', () => {
  it('invokes every contract channel with exactly one argument', async () => {
    const { ipc } = fakeIpcRenderer();
    const api = fromBridge(createCounterTrayApi(ipc));
    for (const channel of Object.keys(invokeChannels) as InvokeChannel[]) {
      await api.invoke(channel, {} as never);
      expect(ipc.invoke).toHaveBeenLastCalledWith(channel, {});
    }
    expect(ipc.invoke).toHaveBeenCalledTimes(Object.keys(invokeChannels).length);
  });

  it('refuses channels outside the contract without touching ipcRenderer', async () => {
    const { ipc } = fakeIpcRenderer();
    const api = fromBridge(createCounterTrayApi(ipc));
    for (const channel of ['electron:openExternal', '__proto__', 'constructor', 42]) {
      expect(await api.invoke(channel as never, {} as never)).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
    }
    expect(ipc.invoke).not.toHaveBeenCalled();
  });

  it('subscriptions deliver only the payload (never the IPC event) and unsubscribe', () => {
    const { ipc, emit, listeners } = fakeIpcRenderer();
    const api = fromBridge(createCounterTrayApi(ipc));
    const received: unknown[][] = [];
    const off = api.on('state:delta', (...args: unknown[]) => received.push(args));
    emit('state:delta', { from: 1, to: 2, changed: { theme: 'dark' } });
    off();
    emit('state:delta', { from: 2, to: 3, changed: { theme: 'light' } });
    expect(received).toEqual([[{ from: 1, to: 2, changed: { theme: 'dark' } }]]);
    expect(listeners.get('state:delta')?.size).toBe(0);
  });

  it('ignores subscriptions to unknown events', () => {
    const { ipc, listeners } = fakeIpcRenderer();
    const api = fromBridge(createCounterTrayApi(ipc));
    api.on('ipc:anything' as EventChannel, () => undefined)();
    // The whole state is main's own event: the page never subscribes to it.
    api.on('state:changed' as EventChannel, () => undefined);
    expect(listeners.size).toBe(0);
    // A new event must be added here on purpose (and to the preload's allow-list).
    expect(Object.keys(eventChannels).sort()).toEqual(['state:delta']);
  });

  it('is frozen: the page cannot swap its methods', () => {
    const api = fromBridge(createCounterTrayApi(fakeIpcRenderer().ipc));
    expect(Object.isFrozen(api)).toBe(true);
  });
});

/** A state push as it arrives after the process hop: fresh objects, nothing shared with earlier pushes. */
const copy = (state: AppState): unknown => structuredClone(state);

describe('preload API validates what main sends before the page sees it', () => {
  it('answers a malformed invoke result with badResponse, and keeps a well-formed error', async () => {
    const { ipc } = fakeIpcRenderer();
    const api = fromBridge(createCounterTrayApi(ipc));
    ipc.invoke.mockResolvedValueOnce({ ok: true, value: { nonsense: true } });
    expect(await api.invoke('state:get', {})).toMatchObject({ ok: false, error: { code: 'badResponse' } });
    ipc.invoke.mockResolvedValueOnce({ ok: true, value: { theme: 'neon' } });
    expect(await api.invoke('settings:update', {})).toMatchObject({ ok: false, error: { code: 'badResponse' } });
    ipc.invoke.mockResolvedValueOnce('ok');
    expect(await api.invoke('window:hide', {})).toMatchObject({ ok: false, error: { code: 'badResponse' } });
    ipc.invoke.mockResolvedValueOnce({ ok: false, error: { code: 'not-signed-in', message: 'Sign in first' } });
    expect(await api.invoke('counter:increment', { id: COFFEE_ID })).toEqual({ ok: false, error: { code: 'not-signed-in', message: 'Sign in first' } });
    ipc.invoke.mockRejectedValueOnce(new Error('channel closed'));
    expect(await api.invoke('window:hide', {})).toEqual({ ok: false, error: { code: 'ipc', message: 'channel closed' } });
  });

  it('checks a history answer: days, shades and counts within their bounds', async () => {
    const { ipc } = fakeIpcRenderer();
    const api = fromBridge(createCounterTrayApi(ipc));
    const record = new ActivityRecord();
    record.compact(Date.UTC(2026, 10, 1), 'UTC');
    const history = computeHistory({
      counterId: COFFEE_ID,
      range: 'year',
      today: '2026-11-25',
      firstDayOfWeek: 1,
      firstRecorded: record.firstDay(Date.UTC(2026, 10, 25), 'UTC'),
      currentValue: 3,
      totalsBetween: () => new Map([['2026-11-24', { you: 2, others: 1 }]]),
      streak: { refused: { increment: false, decrement: false }, goal: null },
    });
    ipc.invoke.mockResolvedValueOnce({ ok: true, value: history });
    expect(await api.invoke('activity:history', { id: COFFEE_ID, range: 'year' })).toEqual({ ok: true, value: history });
    const tooDark = { ...history, days: history.days.map((d) => (d.recorded ? { ...d, level: 9 } : d)) };
    const tooLong = { ...history, days: [...history.days, ...history.days] };
    const unknownRange = { ...history, range: 'decade' };
    for (const value of [tooDark, tooLong, unknownRange]) {
      ipc.invoke.mockResolvedValueOnce({ ok: true, value });
      expect(await api.invoke('activity:history', { id: COFFEE_ID, range: 'year' })).toMatchObject({ ok: false, error: { code: 'badResponse' } });
    }
  });

  it('strips what the contract does not know from answers', async () => {
    const { ipc } = fakeIpcRenderer();
    const api = fromBridge(createCounterTrayApi(ipc));
    const state = signedInState([counter(COFFEE_ID, 'Coffees', 3)], []);
    ipc.invoke.mockResolvedValueOnce({ ok: true, value: { ...state, secret: 'x', core: { ...state.core, counters: [{ ...counter(COFFEE_ID, 'Coffees', 3), token: 't' }] } } });
    expect(await api.invoke('state:get', {})).toEqual({ ok: true, value: state });
  });

  it('drops a malformed event and reports it to onInvalid instead of the listener', () => {
    const { ipc, emit } = fakeIpcRenderer();
    const api = fromBridge(createCounterTrayApi(ipc));
    const received: unknown[] = [];
    let invalid = 0;
    api.on('state:delta', (s) => received.push(s), () => (invalid += 1));
    emit('state:delta', { session: 'garbage' });
    emit('state:delta', { from: 1, to: 2, changed: { theme: 'dark' } });
    expect(invalid).toBe(1);
    expect(received).toHaveLength(1);
  });

  it('rejects a state answer whose one changed counter is malformed, even though the others were accepted before', async () => {
    const { ipc } = fakeIpcRenderer();
    const api = fromBridge(createCounterTrayApi(ipc));
    const received: AppState[] = [];
    let invalid = 0;
    const answer = async (value: unknown) => {
      ipc.invoke.mockResolvedValueOnce({ ok: true, value });
      const result = await api.invoke('state:get', {});
      if (result.ok) received.push(result.value);
      else invalid += 1;
    };
    const coffee = counter(COFFEE_ID, 'Coffees', 3);
    const trip = counter(TRIP_ID, 'Trip', 9);
    await answer(copy(signedInState([coffee, trip], [])));
    for (const broken of [
      { ...trip, value: 'ten' },
      { ...trip, value: Number.NaN },
      { ...trip, refused: { increment: 7 } },
      { ...trip, error: { kind: 'exploded', message: 'x' } },
      { ...trip, type: 'Sideways' },
      { id: TRIP_ID },
      null,
    ]) {
      await answer({ ...signedInState([coffee, trip], []), core: { ...signedInState([], []).core, counters: [structuredClone(coffee), broken] } });
    }
    expect(invalid).toBe(7);
    expect(received).toHaveLength(1);
  });

  it('checks a state:delta with the contract: a malformed one never reaches the page', () => {
    const { ipc, emit } = fakeIpcRenderer();
    const api = fromBridge(createCounterTrayApi(ipc));
    const received: unknown[] = [];
    let invalid = 0;
    api.on('state:delta', (d) => received.push(d), () => (invalid += 1));
    const stats = { requests: 0, rateLimited: 0, notifications: 0, ignoredFrames: 0, resyncs: 0 };
    const outbox = { clicks: 5, held: { reason: 'rateLimited', until: 1_795_000_000_000 } };
    const good = { from: 4, to: 5, changed: {}, core: { connection: { status: 'live' }, stats, outbox, upserted: [counter(TRIP_ID, 'Trip', 10)], removed: [] } };
    for (const bad of [
      { ...good, to: 7 }, // skips revisions
      { ...good, from: -1, to: 0 },
      { ...good, changed: { theme: 'neon' } },
      { ...good, changed: { core: null } }, // the core only travels in `core`
      { ...good, core: { ...good.core, upserted: [{ ...counter(TRIP_ID, 'Trip', 10), value: '10' }] } },
      { ...good, core: { ...good.core, removed: [42] } },
      { ...good, core: { ...good.core, order: 'all' } },
      { ...good, core: { ...good.core, outbox: undefined } }, // the clicks that wait always travel with the core
      { ...good, core: { ...good.core, outbox: { clicks: -1 } } },
      { ...good, core: { ...good.core, outbox: { ...outbox, held: { reason: 'whim', until: 1 } } } },
      { ...good, extra: true },
      null,
    ]) emit('state:delta', bad);
    expect(invalid).toBe(12);
    expect(received).toEqual([]);
    emit('state:delta', good);
    expect(received).toEqual([good]);
  });

});


describe('the OS accent colour crosses only as #rrggbb', () => {
  const HOSTILE = ['red', '#0078d4; --bg: url(//attacker.example/x)', 'url(javascript:alert(1))', '#0078D4', '#0078d4ff', '#07d', 'expression(alert(1))', 42];

  /** The check: a state whose accent is `accent` is refused by `schema`. */
  const refused = (schema: z.ZodType, accent: unknown) => !schema.safeParse({ ...signedInState([], []), accentColor: accent }).success;

  it('the contract refuses every hostile value and accepts a colour', () => {
    for (const accent of HOSTILE) expect(refused(AppState, accent), String(accent)).toBe(true);
    expect(refused(AppState, '#0078d4')).toBe(false);
  });

  it('negative control: with the accent a plain string (a weakened contract) the same check lets hostile values through', () => {
    const weakened = AppState.extend({ accentColor: z.unknown().optional() });
    expect(HOSTILE.filter((accent) => refused(weakened, accent))).toEqual([]);
  });

  it('the preload refuses a state answer or a delta carrying one, so the page never sees it', async () => {
    const { ipc, emit } = fakeIpcRenderer();
    const api = fromBridge(createCounterTrayApi(ipc));
    ipc.invoke.mockResolvedValueOnce({ ok: true, value: { ...signedInState([], []), accentColor: HOSTILE[1] } });
    expect(await api.invoke('state:get', {})).toMatchObject({ ok: false, error: { code: 'badResponse' } });
    ipc.invoke.mockResolvedValueOnce({ ok: true, value: { ...signedInState([], []), accentColor: '#0078d4' } });
    expect(await api.invoke('state:get', {})).toMatchObject({ ok: true, value: { accentColor: '#0078d4' } });
    const received: unknown[] = [];
    let invalid = 0;
    api.on('state:delta', (d) => received.push(d), () => (invalid += 1));
    emit('state:delta', { from: 1, to: 2, changed: { accentColor: HOSTILE[1] } });
    emit('state:delta', { from: 1, to: 2, changed: { accentColor: '#ffb900' } });
    expect(invalid).toBe(1);
    expect(received).toEqual([{ from: 1, to: 2, changed: { accentColor: '#ffb900' } }]);
  });
});
