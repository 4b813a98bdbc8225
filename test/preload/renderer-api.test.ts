import { describe, expect, it, vi } from 'vitest';
import { createCounterTrayApi, type IpcRendererLike } from '../../src-main/preload/renderer-api';
import { invokeChannels, type InvokeChannel } from '../../src-shared/ipc/contract';
import { COFFEE_ID, counter, signedInState } from '../support/app-fakes';

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
    const api = createCounterTrayApi(ipc);
    for (const channel of Object.keys(invokeChannels) as InvokeChannel[]) {
      await api.invoke(channel, {} as never);
      expect(ipc.invoke).toHaveBeenLastCalledWith(channel, {});
    }
    expect(ipc.invoke).toHaveBeenCalledTimes(Object.keys(invokeChannels).length);
  });

  it('refuses channels outside the contract without touching ipcRenderer', async () => {
    const { ipc } = fakeIpcRenderer();
    const api = createCounterTrayApi(ipc);
    for (const channel of ['electron:openExternal', 'state:delta', '__proto__', 'constructor', 42]) {
      expect(await api.invoke(channel as never, {} as never)).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
    }
    expect(ipc.invoke).not.toHaveBeenCalled();
  });

  it('hands main’s answers on as they are, and a failed call as an error, never a throw', async () => {
    const { ipc } = fakeIpcRenderer();
    const api = createCounterTrayApi(ipc);
    const state = signedInState([counter(COFFEE_ID, 'Coffees', 3)], []);
    ipc.invoke.mockResolvedValueOnce({ ok: true, value: state });
    expect(await api.invoke('state:get', {})).toEqual({ ok: true, value: state });
    ipc.invoke.mockResolvedValueOnce({ ok: false, error: { code: 'not-signed-in', message: 'Sign in first' } });
    expect(await api.invoke('counter:increment', { id: COFFEE_ID })).toEqual({ ok: false, error: { code: 'not-signed-in', message: 'Sign in first' } });
    ipc.invoke.mockRejectedValueOnce(new Error('channel closed'));
    expect(await api.invoke('window:hide', {})).toEqual({ ok: false, error: { code: 'ipc', message: 'channel closed' } });
  });

  it('the state subscription delivers only the delta (never the IPC event) and unsubscribes', () => {
    const { ipc, emit, listeners } = fakeIpcRenderer();
    const api = createCounterTrayApi(ipc);
    const received: unknown[][] = [];
    const off = api.onStateDelta((...args: unknown[]) => received.push(args));
    emit('state:delta', { from: 1, to: 2, changed: { theme: 'dark' } });
    off();
    emit('state:delta', { from: 2, to: 3, changed: { theme: 'light' } });
    expect(received).toEqual([[{ from: 1, to: 2, changed: { theme: 'dark' } }]]);
    expect(listeners.get('state:delta')?.size).toBe(0);
    // Anything but a function subscribes nothing.
    api.onStateDelta('x' as never)();
    expect(listeners.get('state:delta')?.size).toBe(0);
  });

  it('is frozen and offers nothing but invoke and the state subscription', () => {
    const api = createCounterTrayApi(fakeIpcRenderer().ipc);
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.keys(api).sort()).toEqual(['invoke', 'onStateDelta']);
  });
});
