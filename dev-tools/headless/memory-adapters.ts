// In-memory stand-ins for the settings store and the token vault: the headless
// harness and tests use them; nothing here ever touches the disk.
import { DEFAULT_SETTINGS, type Settings } from '../../src-shared/domain/settings';
import type { TokenStorage } from '../../src-shared/ipc/contract';
import type { SettingsLoad, SettingsStore, StoredToken, TokenConsents, TokenVault } from '../../src-main/app/ports';

export function createMemorySettingsStore(initial: Settings = DEFAULT_SETTINGS): SettingsStore & { current(): Settings; backups(): Settings[] } {
  let settings = structuredClone(initial);
  const backups: Settings[] = [];
  return {
    load: async (): Promise<SettingsLoad> => ({ settings: structuredClone(settings) }),
    save: async (next) => {
      settings = structuredClone(next);
    },
    quarantine: async (replacement, reason) => {
      backups.push(settings);
      settings = structuredClone(replacement);
      return reason; // the previous settings are kept in memory: no file to name
    },
    current: () => structuredClone(settings),
    backups: () => structuredClone(backups),
  };
}

/** A stored token as tests and the harness describe it: consents default to none (weak storage implies its own). */
export type StoredTokenInput = Omit<StoredToken, 'consents'> & { consents?: Partial<TokenConsents> };

export function storedToken(input: StoredTokenInput): StoredToken {
  return { ...input, consents: { plainHttp: false, weakStorage: input.storage === 'weak', ...input.consents } };
}

export interface MemoryVaultOptions {
  /** Pretend the OS has no real encryption (Linux basic_text). */
  encryptionWeak?: boolean;
  initial?: StoredTokenInput;
}

/** Follows the same policy as the real vault: with weak encryption, 'memory' unless the record's consent allows weak. */
export function createMemoryVault(options: MemoryVaultOptions = {}): TokenVault & { peek(): StoredToken | null } {
  let stored: StoredToken | null = options.initial ? storedToken(options.initial) : null;
  const weak = options.encryptionWeak ?? false;
  return {
    isEncryptionWeak: async () => weak,
    load: async () => ({ stored }),
    save: async ({ token, origin, consents }) => {
      const storage: TokenStorage = !weak ? 'encrypted' : consents.weakStorage ? 'weak' : 'memory';
      // 'memory' means "this run only": a restart must not find it.
      stored = storage === 'memory' ? null : { token, origin, storage, consents: { ...consents } };
      return storage;
    },
    clear: async () => {
      stored = null;
    },
    peek: () => stored,
  };
}
