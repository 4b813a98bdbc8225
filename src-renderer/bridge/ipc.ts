// The renderer's only door to main. The preload (src-main/preload/renderer-api.ts) parses
// every answer and event with the contract's schemas before they reach this page, so
// the page bundle carries no zod; these wrappers only make sure nothing throws.
import type { CounterTrayApi, EventChannel, EventOf, InvokeChannel, IpcResult, RequestOf, ResponseOf } from '../../src-shared/ipc/contract';

/** Invoke a channel; never throws: a broken bridge becomes an `ok: false` result. */
export async function call<C extends InvokeChannel>(
  api: CounterTrayApi,
  channel: C,
  request: RequestOf<C>,
): Promise<IpcResult<ResponseOf<C>>> {
  try {
    return await api.invoke(channel, request);
  } catch (error) {
    return { ok: false, error: { code: 'ipc', message: error instanceof Error ? error.message : String(error) } };
  }
}

/** Subscribe to an event; payloads the preload found malformed are dropped and reported to `onInvalid`. */
export function listen<E extends EventChannel>(
  api: CounterTrayApi,
  event: E,
  listener: (payload: EventOf<E>) => void,
  onInvalid: (event: E) => void = () => {},
): () => void {
  return api.on(event, listener, () => onInvalid(event));
}
