// state:get's answer as main sends it: its counters packed (src-shared/ipc/packed-list.ts), two
// strings where there were thousands of objects. IPC copies what main sends; with objects, the
// popup's process then built every counter anew, and its preload read every key of them again to
// check and pack them for the bridge. The preload now checks the packed list as it is and hands the
// same two strings on (src-main/preload/state-validator.ts).
import { CounterState } from '../../src-shared/domain/snapshot';
import type { AppState, BridgedAppState, IpcResult } from '../../src-shared/ipc/contract';
import { packList } from '../../src-shared/ipc/packed-list';

/** The contract's counter keys, in the order the preload's shapes list them (both are the schema's own order). */
const COUNTER_KEYS = Object.keys(CounterState.shape) as (keyof CounterState & string)[];

export function packStateAnswer(state: AppState): BridgedAppState {
  if (!state.core) return { ...state, core: null };
  return { ...state, core: { ...state.core, counters: packList(state.core.counters, COUNTER_KEYS) } };
}

/** A dispatcher's answer as it goes over IPC: state:get's packed, every other as it is. */
export function answerForWire(channel: unknown, result: IpcResult<unknown>): IpcResult<unknown> {
  if (channel !== 'state:get' || !result.ok) return result;
  // The dispatcher answers state:get with what its handler returned: main's own AppState.
  return { ok: true, value: packStateAnswer(result.value as AppState) };
}
