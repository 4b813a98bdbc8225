// Which server URLs the app accepts: https always; http only for a
// loopback host, or for another host once the user confirmed it in main's own dialog.
// Nothing else (file:, ws:, javascript:). The same rules apply to what the user types and
// to what settings.json says at launch. An address typed without a scheme gets https://.
import { DEFAULT_SERVER_URL, withDefaultScheme } from '../../../src-shared/domain/server-address';
import { words } from '../../../src-shared/i18n/messages';
import { AppError } from '../../ipc/errors';

/**
 * Plain http stays on this machine only for literal loopback addresses and `localhost`
 * itself. Not `*.localhost`: RFC 6761 says it should resolve to loopback, but
 * Node asks DNS for `attacker.localhost` like any other name. `hostname` is as the WHATWG
 * URL parser gives it: lower case, IPv4 in dotted decimal (0x7f.1 is 127.0.0.1), IPv6 in brackets.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host === '[::1]') return true;
  return /^127(\.\d{1,3}){3}$/.test(host);
}

export interface ServerUrl {
  /** Normalised: no trailing slash, no query, no fragment. */
  url: string;
  /** scheme://host[:port]: what a token is bound to. */
  origin: string;
  /** Plain http to a host that is not this machine: the token would cross the network in clear. */
  plainHttp: boolean;
}

/** Parses and normalises, or throws an AppError saying exactly why not. Plain http is reported, not refused. */
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

/** The origin of a URL the app already accepted; '' for anything unparseable (matches no token). */
export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/** "counters.example.org:8443" from a URL or origin, for words about it (the text itself when it is not one). */
export function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}
