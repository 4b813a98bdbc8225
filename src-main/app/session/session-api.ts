// What the session offers the rest of the app and what it needs.
import type { Settings } from '../../../src-shared/domain/settings';
import type { RemoteChange } from '../../../src-shared/domain/snapshot';
import type { Event } from '../../../src-shared/events/emitter';
import type { SessionState } from '../../../src-shared/ipc/contract';
import type { Clock, CounterCore } from '../../core/contract';
import type { CoreFactory, DemoService, Logger, StoredToken, TokenVault, VaultLoad } from '../ports';
import type { CoreChange } from './session-cores';
import type { CoreSetup } from './token-gate';

export interface SessionDeps {
  coreFactory: CoreFactory;
  vault: TokenVault;
  demo: () => Promise<DemoService>;
  clock: Clock;
  log: Logger;
  /** Besides its server and token (those are the session's alone). */
  coreSetup: CoreSetup;
  settings: { current(): Settings; save(next: Settings): Promise<void> };
  /** A launch's retries (session/launch-retry.ts); tests that must be the only ones to reconnect set them long. */
  launchRetryMs?: readonly number[] | undefined;
}

export interface Session {
  state(): SessionState;
  core(): CounterCore | null;
  /** While a launch connects (no list yet): its ledger takes the clicks made meanwhile. */
  connectingCore(): CounterCore | null;
  requireCounter(id: string): CounterCore;
  /** Once, at launch; `resume` the stored token afterwards. */
  load(): Promise<VaultLoad>;
  resume(stored: StoredToken): Promise<void>;
  connect(serverUrl: string, token: string): Promise<void>;
  boundOrigin(): string | null;
  startDemo(): Promise<void>;
  signOut(): Promise<void>;
  setWeakStorage(allowed: boolean): Promise<void>;
  notifyResume(): void;
  retryNow(): void;
  /** Null for the demo or signed out. */
  account(): { serverUrl: string; token: string } | null;
  redact(text: string, maxLength?: number): string;
  rememberToken(token: string): void;
  stop(): Promise<void>;
  readonly onDidChange: Event<void>;
  readonly onCoreChanged: Event<CoreChange>;
  /** Names sanitized by the core. */
  readonly onRemoteChange: Event<RemoteChange>;
}
