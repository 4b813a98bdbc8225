// The preload asks for the popup's first state as it runs, so the page's first state:get
// finds the answer there (src-main/preload/first-state.ts): once, only while no change has
// made it stale, and checked like any other answer.
import { describe, expect, it, vi } from 'vitest';
import { createCounterTrayApi, type IpcRendererLike } from '../../src-main/preload/renderer-api';
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
    const api = createCounterTrayApi(ipc, { prefetchState: true });
    expect(ipc.invoke).toHaveBeenCalledTimes(1);
    expect(ipc.invoke).toHaveBeenLastCalledWith('state:get', {});
    expect(await api.invoke('state:get', {})).toEqual({ ok: true, value: first });
    expect(ipc.invoke).toHaveBeenCalledTimes(1);
    expect(await api.invoke('state:get', {})).toEqual({ ok: true, value: later });
    expect(ipc.invoke).toHaveBeenCalledTimes(2);
  });

  it('is dropped once a change arrives after it was asked for: the page asks afresh', async () => {
    const { ipc, emit, listeners } = fakeIpc([answer(first), answer(later)]);
    const api = createCounterTrayApi(ipc, { prefetchState: true });
    emit('state:delta', { from: 4, to: 5, changed: {} });
    expect(await api.invoke('state:get', {})).toEqual({ ok: true, value: later });
    expect(ipc.invoke).toHaveBeenCalledTimes(2);
    // Its own listener is gone: nothing of it outlives its use.
    expect(listeners.get('state:delta')?.size).toBe(0);
  });

  it('is checked like any answer when the page takes it', async () => {
    const { ipc } = fakeIpc([answer({ ...first, theme: 'neon' })]);
    const api = createCounterTrayApi(ipc, { prefetchState: true });
    expect(await api.invoke('state:get', {})).toMatchObject({ ok: false, error: { code: 'badResponse' } });
  });

  it('a failed one reaches the page as that call’s IPC error, never as an unhandled rejection', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const { ipc } = fakeIpc([() => Promise.reject(new Error('channel closed'))]);
      const api = createCounterTrayApi(ipc, { prefetchState: true });
      await new Promise((resolve) => setImmediate(resolve));
      expect(await api.invoke('state:get', {})).toEqual({ ok: false, error: { code: 'ipc', message: 'channel closed' } });
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('is not handed out for a state:get with another request (main would refuse it)', async () => {
    const { ipc } = fakeIpc([answer(first), async () => ({ ok: false, error: { code: 'invalid-payload', message: 'no' } })]);
    const api = createCounterTrayApi(ipc, { prefetchState: true });
    expect(await api.invoke('state:get', { extra: true } as never)).toMatchObject({ ok: false, error: { code: 'invalid-payload' } });
  });

  it('without the option nothing is asked before the page asks', () => {
    const { ipc } = fakeIpc([]);
    createCounterTrayApi(ipc);
    expect(ipc.invoke).not.toHaveBeenCalled();
  });
});
