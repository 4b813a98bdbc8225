// Which server URLs the app accepts (issue 4 §5): https always; http only for a
// loopback host unless the user confirmed it. Nothing else (file:, ws:, javascript:).
import { withDefaultScheme } from '../../src-shared/domain/server-address';
import { AppError } from '../ipc/errors';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (LOOPBACK_NAMES.has(host) || host.endsWith('.localhost')) return true;
  return /^127(\.\d{1,3}){3}$/.test(host);
}

/** Parses and normalises (no trailing slash) or throws an AppError saying exactly why not. */
export function validateServerUrl(input: string, allowInsecure: boolean): string {
  let url: URL;
  try {
    url = new URL(withDefaultScheme(input));
  } catch {
    throw new AppError('invalid-url', 'That is not a server address. It should look like https://developers.counttogether.app');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AppError('invalid-url', 'The server address must start with https://.');
  }
  if (url.username || url.password) {
    throw new AppError('invalid-url', 'The server address must not contain a user name or password; paste the token separately.');
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname) && !allowInsecure) {
    throw new AppError('insecure-url', `http://${url.host} is not encrypted: your token would travel in clear text. Use the server's https:// address.`);
  }
  url.hash = '';
  url.search = '';
  return url.toString().replace(/\/+$/, '');
}
