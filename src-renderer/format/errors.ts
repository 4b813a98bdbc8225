// What the user reads when something fails: the app's own voice, one sentence of at most
// MESSAGE_MAX characters (issue 24), never the server's raw text. Main's own messages
// (AppError codes whose text main builds from its own words and what the user typed) pass
// when they fit; everything else — the core's and the server's detail (HTTP statuses,
// ECONNREFUSED, validation text), and codes whose message may quote the server — becomes
// what happened and what to do. The detail is in main's log.
import type { IpcError } from '../../src-shared/ipc/contract';

export const MESSAGE_MAX = 80;
/** A longer host is shortened with …, so every sentence below stays within MESSAGE_MAX. */
const HOST_MAX = 22;

type Words = (host: string) => string;

const WORDS: Record<string, Words> = {
  // The sync core's error kinds (CoreErrorKind).
  network: () => 'Could not reach the server. Counter Tray keeps trying.',
  timeout: () => 'The server took too long to answer. Try again in a moment.',
  unauthorized: () => 'The server no longer accepts your token. Enter a new one in Settings.',
  forbidden: () => 'This counter is no longer shared with you.',
  notFound: () => 'This counter is no longer shared with you.',
  rateLimited: () => 'The server asks us to slow down. Try again in a moment.',
  invalidOperation: () => 'The server did not accept this change.',
  badRequest: () => 'The server did not accept this change. Check what you entered.',
  badResponse: () => 'The server sent an answer Counter Tray does not understand.',
  ipc: () => 'Counter Tray did not answer. Try again.',
  // Main's codes (src-main/ipc/errors.ts AppErrorCode), for when its text does not fit or may quote the server.
  'invalid-url': () => 'That is not a server address, e.g. https://developers.counttogether.app',
  'insecure-url': (host) => `${host} is plain http: your token would travel unencrypted.`,
  'token-rejected': (host) => `${host} rejected this token. Check it, or create a new one.`,
  'server-unreachable': (host) => `Could not reach ${host}. Check the address and network.`,
  'not-a-counter-server': (host) => `${host} does not look like a CountTogether server.`,
  'rate-limited': (host) => `${host} is busy. Try again in a moment.`,
  'not-signed-in': () => 'Sign in first: Counter Tray is not connected to a server.',
  'unknown-counter': () => 'This counter is no longer shared with you.',
  'invalid-settings': () => 'That setting could not be saved. Check it and try again.',
  'invalid-shortcut': () => 'That shortcut cannot be used. Add Ctrl, Alt or Cmd, or pick another.',
  'demo-unavailable': () => 'The demo could not start. Try again, or restart Counter Tray.',
  'direction-refused': () => 'This counter does not go that way.',
  'invalid-payload': () => 'Counter Tray could not use that. Check what you entered.',
  declined: () => 'Not connected: you chose not to send your token there.',
  'token-for-other-server': (host) => `The saved token is for another server. Enter one for ${host}.`,
  'nothing-to-undo': () => 'Nothing to undo.',
  'undo-refused': () => 'This change cannot be taken back.',
  superseded: () => 'Another sign-in replaced this one.',
  'updates-unavailable': () => 'No update can be installed here.',
  'nothing-to-reset': () => 'There is nothing to reset: it is there already.',
  busy: () => 'Wait a moment: your last change is still being sent.',
  'export-unavailable': () => 'Exporting is not available here.',
  'export-failed': () => 'The file could not be saved. Try another folder.',
};

/** Main's codes whose message is built from main's own words and what the user typed only. */
const OWN_WORDS = new Set([
  'invalid-url', 'insecure-url', 'token-rejected', 'server-unreachable', 'not-a-counter-server', 'rate-limited',
  'not-signed-in', 'unknown-counter', 'invalid-settings', 'invalid-shortcut', 'declined', 'token-for-other-server', 'nothing-to-undo',
  // Issue 26: main's own sentences about updates.
  'updates-unavailable',
  'nothing-to-reset', 'busy', 'export-unavailable', 'export-failed',
]);

export const GENERIC_MESSAGE = 'Something went wrong. Try again, or restart Counter Tray.';

function shortHost(host: string | undefined): string {
  if (!host) return 'The server';
  return host.length > HOST_MAX ? `${host.slice(0, HOST_MAX - 1)}…` : host;
}

/** One sentence for the user; `host` (the server the user typed or is signed in to) makes it specific. */
export function userMessage(error: IpcError, host?: string): string {
  if (OWN_WORDS.has(error.code) && error.message.length <= MESSAGE_MAX) return error.message;
  const words = WORDS[error.code];
  const text = words ? words(shortHost(host)) : GENERIC_MESSAGE;
  // "The server …" reads as a sentence start only: mid-sentence it is "the server".
  return host ? text : text.replace(/(?<=\S )The server/, 'the server');
}

/** The host of a server address for messages ("developers.counttogether.app"), or undefined. */
export function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host || undefined;
  } catch {
    return undefined;
  }
}
