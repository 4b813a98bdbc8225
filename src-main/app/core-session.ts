// Starting a core is how the app checks a server URL and token: the first full sync
// either works or fails with a CoreError that we turn into a precise message.
import type { CoreOptions, CounterCore } from '../core/contract';
import { AppError, asCoreError } from '../ipc/errors';
import type { CoreFactory } from './ports';

/** Creates and starts a core; on failure stops it (no sockets or timers left) and throws an AppError. */
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

/** Failures that may heal by themselves (retry later) versus ones that need the user. */
export function isTransient(error: AppError): boolean {
  return error.code === 'server-unreachable' || error.code === 'rate-limited' || error.code === 'internal';
}

export function startFailure(error: unknown, baseUrl: string): AppError {
  if (error instanceof AppError) return error;
  const core = asCoreError(error);
  const host = hostOf(baseUrl);
  if (!core) return new AppError('internal', `Could not start syncing with ${host}.`);
  // The user reads what happened and what to do; the core's detail (HTTP status,
  // ENOTFOUND, ECONNREFUSED 127.0.0.1:…) goes to the log through `detail`.
  const detail = core.message;
  switch (core.kind) {
    case 'unauthorized':
      return new AppError('token-rejected', `${host} rejected this token. Create a new API token in your CountTogether settings and paste it here.`, detail);
    case 'forbidden':
      return new AppError('token-rejected', `${host} does not let this token in. Check that it is your personal API token.`, detail);
    case 'network':
    case 'timeout':
      return new AppError('server-unreachable', `Could not reach ${host}. Check your connection, or the server address.`, detail);
    case 'rateLimited':
      return new AppError('rate-limited', `${host} is busy. Try again in a moment.`, detail);
    case 'badResponse':
    case 'notFound':
      return new AppError('not-a-counter-server', `${host} does not look like a CountTogether server. Check the address.`, detail);
    default:
      return new AppError('server-unreachable', `${host} could not answer right now. Counter Tray tries again.`, detail);
  }
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}
