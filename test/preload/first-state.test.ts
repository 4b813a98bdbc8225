// The preload asks for the popup's first state as it runs, so the page's first state:get
// finds the answer there (src-main/preload/first-state.ts): once, with the changes pushed
// meanwhile handed to the page's first subscriber, and checked like any other answer.
import { describe, expect, it, vi } from 'vitest';
import { MAX_KEPT_CHANGES } from '../../src-main/preload/first-state';
import { createCounterTrayApi, type IpcRendererLike } from '../../src-main/preload/renderer-api';
// What the page sees: the bridge's answers as src-renderer/main.tsx unpacks them.
import { fromBridge } from '../../src-renderer/bridge/fromBridge';
import { applyDelta } from '../../src-renderer/bridge/applyDelta';
import type { AppState, StateDelta } from '../../src-shared/ipc/contract';
import { COFFEE_ID, counter, signedInState } from '../support/app-fakes';

function fakeIpc(answers: (() => Promise<unknown>)[]) {
  const listeners = new Map<string, Set<(event: unknown, payload: unknown) => void>>();
  const ipc: IpcRendererLike & { invoke: ReturnType<typeof vi.fn> } = {
    invoke: vi.fn((_channel: string) => (answers.shift() ?? (async () => ({ ok: true, value: null })))()),
    on: (channel, listener) => void (listeners.get(channel) ?? listeners.set(channel, new Set()).get(channel))?.add(listener),
    removeListener: (channel, listener) => void listeners.get(channel)?.delete(listener),
  };
  const emit = (channel: string, payload: unknown) => listeners.get(channel)?.forEach((l) => l({}, payload));
  return { ipc, emit, listeners };
}

const first = { ...signedInState([counter(COFFEE_ID, 'Coffees', 3)], []), revision: 4 };
const later = { ...signedInState([counter(COFFEE_ID, 'Coffees', 5)], []), revision: 6 };
const answer = (value: unknown) => async () => ({ ok: true, value: structuredClone(value) });

describe('the first state, asked for while the page loads', () => {
  it('is asked for once, at once, and is the answer to the page’s first state:get; the next one asks again', async () => {
    const { ipc } = fakeIpc([answer(first), answer(later)]);
    const api = fromBridge(createCounterTrayApi(ipc, { prefetchState: true }));
    expect(ipc.invoke).toHaveBeenCalledTimes(1);
    expect(ipc.invoke).toHaveBeenLastCalledWith('state:get', {});
    expect(await api.invoke('state:get', {})).toEqual({ ok: true, value: first });
    expect(ipc.invoke).toHaveBeenCalledTimes(1);
    expect(await api.invoke('state:get', {})).toEqual({ ok: true, value: later });
    expect(ipc.invoke).toHaveBeenCalledTimes(2);
  });

  it('hands the changes pushed meanwhile to the page’s first subscriber, checked, so the early answer catches up without asking again', async () => {
    const { ipc, emit, listeners } = fakeIpc([answer(first)]);
    const api = fromBridge(createCounterTrayApi(ipc, { prefetchState: true }));
    const stats = { requests: 0, rateLimited: 0, notifications: 0, ignoredFrames: 0, resyncs: 0 };
    const bump = (from: number, value: number): StateDelta => ({ from, to: from + 1, changed: {}, core: { connection: { status: 'live' }, stats, outbox: { clicks: 0 }, upserted: [counter(COFFEE_ID, 'Coffees', value)], removed: [] } });
    // Main pushes while the page loads: one the early answer already holds, two after it, one malformed.
    for (const change of [bump(3, 3), bump(4, 4), { ...bump(5, 5), to: 9 }, bump(5, 5)]) emit('state:delta', structuredClone(change));

    // As useAppState does: subscribe, then ask; apply what follows the answer's revision.
    const received: StateDelta[] = [];
    let invalid = 0;
    api.on('state:delta', (delta) => received.push(delta), () => (invalid += 1));
    const got = await api.invoke('state:get', {});
    if (!got.ok) throw new Error('no state');
    const shown = received.reduce<AppState>((state, delta) => (delta.from >= state.revision ? (applyDelta(state, delta) ?? state) : state), got.value);
    expect(ipc.invoke).toHaveBeenCalledTimes(1);
    expect(invalid).toBe(1);
    expect(shown.revision).toBe(6);
    expect(shown.core?.counters[0]?.value).toBe(5);

    // Handed over once: a later subscriber gets only what comes next; the preload's own listener is gone.
    const later: unknown[] = [];
    api.on('state:delta', (delta) => later.push(delta));
    expect(later).toEqual([]);
    expect(listeners.get('state:delta')?.size).toBe(2);
  });

  it('past too many changes before the page asks, drops the early answer: the page asks afresh', async () => {
    const { ipc, emit, listeners } = fakeIpc([answer(first), answer(later)]);
    const api = fromBridge(createCounterTrayApi(ipc, { prefetchState: true }));
    for (let i = 0; i <= MAX_KEPT_CHANGES; i += 1) emit('state:delta', { from: i, to: i + 1, changed: {} });
    expect(listeners.get('state:delta')?.size).toBe(0);
    expect(await api.invoke('state:get', {})).toEqual({ ok: true, value: later });
    expect(ipc.invoke).toHaveBeenCalledTimes(2);
  });

  it('is checked like any answer when the page takes it', async () => {
    const { ipc } = fakeIpc([answer({ ...first, theme: 'neon' })]);
    const api = fromBridge(createCounterTrayApi(ipc, { prefetchState: true }));
    expect(await api.invoke('state:get', {})).toMatchObject({ ok: false, error: { code: 'badResponse' } });
  });

  it('a refused or failed one is not handed on: the page’s own state:get goes to main, and nothing is left unhandled', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      for (const early of [() => Promise.reject(new Error('channel closed')), async () => ({ ok: false, error: { code: 'forbidden-sender', message: 'no' } })]) {
        const { ipc } = fakeIpc([early, answer(later)]);
        const api = fromBridge(createCounterTrayApi(ipc, { prefetchState: true }));
        await new Promise((resolve) => setImmediate(resolve));
        expect(await api.invoke('state:get', {})).toEqual({ ok: true, value: later });
        expect(ipc.invoke).toHaveBeenCalledTimes(2);
      }
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('is not handed out for a state:get with another request (main would refuse it)', async () => {
    const { ipc } = fakeIpc([answer(first), async () => ({ ok: false, error: { code: 'invalid-payload', message: 'no' } })]);
    const api = fromBridge(createCounterTrayApi(ipc, { prefetchState: true }));
    expect(await api.invoke('state:get', { extra: true } as never)).toMatchObject({ ok: false, error: { code: 'invalid-payload' } });
  });

  it('without the option nothing is asked before the page asks', () => {
    const { ipc } = fakeIpc([]);
    createCounterTrayApi(ipc);
    expect(ipc.invoke).not.toHaveBeenCalled();
  });
});
