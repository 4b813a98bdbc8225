// A failure crosses IPC as `{ code, message, words? }`: the code for the UI's logic, `words` (a catalog
// message) what the user reads in the language of the moment, the message English log text. Without
// words the popup says the code's own message (src-shared/i18n/error-words.ts), never main's text.
import { englishText } from '../../src-shared/i18n/compile';
import type { Words, WordsOnWire } from '../../src-shared/i18n/messages';
import type { IpcError } from '../../src-shared/ipc/contract';
import type { CoreErrorKind } from '../core/contract';

export type AppErrorCode =
  | 'invalid-payload'
  | 'unknown-channel'
  | 'invalid-url'
  | 'token-rejected'
  | 'server-unreachable'
  | 'not-a-counter-server'
  | 'rate-limited'
  | 'not-signed-in'
  | 'unknown-counter'
  | 'invalid-settings'
  | 'invalid-shortcut'
  | 'demo-unavailable'
  | 'superseded'
  /** The user answered "no" in one of main's own dialogs (server change, plain http, weak storage). */
  | 'declined'
  /** The stored token was entered for another server than the one in the settings. */
  | 'token-for-other-server'
  | 'direction-refused'
  | 'nothing-to-undo'
  | 'undo-refused'
  /** No updater runs (a package manager owns this copy, or nothing is downloaded yet). */
  | 'updates-unavailable'
  /** A reset that would change nothing, one while clicks are still being sent, an export. */
  | 'nothing-to-reset'
  | 'busy'
  | 'export-unavailable'
  | 'export-failed'
  /** The app is quitting: its IPC doors stay registered (a page asking still gets an answer) but let nothing through. */
  | 'closing'
  | 'internal';

export class AppError extends Error {
  /** What the user reads, when it says more than the code's own message. */
  readonly words: Words | undefined;

  constructor(
    readonly code: AppErrorCode,
    /** Words for the user (logged in English), or log text alone (the user then reads the code's message). */
    said: Words | string,
    /** Technical detail for the log only (never crosses IPC). */
    readonly detail?: string,
  ) {
    super(typeof said === 'string' ? said : englishText(said));
    this.name = 'AppError';
    this.words = typeof said === 'string' ? undefined : said;
  }
}

/** Words with each text value through `redact` (the last line of defence against a token in a host or name). */
export function redactWords(words: WordsOnWire, redact: (text: string) => string): WordsOnWire {
  if (!words.values) return { key: words.key };
  return { key: words.key, values: Object.fromEntries(Object.entries(words.values).map(([name, value]) => [name, typeof value === 'string' ? redact(value) : value])) };
}

/** A CoreError by shape, not `instanceof`: the core may come from a second copy of the module (bundled demo, test harness). */
export function asCoreError(error: unknown): { kind: CoreErrorKind; message: string; status?: number } | undefined {
  if (!(error instanceof Error) || error.name !== 'CoreError') return undefined;
  const kind: unknown = (error as { kind?: unknown }).kind;
  if (typeof kind !== 'string') return undefined;
  const status: unknown = (error as { status?: unknown }).status;
  return { kind: kind as CoreErrorKind, message: error.message, ...(typeof status === 'number' ? { status } : {}) };
}

/** Maps anything thrown by a handler to what the renderer may see. Unknown errors are not echoed. */
export function toIpcError(error: unknown): IpcError {
  if (error instanceof AppError) return { code: error.code, message: error.message, ...(error.words ? { words: error.words } : {}) };
  const core = asCoreError(error);
  if (core) return { code: core.kind, message: core.message };
  return { code: 'internal', message: 'Something went wrong inside Counter Tray. Please try again.' };
}

/** Replaces every occurrence of each secret; the token must never reach the UI or a log. */
export function redact(text: string, secrets: readonly (string | null | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    // Very short strings would shred ordinary words; real tokens are long.
    if (secret && secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  return out;
}
