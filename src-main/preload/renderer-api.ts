// What the preload exposes as `window.counterTray`: the contract's channels and
// nothing else (Signal's named functions, not a generic send/on). The preload is the
// renderer-side end of the contract: every answer and event from main is checked here
// against the contract's schemas (as shapes: shape.ts, contract-shapes.ts) before the page
// sees it, so the page bundle carries no zod and still never handles unchecked data, and
// neither does the preload: it only bridges and checks. (Main, in turn, parses every request in
// its dispatcher.) The channel tables are typed as Record<Channel, true>, so adding or
// removing a contract channel without updating them fails the type check.
import type { BridgedResponseOf, CounterTrayBridge, EventChannel, EventOf, InvokeChannel, IpcError, IpcResult } from '../../src-shared/ipc/contract';
import { badResponse } from '../../src-shared/ipc/bad-response';
import { CONTRACT_SHAPES, type ContractShapeName } from './contract-shapes';
import { prefetchFirstState, type FirstState } from './first-state';
import { createShapeChecker, isObject } from './shape';
import { createAppStateValidator, type AppStateValidator, type Validated } from './state-validator';

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
};

const EVENT_CHANNELS: Record<EventChannel, true> = {
  'state:delta': true,
};

export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

const checkShape = createShapeChecker(CONTRACT_SHAPES.defs);
const check = (name: ContractShapeName, raw: unknown): Validated<unknown> => checkShape(CONTRACT_SHAPES.roots[name], raw);

/** An `IpcResult` from main, checked: the value with the channel's response shape, an error with IpcError's. */
function parseResult<C extends InvokeChannel>(channel: C, raw: unknown, states: AppStateValidator): IpcResult<BridgedResponseOf<C>> {
  if (isObject(raw) && raw.ok === false) {
    const error = check('ipcError', raw.error);
    return error.ok ? { ok: false, error: error.value as IpcError } : badResponse(channel);
  }
  if (!isObject(raw) || raw.ok !== true) return badResponse(channel);
  const value = channel === 'state:get' ? states.validate(raw.value) : check(`answer:${channel}`, raw.value);
  return value.ok ? { ok: true, value: value.value as BridgedResponseOf<C> } : badResponse(channel);
}

/** `prefetchState`: ask main for the state now, for the page's first state:get (first-state.ts). */
export function createCounterTrayApi(ipc: IpcRendererLike, options: { prefetchState?: boolean } = {}): CounterTrayBridge {
  // state:get answers: checked, their counters packed for the bridge as they are checked (state-validator.ts).
  const states = createAppStateValidator(checkShape, CONTRACT_SHAPES);
  const parseEvent = (event: EventChannel, payload: unknown): Validated<unknown> => check(`event:${event}`, payload);
  const firstState: FirstState = options.prefetchState ? prefetchFirstState(ipc) : { take: () => null, takeChanges: () => [] };
  const isEmptyRequest = (request: unknown) => isObject(request) && Object.keys(request).length === 0;

  return Object.freeze({
    async invoke<C extends InvokeChannel>(channel: C, request: unknown): Promise<IpcResult<BridgedResponseOf<C>>> {
      if (typeof channel !== 'string' || !Object.hasOwn(INVOKE_CHANNELS, channel)) {
        return { ok: false, error: { code: 'unknown-channel', message: `Unknown channel: ${String(channel)}` } };
      }
      let raw: unknown;
      try {
        const early = channel === 'state:get' && isEmptyRequest(request) ? firstState.take() : null;
        // Without an early answer the request goes to main at once, in this same turn (no extra
        // await before it). An early answer that is not a state (refused, failed) costs only the
        // round trip it tried to save.
        const taken = early ? await early.catch(() => null) : null;
        raw = isObject(taken) && taken.ok === true ? taken : await ipc.invoke(channel, request);
      } catch (error) {
        return { ok: false, error: { code: 'ipc', message: error instanceof Error ? error.message : String(error) } };
      }
      return parseResult(channel, raw, states);
    },
    on<E extends EventChannel>(event: E, listener: (payload: EventOf<E>) => void, onInvalid?: () => void): () => void {
      if (typeof event !== 'string' || !Object.hasOwn(EVENT_CHANNELS, event) || typeof listener !== 'function') return () => undefined;
      // The IpcRendererEvent stays here: it carries `sender`, which must not reach the page.
      const forward = (_event: unknown, payload: unknown) => {
        const parsed = parseEvent(event, payload);
        if (parsed.ok) listener(parsed.value as EventOf<E>);
        else if (typeof onInvalid === 'function') onInvalid();
      };
      ipc.on(event, forward);
      // The changes that came while the page loaded, before any of its own (first-state.ts).
      if (event === 'state:delta') for (const payload of firstState.takeChanges()) forward(undefined, payload);
      return () => void ipc.removeListener(event, forward);
    },
  });
}
