// Starting a core is how the app checks a server URL and token: the first full sync works or fails.
import type { CoreOptions, CounterCore } from '../../core/contract';
import { words } from '../../../src-shared/i18n/messages';
import { AppError, asCoreError } from '../../ipc/errors';
import type { CoreFactory } from '../ports';
import { hostOf } from '../../../src-shared/i18n/error-words';

/** On failure stops the core (no sockets or timers left). */
export async function startCore(factory: CoreFactory, options: CoreOptions): Promise<CounterCore> {
  const core = await factory(options);
  try {
    await core.start();
    return core;
  } catch (error) {
    await core.stop().catch(() => undefined);
    throw startFailure(error, options.baseUrl);
  }
}

/** Failures that may heal by themselves (retry later), not ones that need the user. */
export function isTransient(error: AppError): boolean {
  return error.code === 'server-unreachable' || error.code === 'rate-limited' || error.code === 'internal';
}

export function startFailure(error: unknown, baseUrl: string): AppError {
  if (error instanceof AppError) return error;
  const core = asCoreError(error);
  const host = hostOf(baseUrl) ?? baseUrl;
  if (!core) return new AppError('internal', `Could not start syncing with ${host}.`);
  // The core's detail goes to the log.
  const detail = core.message;
  switch (core.kind) {
    case 'unauthorized':
    case 'forbidden':
      return new AppError('token-rejected', words('error.tokenRejected', { host }), detail);
    case 'network':
    case 'timeout':
      return new AppError('server-unreachable', words('error.serverUnreachable', { host }), detail);
    case 'rateLimited':
      return new AppError('rate-limited', words('error.hostBusy', { host }), detail);
    case 'badResponse':
    case 'notFound':
      return new AppError('not-a-counter-server', words('error.notACounterServer', { host }), detail);
    default:
      return new AppError('server-unreachable', words('error.serverUnreachable', { host }), detail);
  }
}
