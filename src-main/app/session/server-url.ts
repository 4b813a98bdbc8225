// Which server URLs the app accepts: https; http only for loopback or once confirmed in main's dialog.
import { DEFAULT_SERVER_URL, withDefaultScheme } from '../../../src-shared/domain/server-address';
import { words } from '../../../src-shared/i18n/messages';
import { AppError } from '../../ipc/errors';

/** Literal addresses and `localhost`. Not `*.localhost`: Node asks DNS for `attacker.localhost` like any name. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host === '[::1]') return true;
  return /^127(\.\d{1,3}){3}$/.test(host);
}

export interface ServerUrl {
  /** No trailing slash, query or fragment. */
  url: string;
  /** What a token is bound to. */
  origin: string;
  /** To a host that is not this machine: the token would cross the network in clear. */
  plainHttp: boolean;
}

/** Throws an AppError saying why; plain http is reported, not refused. */
export function parseServerUrl(input: string): ServerUrl {
  let url: URL;
  try {
    url = new URL(withDefaultScheme(input));
  } catch {
    throw new AppError('invalid-url', words('error.invalidUrl', { example: DEFAULT_SERVER_URL }));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AppError('invalid-url', words('error.urlNeedsHttps'));
  }
  if (url.username || url.password) {
    throw new AppError('invalid-url', words('error.urlHasCredentials'));
  }
  url.hash = '';
  url.search = '';
  return { url: url.toString().replace(/\/+$/, ''), origin: url.origin, plainHttp: url.protocol === 'http:' && !isLoopbackHost(url.hostname) };
}

/** '' for anything unparseable (matches no token). */
export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}
