// What the app controller needs from the outside world. The Electron shell, the
// headless harness and the tests each provide their own implementations.
import type { Settings } from '../../src-shared/domain/settings';
import type { Said } from '../../src-shared/i18n/notice';
import type { TokenStorage } from '../../src-shared/ipc/contract';
import type { Clock, CoreOptions, CounterCore } from '../core/contract';
import type { UpdatesPort } from './updates/update-service';

export type CoreFactory = (options: CoreOptions) => CounterCore | Promise<CounterCore>;

export interface SettingsLoad {
  settings: Settings;
  /** Set when the file could not be used and was backed up and reset: tell the user once (naming the backup). */
  notice?: Said;
}

export interface SettingsStore {
  load(): Promise<SettingsLoad>;
  save(settings: Settings): Promise<void>;
  /**
   * The loaded file broke the rules a user edit must pass (settings/settings-rules.ts): keep a
   * backup of it, write `replacement`, and answer the notice to show (naming the backup).
   */
  quarantine(replacement: Settings, reason: Said): Promise<Said>;
}

/** A token and the origin (scheme://host:port) it was entered for: never used for another. */
export interface BoundToken {
  token: string;
  origin: string;
}

/**
 * What the user said yes to in main's dialogs, for this token only: sending it
 * over plain http to its (non-loopback) origin, keeping it with weak protection. Kept in the
 * vault's authenticated record, never in a file a program could edit; a new token asks again.
 */
export interface TokenConsents {
  plainHttp: boolean;
  weakStorage: boolean;
}

/** The token record: the token, its origin and its consents, stored (and checked) as one. */
export interface TokenRecord extends BoundToken {
  consents: TokenConsents;
}

export interface StoredToken extends TokenRecord {
  storage: TokenStorage;
}

export interface VaultLoad {
  stored: StoredToken | null;
  /** The file could not be trusted (edited, plain text where the OS encrypts, damaged): it was backed up and reset. Tell the user. */
  notice?: Said;
  /** The record was written by Counter Tray 0.2 and upgraded at this load (files of clicks from then carry no MAC yet). */
  upgraded?: boolean;
}

export interface TokenVault {
  /** True when the OS offers no real encryption (Linux basic_text, or none at all). */
  isEncryptionWeak(): Promise<boolean>;
  load(): Promise<VaultLoad>;
  /** Keeps the record as securely as its consents allow; answers where it ended up ('memory': nowhere). */
  save(record: TokenRecord): Promise<TokenStorage>;
  clear(): Promise<void>;
}

/**
 * Decisions only the user may take, asked by main itself (a native dialog), never taken
 * from the renderer or a file: a compromised popup or another local process must not be
 * able to send the token elsewhere, over plain http, or store it weakly.
 */
export type ConsentQuestion =
  | { kind: 'change-server'; to: string; from: string | null }
  | { kind: 'plain-http'; to: string }
  | { kind: 'weak-storage' };

export interface ConsentPort {
  /** True only when the user chose the confirming answer. */
  ask(question: ConsentQuestion): Promise<boolean>;
}

/**
 * A file the user asked for (an export), saved where the user chooses in main's native save
 * dialog. The popup never names a path: it asks main, main asks the user, main
 * writes. Like ConsentPort, the answer comes from a dialog the page cannot script.
 */
export interface SaveFileRequest {
  /** The dialog's title, said in the language of the moment the dialog opens. */
  title: Said;
  /** A file name to offer (no folder: the dialog opens where the user saved last). */
  defaultFileName: string;
  /** What the file-type filter is called, and its extensions (without dots). */
  filter: { name: Said; extensions: string[] };
  text: string;
}

export type SaveFileResult = { status: 'saved'; fileName: string } | { status: 'cancelled' };

export interface SaveFilePort {
  /** Asks where, then writes `text` there (UTF-8); 'cancelled' when the user closed the dialog. Rejects when writing failed. */
  save(request: SaveFileRequest): Promise<SaveFileResult>;
}

/** A small file the app owns (unsent clicks, the last-known counters): durable atomic writes, moved aside when unusable. */
export interface TextFile {
  /** With `maxBytes`, a larger file is not read but refused (storage/text-file.ts FileTooLargeError). */
  read(limit?: { maxBytes: number }): Promise<string | null>;
  /** Resolves once the text is durable (storage/text-file.ts: temp file, fsync, rename, folder fsync). */
  write(text: string): Promise<void>;
  /** Moves the file aside; answers where it went. */
  backup(): Promise<string>;
}

export interface PendingFiles {
  /** The account's own file (named by its owner key: offline/account-pending-store.ts). */
  forOwner(owner: string): TextFile;
  legacy?: TextFile & { remove(): Promise<void> };
}

export interface DemoService {
  url: string;
  token: string;
  close(): Promise<void>;
}

export interface ThemeSource {
  shouldUseDarkColors(): boolean;
  onUpdated(listener: () => void): () => void;
}

/** The OS accent colour (electron/accent-color.ts): `#rrggbb`, or null where the OS gives none. */
export interface AccentSource {
  current(): string | null;
  onChanged(listener: () => void): () => void;
}

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export type AppPlatform = 'darwin' | 'win32' | 'linux' | 'other';

export interface AppControllerDeps {
  coreFactory: CoreFactory;
  settings: SettingsStore;
  vault: TokenVault;
  consent: ConsentPort;
  /** Starts the reference service with demo data (dynamic import: not bundled into the account path). */
  demo: () => Promise<DemoService>;
  platform: NodeJS.Platform | AppPlatform;
  systemTimezone: () => string;
  /** The OS's preferred languages, most wanted first (`app.getPreferredSystemLanguages()`); read at start and on `systemLanguagesChanged()`. */
  systemLanguages: () => readonly string[];
  theme: ThemeSource;
  clock?: Clock;
  logger?: Logger;
  /**
   * Where each account keeps its unsent clicks across restarts (the core's ledger): a durable
   * file per owner key, and 0.2's single `pending.json` to carry over once. In memory when absent.
   */
  pendingFiles?: PendingFiles;
  /** Passed through to the core (tests: fetch/webSocket seams, timeouts). */
  coreOverrides?: Partial<Omit<CoreOptions, 'baseUrl' | 'token' | 'timezone'>>;
  /** Where each account's activity record and goals are kept (files per account); in memory when absent. */
  activityDir?: string;
  /** Or these files, one per owner key (tests that crash between writes). */
  activityFiles?: { forOwner(owner: string): TextFile };
  /** The popup window, when there is one. */
  hideWindow?: () => void;
  /** Where the last-known counters of each account are kept (none: nothing shown offline at launch). */
  lastKnownFile?: TextFile;
  /** The app's version, shown in the popup's settings. */
  appVersion?: string;
  /** What the OS draws behind the popup (electron/popup.ts popupMaterial); the popup lets it through. */
  windowMaterial?: 'vibrancy' | 'acrylic' | 'solid';
  /** The OS accent colour, followed as it changes; absent: the popup's neutral blue. */
  accent?: AccentSource;
  /** Main's native save dialog for exports; without one, exporting answers that it is not available. */
  saveFile?: SaveFilePort;
  /** Quits the whole app (the popup's settings offer it besides the tray menu). */
  quit?: () => void;
  /** Opens a page of the public CountTogether site (a path; see publicWebPage) in the user's browser. */
  openPublicPage?: (path: string) => void;
  /** The updater; absent where none runs (tests, dev:web): the updates:* channels then answer updates-unavailable. */
  updates?: UpdatesPort;
}
