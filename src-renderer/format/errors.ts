// What the user reads when something fails. Main's own errors (AppError codes) are already
// written for people; errors that come from the sync core or the server carry technical
// detail (HTTP statuses, ECONNREFUSED, the server's validation text) that belongs in the
// log, not on screen. Each is turned into what happened and what to do.
import type { IpcError } from '../../src-shared/ipc/contract';

const CORE_WORDS: Record<string, string> = {
  network: 'Could not reach the server. Check your connection; Counter Tray keeps trying.',
  timeout: 'The server took too long to answer. Try again in a moment.',
  unauthorized: 'The server no longer accepts your token. Enter a new one in Settings.',
  forbidden: 'This counter is no longer shared with you.',
  notFound: 'This counter is no longer shared with you.',
  rateLimited: 'The server asks us to slow down. Try again in a moment.',
  invalidOperation: 'The server did not accept this change.',
  badRequest: 'The server did not accept this change. Check what you entered and try again.',
  badResponse: 'The server sent an answer Counter Tray does not understand. Try again later.',
  ipc: 'Counter Tray did not answer. Try again.',
};

/** Codes whose message main wrote for people (src-main/ipc/errors.ts AppErrorCode). */
const OWN_WORDS = new Set([
  'invalid-url', 'insecure-url', 'token-rejected', 'server-unreachable', 'not-a-counter-server', 'rate-limited',
  'not-signed-in', 'unknown-counter', 'invalid-settings', 'invalid-shortcut', 'demo-unavailable', 'direction-refused', 'invalid-payload',
  // Issue 12: the user said "no" in main's dialog; a stored token bound to another server. Issue 15: undo.
  'declined', 'token-for-other-server', 'nothing-to-undo', 'undo-refused',
  // Issue 26: updates.
  'updates-unavailable',
]);

export function userMessage(error: IpcError): string {
  if (OWN_WORDS.has(error.code)) return error.message;
  return CORE_WORDS[error.code] ?? 'Something went wrong. Try again; if it keeps happening, restart Counter Tray.';
}
