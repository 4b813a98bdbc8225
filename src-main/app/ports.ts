// What the app controller needs from the outside world (Electron, the harness, tests) and offers it.
import type { ClickSource } from '../../src-shared/domain/activity';
import type { Settings } from '../../src-shared/domain/settings';
import type { RemoteChange } from '../../src-shared/domain/snapshot';
import type { Event } from '../../src-shared/events/emitter';
import type { Notice, Said } from '../../src-shared/i18n/notice';
import type { Translator } from '../../src-shared/i18n/translator';
import type { AppState, AppStateBody, StateDelta, TokenStorage } from '../../src-shared/ipc/contract';
import type { Dispatch, InvokeHandlers } from '../ipc/dispatch';
import type { Announcement } from './goals/goals-service';
import type { Clock, CoreOptions, CounterCore } from '../core/contract';
import type { UpdatesPort } from './updates/update-service';

export type CoreFactory = (options: CoreOptions) => CounterCore | Promise<CounterCore>;

export interface SettingsLoad {
  settings: Settings;
  /** Tell the user once: the file was backed up and reset. */
  notice?: Said;
}

export interface SettingsStore {
  load(): Promise<SettingsLoad>;
  save(settings: Settings): Promise<void>;
  /** The loaded file broke the rules of a user edit: backed up, `replacement` written; answers the notice. */
  quarantine(replacement: Settings, reason: Said): Promise<Said>;
}

/** A token and the origin it was entered for: never used for another. */
export interface BoundToken {
  token: string;
  origin: string;
}

/** What the user said yes to in main's dialogs, for this token only; kept in the vault's authenticated record. */
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
  /** The file could not be trusted: backed up and reset. */
  notice?: Said;
  /** Written by 0.2 and upgraded at this load (its click files carry no MAC yet). */
  upgraded?: boolean;
}

export interface TokenVault {
  isEncryptionWeak(): Promise<boolean>;
  load(): Promise<VaultLoad>;
  /** Where the record ended up ('memory': nowhere). */
  save(record: TokenRecord): Promise<TokenStorage>;
  clear(): Promise<void>;
}

/** Asked in main's native dialog, never taken from the renderer or a file: a compromised popup must not move or weaken the token. */
export type ConsentQuestion =
  | { kind: 'change-server'; to: string; from: string | null }
  | { kind: 'plain-http'; to: string }
  | { kind: 'weak-storage' }
  | { kind: 'allow-links' };

export interface ConsentPort {
  ask(question: ConsentQuestion): Promise<boolean>;
}

/** Saved where the user chooses in main's dialog: the popup never names a path. */
export interface FileDialogRequest {
  title: Said;
  filter: { name: Said; extensions: string[] };
}

export interface SaveFileRequest extends FileDialogRequest {
  defaultFileName: string;
  text: string;
}

export type SaveFileResult = { status: 'saved'; fileName: string } | { status: 'cancelled' };

export interface SaveFilePort {
  save(request: SaveFileRequest): Promise<SaveFileResult>;
}

/** Main's open dialog: the text of the file the user picked (null: cancelled); a larger one throws `FileTooLargeError` unread. */
export interface OpenFilePort {
  open(request: FileDialogRequest & { maxBytes: number }): Promise<string | null>;
}

/** Durable atomic writes, moved aside when unusable. */
export interface TextFile {
  /** With `maxBytes`, a larger file is refused unread. */
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
  /** A dynamic import: not in the account path. */
  demo: () => Promise<DemoService>;
  platform: NodeJS.Platform | AppPlatform;
  systemTimezone: () => string;
  /** Most wanted first. */
  systemLanguages: () => readonly string[];
  theme: ThemeSource;
  clock?: Clock;
  logger?: Logger;
  /** Each account's unsent clicks, and 0.2's `pending.json` to carry over once; in memory when absent. */
  pendingFiles?: PendingFiles;
  coreOverrides?: Partial<Omit<CoreOptions, 'baseUrl' | 'token' | 'timezone'>>;
  launchRetryMs?: readonly number[];
  /** The account's activity record and goals; in memory when absent. */
  activityDir?: string;
  /** Or these, one per owner key (tests that crash between writes). */
  activityFiles?: { forOwner(owner: string): TextFile };
  hideWindow?: () => void;
  /** The popup's keep-open pin and the mini window (electron/mini-window.ts). */
  windows?: { keepOpen(keep: boolean): void; mini(open: boolean): void };
  /** None: nothing shown offline at launch. */
  lastKnownFile?: TextFile;
  appVersion?: string;
  windowMaterial?: 'vibrancy' | 'acrylic' | 'solid';
  accent?: AccentSource;
  /** Without one, exporting is not available. */
  saveFile?: SaveFilePort;
  /** Without one, importing settings is not available. */
  openFile?: OpenFilePort;
  quit?: () => void;
  openPublicPage?: (path: string) => void;
  /** Absent where none runs (tests, dev:web): updates:* answer updates-unavailable. */
  updates?: UpdatesPort;
}

/** The popup's push, and the whole state only main reads. */
export type AppEvents = { 'state:delta': StateDelta; 'state:changed': AppState };
export type AppEvent = keyof AppEvents;

export interface AppController {
  /** Loads settings and the stored token and connects; answers one-time notices. The shell passes `awaitConnection: false`: tray and shortcuts never wait for the server. */
  start(options?: { awaitConnection?: boolean }): Promise<{ notices: Notice[] }>;
  stop(): Promise<void>;
  readonly handlers: InvokeHandlers;
  readonly dispatch: Dispatch;
  /** For the tray, a shortcut, the command line: the record and the undo offer know where a click came from. */
  dispatchFrom(source: Exclude<ClickSource, 'popup' | 'undo'>): Dispatch;
  readonly onNotice: Event<Notice>;
  /** Settings → Language, else the OS's: what main's tray, notifications and dialogs say. */
  translator(): Translator;
  /** A goal reached or a milestone today, once each; names sanitized. */
  readonly onAnnouncement: Event<Announcement>;
  getState(): AppStateBody;
  /** Resolves once the current account's records (today's changes, the goals) are read. */
  recordsRead(): Promise<void>;
  settings(): Settings;
  on<E extends AppEvent>(event: E, listener: (payload: AppEvents[E]) => void): () => void;
  readonly onRemoteChange: Event<RemoteChange>;
  onSettingsChanged(listener: (next: Settings, previous: Settings) => void): () => void;
  focusCounter(id: string): void;
  openSettings(): void;
  setShortcutFailures(failures: AppState['shortcutFailures']): void;
  notifyResume(): void;
  /** The wall clock may have stepped: what day it is is read again, with no request. */
  checkDay(): void;
  systemTimezoneChanged(): void;
  systemLanguagesChanged(): void;
  /** The one sanitizer with every token this run has seen. */
  redact(text: string, maxLength?: number): string;
}
