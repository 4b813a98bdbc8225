// The only door to main (the preload's CounterTrayApi): answers arrive as main sent them, and nothing throws.
import { useCallback } from 'react';
import { errorText } from '../../src-shared/i18n/error-words';
import type { CounterTrayApi, InvokeChannel, IpcResult, RequestOf, ResponseOf } from '../../src-shared/ipc/contract';
import { useI18n } from '../i18n/I18n';

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

/** True when main did it; a refusal is said in the app's words. */
export function useAsk(api: CounterTrayApi, say: (message: string) => void) {
  const i18n = useI18n();
  return useCallback(
    async <C extends InvokeChannel>(channel: C, request: RequestOf<C>): Promise<boolean> => {
      const result = await call(api, channel, request);
      if (!result.ok) say(errorText(i18n, result.error));
      return result.ok;
    },
    [api, say, i18n],
  );
}
