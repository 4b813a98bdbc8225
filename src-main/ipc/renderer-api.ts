// What the preload exposes as `window.counterTray`: the contract's channels and
// nothing else (Signal's named functions, not a generic send/on). No zod here: the
// preload stays small, and main parses everything anyway. The channel tables are
// typed as Record<Channel, true>, so adding or removing a contract channel without
// updating them fails the type check.
import type { CounterTrayApi, EventChannel, EventOf, InvokeChannel, IpcResult, ResponseOf } from '../../src-shared/ipc/contract';

const INVOKE_CHANNELS: Record<InvokeChannel, true> = {
  'state:get': true,
  'counter:increment': true,
  'counter:decrement': true,
  'counter:update': true,
  'session:connect': true,
  'session:startDemo': true,
  'session:signOut': true,
  'session:storeTokenWeakly': true,
  'settings:update': true,
  'window:hide': true,
};

const EVENT_CHANNELS: Record<EventChannel, true> = {
  'state:changed': true,
  'ui:focusCounter': true,
};

export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

export function createCounterTrayApi(ipc: IpcRendererLike): CounterTrayApi {
  return Object.freeze({
    invoke<C extends InvokeChannel>(channel: C, request: unknown): Promise<IpcResult<ResponseOf<C>>> {
      if (typeof channel !== 'string' || !Object.hasOwn(INVOKE_CHANNELS, channel)) {
        return Promise.resolve({ ok: false, error: { code: 'unknown-channel', message: `Unknown channel: ${String(channel)}` } });
      }
      return ipc.invoke(channel, request) as Promise<IpcResult<ResponseOf<C>>>;
    },
    on<E extends EventChannel>(event: E, listener: (payload: EventOf<E>) => void): () => void {
      if (typeof event !== 'string' || !Object.hasOwn(EVENT_CHANNELS, event) || typeof listener !== 'function') return () => undefined;
      // The IpcRendererEvent stays here: it carries `sender`, which must not reach the page.
      const forward = (_event: unknown, payload: unknown) => listener(payload as EventOf<E>);
      ipc.on(event, forward);
      return () => void ipc.removeListener(event, forward);
    },
  });
}
