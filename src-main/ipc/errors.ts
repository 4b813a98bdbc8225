// A failure crosses IPC as `{ code, message, words? }`: without words the popup says the code's own
// message (src-shared/i18n/error-words.ts), never main's English log text.
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
  /** "No" in one of main's own dialogs. */
  | 'declined'
  | 'token-for-other-server'
  | 'direction-refused'
  | 'nothing-to-undo'
  | 'undo-refused'
  | 'updates-unavailable'
  | 'nothing-to-reset'
  | 'busy'
  | 'export-unavailable'
  | 'export-failed'
  /** Quitting: the IPC doors still answer but let nothing through. */
  | 'closing'
  | 'internal';

export class AppError extends Error {
  readonly words: Words | undefined;

  constructor(
    readonly code: AppErrorCode,
    /** Words for the user (logged in English), or log text alone (the user reads the code's message). */
    said: Words | string,
    /** For the log only: never crosses IPC. */
    readonly detail?: string,
  ) {
    super(typeof said === 'string' ? said : englishText(said));
    this.name = 'AppError';
    this.words = typeof said === 'string' ? undefined : said;
  }
}

/** Each text value through `redact`: the last line of defence against a token in a host or name. */
export function redactWords(words: WordsOnWire, redact: (text: string) => string): WordsOnWire {
  if (!words.values) return { key: words.key };
  return { key: words.key, values: Object.fromEntries(Object.entries(words.values).map(([name, value]) => [name, typeof value === 'string' ? redact(value) : value])) };
}

/** By shape, not `instanceof`: the core may come from a second copy of the module (bundled demo, test harness). */
export function asCoreError(error: unknown): { kind: CoreErrorKind; message: string; status?: number } | undefined {
  if (!(error instanceof Error) || error.name !== 'CoreError') return undefined;
  const kind: unknown = (error as { kind?: unknown }).kind;
  if (typeof kind !== 'string') return undefined;
  const status: unknown = (error as { status?: unknown }).status;
  return { kind: kind as CoreErrorKind, message: error.message, ...(typeof status === 'number' ? { status } : {}) };
}

/** Unknown errors are not echoed. */
export function toIpcError(error: unknown): IpcError {
  if (error instanceof AppError) return { code: error.code, message: error.message, ...(error.words ? { words: error.words } : {}) };
  const core = asCoreError(error);
  if (core) return { code: core.kind, message: core.message };
  return { code: 'internal', message: 'Something went wrong inside Counter Tray. Please try again.' };
}
