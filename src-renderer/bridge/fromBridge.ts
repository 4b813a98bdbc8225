// The page's view of the bridge: `window.counterTray` hands state:get's counters over packed
// (src-shared/ipc/packed-list.ts: two strings cross the bridge where 5 000 objects would each be
// copied); here they are unpacked, so the rest of the page sees the contract's AppState. A packed
// list that does not read back whole is a bad answer, as a malformed one from main is.
import type { AppState, BridgedAppState, CounterTrayApi, CounterTrayBridge, InvokeChannel, IpcResult, RequestOf, ResponseOf } from '../../src-shared/ipc/contract';
import { badResponse } from '../../src-shared/ipc/bad-response';
import { unpackList } from '../../src-shared/ipc/packed-list-reader';

function unbridged(state: BridgedAppState): AppState | null {
  if (!state.core) return { ...state, core: null };
  const counters = unpackList(state.core.counters);
  return counters ? { ...state, core: { ...state.core, counters } } : null;
}

export function fromBridge(bridge: CounterTrayBridge): CounterTrayApi {
  async function invoke<C extends InvokeChannel>(channel: C, request: RequestOf<C>): Promise<IpcResult<ResponseOf<C>>> {
    const result = await bridge.invoke(channel, request);
    if (channel !== 'state:get' || !result.ok) return result as IpcResult<ResponseOf<C>>;
    const state = unbridged(result.value as BridgedAppState);
    return state ? ({ ok: true, value: state } as IpcResult<ResponseOf<C>>) : badResponse(channel);
  }
  return Object.freeze({ invoke, on: bridge.on.bind(bridge) });
}
