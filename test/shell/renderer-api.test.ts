import { describe, expect, it, vi } from 'vitest';
import { createCounterTrayApi, type IpcRendererLike } from '../../src-main/ipc/renderer-api';
import { eventChannels, invokeChannels, type EventChannel, type InvokeChannel } from '../../src-shared/ipc/contract';
import { COFFEE_ID } from './fakes';

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
    for (const channel of ['electron:openExternal', '__proto__', 'constructor', 42]) {
      expect(await api.invoke(channel as never, {} as never)).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
    }
    expect(ipc.invoke).not.toHaveBeenCalled();
  });

  it('subscriptions deliver only the payload (never the IPC event) and unsubscribe', () => {
    const { ipc, emit, listeners } = fakeIpcRenderer();
    const api = createCounterTrayApi(ipc);
    const received: unknown[][] = [];
    const off = api.on('ui:focusCounter', (...args: unknown[]) => received.push(args));
    emit('ui:focusCounter', { id: COFFEE_ID });
    off();
    emit('ui:focusCounter', { id: COFFEE_ID });
    expect(received).toEqual([[{ id: COFFEE_ID }]]);
    expect(listeners.get('ui:focusCounter')?.size).toBe(0);
  });

  it('ignores subscriptions to unknown events', () => {
    const { ipc, listeners } = fakeIpcRenderer();
    const api = createCounterTrayApi(ipc);
    api.on('ipc:anything' as EventChannel, () => undefined)();
    expect(listeners.size).toBe(0);
    expect(Object.keys(eventChannels)).toHaveLength(2);
  });

  it('is frozen: the page cannot swap its methods', () => {
    const api = createCounterTrayApi(fakeIpcRenderer().ipc);
    expect(Object.isFrozen(api)).toBe(true);
  });
});
