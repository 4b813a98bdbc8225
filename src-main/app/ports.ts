// What the app controller needs from the outside world; the Electron shell, the headless harness
// and the tests each provide their own.
import type { Settings } from '../../src-shared/domain/settings';
import type { Said } from '../../src-shared/i18n/notice';
import type { TokenStorage } from '../../src-shared/ipc/contract';
import type { Clock, CoreOptions, CounterCore } from '../core/contract';
import type { UpdatesPort } from './updates/update-service';

export type CoreFactory = (options: CoreOptions) => CounterCore | Promise<CounterCore>;

export interface SettingsLoad {
  settings: Settings;
  /** Set when the file was backed up and reset: tell the user once. */
  notice?: Said;
}

export interface SettingsStore {
  load(): Promise<SettingsLoad>;
  save(settings: Settings): Promise<void>;
  /** The loaded file broke the rules of a user edit: back it up, write `replacement`, answer the notice (naming the backup). */
  quarantine(replacement: Settings, reason: Said): Promise<Said>;
}

/** A token and the origin it was entered for: never used for another. */
export interface BoundToken {
  token: string;
  origin: string;
}

/** What the user said yes to in main's dialogs, for this token only; kept in the vault's authenticated record, never in an editable file. */
export interface TokenConsents {
  plainHttp: boolean;
  weakStorage: boolean;
}

export interface TokenRecord extends BoundToken {
  consents: TokenConsents;
}

export interface StoredToken extends TokenRecord {
  storage: TokenStorage;
}

export interface VaultLoad {
  stored: StoredToken | null;
  /** The file could not be trusted (edited, plain text where the OS encrypts, damaged): backed up and reset. */
  notice?: Said;
  /** Written by Counter Tray 0.2 and upgraded at this load (its click files carry no MAC yet). */
  upgraded?: boolean;
}

export interface TokenVault {
  isEncryptionWeak(): Promise<boolean>;
  load(): Promise<VaultLoad>;
  /** Answers where the record ended up ('memory': nowhere). */
  save(record: TokenRecord): Promise<TokenStorage>;
  clear(): Promise<void>;
}

/** Decisions only the user may take, asked in main's native dialog, never taken from the renderer or a file: a compromised popup must not move or weaken the token. */
export type ConsentQuestion =
  | { kind: 'change-server'; to: string; from: string | null }
  | { kind: 'plain-http'; to: string }
  | { kind: 'weak-storage' };

export interface ConsentPort {
  ask(question: ConsentQuestion): Promise<boolean>;
}

/** An export, saved where the user chooses in main's native dialog: the popup never names a path. */
export interface SaveFileRequest {
  title: Said;
  /** No folder: the dialog opens where the user saved last. */
  defaultFileName: string;
  filter: { name: Said; extensions: string[] };
  text: string;
}

export type SaveFileResult = { status: 'saved'; fileName: string } | { status: 'cancelled' };

export interface SaveFilePort {
  /** 'cancelled' when the user closed the dialog; rejects when writing failed. */
  save(request: SaveFileRequest): Promise<SaveFileResult>;
}

/** A small file the app owns: durable atomic writes, moved aside when unusable. */
export interface TextFile {
  /** With `maxBytes`, a larger file is refused unread (FileTooLargeError). */
  read(limit?: { maxBytes: number }): Promise<string | null>;
  write(text: string): Promise<void>;
  backup(): Promise<string>;
}

export interface PendingFiles {
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

/** `#rrggbb`, or null where the OS gives none. */
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
  /** Dynamic import: not bundled into the account path. */
  demo: () => Promise<DemoService>;
  platform: NodeJS.Platform | AppPlatform;
  systemTimezone: () => string;
  /** The OS's preferred languages, most wanted first; read at start and on `systemLanguagesChanged()`. */
  systemLanguages: () => readonly string[];
  theme: ThemeSource;
  clock?: Clock;
  logger?: Logger;
  /** Each account's unsent clicks across restarts, and 0.2's `pending.json` to carry over once; in memory when absent. */
  pendingFiles?: PendingFiles;
  /** Passed through to the core (tests' seams). */
  coreOverrides?: Partial<Omit<CoreOptions, 'baseUrl' | 'token' | 'timezone'>>;
  /** Each account's activity record and goals; in memory when absent. */
  activityDir?: string;
  /** Or these files, one per owner key (tests that crash between writes). */
  activityFiles?: { forOwner(owner: string): TextFile };
  hideWindow?: () => void;
  /** Where the last-known counters are kept (none: nothing shown offline at launch). */
  lastKnownFile?: TextFile;
  appVersion?: string;
  /** What the OS draws behind the popup (electron/popup.ts popupMaterial). */
  windowMaterial?: 'vibrancy' | 'acrylic' | 'solid';
  accent?: AccentSource;
  /** Without one, exporting answers that it is not available. */
  saveFile?: SaveFilePort;
  quit?: () => void;
  /** Opens a page of the public CountTogether site (see publicWebPage) in the user's browser. */
  openPublicPage?: (path: string) => void;
  /** Absent where none runs (tests, dev:web): the updates:* channels then answer updates-unavailable. */
  updates?: UpdatesPort;
}
