// What the app controller needs from the outside world. The Electron shell, the
// headless harness and the tests each provide their own implementations.
import type { Settings } from '../../src-shared/domain/settings';
import type { TokenStorage } from '../../src-shared/ipc/contract';
import type { Clock, CoreOptions, CounterCore, PendingStore } from '../core/contract';

export type CoreFactory = (options: CoreOptions) => CounterCore | Promise<CounterCore>;

export interface SettingsLoad {
  settings: Settings;
  /** Set when the file could not be used and was backed up and reset: tell the user once. */
  notice?: string;
}

export interface SettingsStore {
  load(): Promise<SettingsLoad>;
  save(settings: Settings): Promise<void>;
}

export interface StoredToken {
  token: string;
  storage: TokenStorage;
}

export interface TokenVault {
  /** True when the OS offers no real encryption (Linux basic_text, or none at all). */
  isEncryptionWeak(): Promise<boolean>;
  load(): Promise<StoredToken | null>;
  /** Keeps the token as securely as allowed; answers where it ended up. */
  save(token: string, options: { allowWeak: boolean }): Promise<TokenStorage>;
  clear(): Promise<void>;
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
  /** Starts the reference service with demo data (dynamic import: not bundled into the account path). */
  demo: () => Promise<DemoService>;
  platform: NodeJS.Platform | AppPlatform;
  systemTimezone: () => string;
  theme: ThemeSource;
  clock?: Clock;
  logger?: Logger;
  /** Where the core keeps unsent changes across restarts. */
  pendingStore?: PendingStore;
  /** Passed through to the core (tests: fetch/webSocket seams, timeouts). */
  coreOverrides?: Partial<Omit<CoreOptions, 'baseUrl' | 'token' | 'timezone'>>;
  /** Where each account's activity record is kept (a file per account); in memory when absent. */
  activityDir?: string;
  /** The popup window, when there is one. */
  hideWindow?: () => void;
}
