// The renderer's only door to main: `window.counterTray` (the preload's CounterTrayApi).
// Main's answers arrive as main sent them; this wrapper only makes sure nothing throws.
import type { CounterTrayApi, InvokeChannel, IpcResult, RequestOf, ResponseOf } from '../../src-shared/ipc/contract';

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
