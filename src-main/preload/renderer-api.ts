// `window.counterTray` (README.md). Only types from the contract: a value would bundle zod.
import type { CounterTrayApi, InvokeChannel, IpcResult, StateDelta } from '../../src-shared/ipc/contract';

/** A channel added to the contract or removed without this table fails the type check. */
const INVOKE_CHANNELS: Record<InvokeChannel, true> = {
  'state:get': true,
  'counter:increment': true,
  'counter:decrement': true,
  'counter:dismissError': true,
  'counter:resolveUnconfirmed': true,
  'counter:update': true,
  'counter:undo': true,
  'activity:detail': true,
  'activity:history': true,
  'goal:set': true,
  'milestones:mute': true,
  'counter:reset': true,
  'counter:undoReset': true,
  'activity:export': true,
  'session:connect': true,
  'session:startDemo': true,
  'session:signOut': true,
  'session:storeTokenWeakly': true,
  'settings:update': true,
  'session:retryNow': true,
  'app:openLink': true,
  'app:quit': true,
  'updates:check': true,
  'updates:download': true,
  'updates:restart': true,
  'group:create': true,
  'group:rename': true,
  'group:delete': true,
  'group:fold': true,
  'counter:place': true,
  'counter:hide': true,
  'list:sort': true,
  'window:hide': true,
  'window:keepOpen': true,
  'window:mini': true,
  'settings:export': true,
  'settings:importPick': true,
  'settings:importApply': true,
};

export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

export function createCounterTrayApi(ipc: IpcRendererLike): CounterTrayApi {
  return Object.freeze({
    async invoke<C extends InvokeChannel>(channel: C, request: unknown) {
      if (typeof channel !== 'string' || !Object.hasOwn(INVOKE_CHANNELS, channel)) {
        return { ok: false, error: { code: 'unknown-channel', message: `Unknown channel: ${String(channel)}` } } as const;
      }
      try {
        // Exactly one argument: main's wrapper refuses any other count.
        return (await ipc.invoke(channel, request)) as IpcResult<never>;
      } catch (error) {
        return { ok: false, error: { code: 'ipc', message: error instanceof Error ? error.message : String(error) } } as const;
      }
    },
    onStateDelta(listener: (delta: StateDelta) => void): () => void {
      if (typeof listener !== 'function') return () => undefined;
      // The IpcRendererEvent stays here: it carries `sender`, which must not reach the page.
      const forward = (_event: unknown, delta: unknown) => listener(delta as StateDelta);
      ipc.on('state:delta', forward);
      return () => void ipc.removeListener('state:delta', forward);
    },
  });
}
