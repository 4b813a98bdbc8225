// The renderer's only door to main: every answer and event is parsed with the
// contract's schemas, because TypeScript types do not survive a process hop.
import { z } from 'zod';
import {
  IpcError,
  eventChannels,
  invokeChannels,
  type CounterTrayApi,
  type EventChannel,
  type EventOf,
  type InvokeChannel,
  type IpcResult,
  type RequestOf,
  type ResponseOf,
} from '../../src-shared/ipc/contract';

const resultSchemas = new Map<InvokeChannel, z.ZodType>();

function resultSchema(channel: InvokeChannel): z.ZodType {
  let schema = resultSchemas.get(channel);
  if (!schema) {
    schema = z.union([
      z.object({ ok: z.literal(true), value: invokeChannels[channel].response }),
      z.object({ ok: z.literal(false), error: IpcError }),
    ]);
    resultSchemas.set(channel, schema);
  }
  return schema;
}

/** Invoke a channel; never throws: a broken bridge or a malformed answer becomes an `ok: false` result. */
export async function call<C extends InvokeChannel>(
  api: CounterTrayApi,
  channel: C,
  request: RequestOf<C>,
): Promise<IpcResult<ResponseOf<C>>> {
  let raw: unknown;
  try {
    raw = await api.invoke(channel, request);
  } catch (error) {
    return { ok: false, error: { code: 'ipc', message: error instanceof Error ? error.message : String(error) } };
  }
  const parsed = resultSchema(channel).safeParse(raw);
  if (!parsed.success) {
    return { ok: false, error: { code: 'badResponse', message: `The app sent an answer the window does not understand (${channel}).` } };
  }
  return parsed.data as IpcResult<ResponseOf<C>>;
}

/** Subscribe to an event; payloads that fail the schema are dropped and reported. */
export function listen<E extends EventChannel>(
  api: CounterTrayApi,
  event: E,
  listener: (payload: EventOf<E>) => void,
  onInvalid: (event: E) => void = () => {},
): () => void {
  const schema: z.ZodType = eventChannels[event];
  return api.on(event, (payload: unknown) => {
    const parsed = schema.safeParse(payload);
    if (parsed.success) listener(parsed.data as EventOf<E>);
    else onInvalid(event);
  });
}
