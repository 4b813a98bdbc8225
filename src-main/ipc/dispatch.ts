// Where an invoke from the renderer becomes a handler call, after zod parsed it: the trust boundary.
import type { z } from 'zod';
import { invokeChannels, type InvokeChannel, type IpcError, type IpcResult, type ResponseOf } from '../../src-shared/ipc/contract';
import { redactWords, toIpcError } from './errors';

/** Typed from the contract, so a channel cannot drift between the sides. */
export type ParsedRequestOf<C extends InvokeChannel> = z.output<(typeof invokeChannels)[C]['request']>;

export type InvokeHandlers = {
  [C in InvokeChannel]: (request: ParsedRequestOf<C>) => Promise<ResponseOf<C>> | ResponseOf<C>;
};

/** The answer of a handler whose only news is that its step finished. */
export async function done(step: Promise<unknown>): Promise<null> {
  await step;
  return null;
}

interface DispatcherOptions {
  /** The last line of defence against the token in a message. */
  redact?: (text: string) => string;
  /** Errors that are not AppError/CoreError (bugs), for the log. */
  onUnexpectedError?: (channel: InvokeChannel, error: unknown) => void;
}

export type Dispatch = (channel: unknown, payload: unknown) => Promise<IpcResult<unknown>>;

const isInvokeChannel = (value: unknown): value is InvokeChannel => typeof value === 'string' && Object.hasOwn(invokeChannels, value);

/** Calls wait until `ready` resolves; after it, they go straight through, in the same turn. */
export function afterReady(ready: Promise<void>, dispatch: Dispatch): Dispatch {
  let waiting = true;
  void ready.then(() => (waiting = false));
  return (channel, payload) => (waiting ? ready.then(() => dispatch(channel, payload)) : dispatch(channel, payload));
}

export function createIpcDispatcher(handlers: InvokeHandlers, options: DispatcherOptions = {}): Dispatch {
  const redact = options.redact ?? ((text: string) => text);
  const fail = (error: IpcError): IpcResult<never> => ({
    ok: false,
    error: { code: error.code, message: redact(error.message), ...(error.words ? { words: redactWords(error.words, redact) } : {}) },
  });

  return async (channel, payload) => {
    if (!isInvokeChannel(channel)) {
      return fail({ code: 'unknown-channel', message: `Unknown channel: ${typeof channel === 'string' ? channel.slice(0, 64) : typeof channel}` });
    }
    const spec = invokeChannels[channel];
    const parsed = spec.request.safeParse(payload);
    if (!parsed.success) {
      return fail({ code: 'invalid-payload', message: describeIssues(parsed.error.issues) });
    }
    try {
      const handler = handlers[channel] as (request: unknown) => unknown;
      const value: unknown = await handler(parsed.data);
      // zod strips what the contract does not name: no stray field (a token, a handle) rides along.
      const checked = spec.response.safeParse(value);
      if (!checked.success) {
        options.onUnexpectedError?.(channel, checked.error);
        return fail({ code: 'internal', message: 'Counter Tray produced an answer it could not send.' });
      }
      return { ok: true, value: checked.data };
    } catch (error) {
      const mapped = toIpcError(error);
      if (mapped.code === 'internal') options.onUnexpectedError?.(channel, error);
      return fail(mapped);
    }
  };
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const first = issues[0];
  if (!first) return 'The request is not valid.';
  const where = first.path.length > 0 ? ` at ${first.path.map(String).join('.')}` : '';
  return `The request is not valid${where}: ${first.message}`;
}
