// The token vault over Electron's safeStorage (issue 4 §4). The policy: real OS
// encryption (Keychain, DPAPI, libsecret/kwallet) → stored encrypted. Linux
// `basic_text` (no keyring: a hard-coded key) or no encryption at all → kept in memory
// for this run only, unless the user explicitly chose "store with weak protection".
// Never written in plain text silently. safeStorage and the file come in injected.
//
// The token is stored together with the origin it was entered for, encrypted as one
// (issue 12): another process that edits settings.json cannot make the app send it
// elsewhere, because the origin it is bound to is under the same key as the token.
// Files from before the binding (version 1) held the bare token: it is bound to the
// default server, the only one the app offered without the user typing another.
import { z } from 'zod';
import { DEFAULT_SERVER_URL } from '../../src-shared/domain/settings';
import type { TokenStorage } from '../../src-shared/ipc/contract';
import type { AppPlatform, BoundToken, StoredToken, TokenVault } from '../app/ports';

/** The part of Electron's safeStorage we use; the async API where the Electron has it. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  getSelectedStorageBackend?(): string;
  isAsyncEncryptionAvailable?(): Promise<boolean>;
  encryptStringAsync?(plainText: string): Promise<Buffer>;
  decryptStringAsync?(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>;
}

export interface SecretFile {
  read(): Promise<string | null>;
  write(text: string): Promise<void>;
  remove(): Promise<void>;
}

export type EncryptionLevel = 'strong' | 'weak' | 'none';

export function assessEncryption(platform: AppPlatform, available: boolean, backend: string | undefined): EncryptionLevel {
  if (!available) return 'none';
  // On Linux isEncryptionAvailable() is true even for basic_text; 'unknown' means "asked before ready": not trusted either.
  if (platform === 'linux' && (backend === undefined || backend === 'basic_text' || backend === 'unknown')) return 'weak';
  return 'strong';
}

export function decideStorage(level: EncryptionLevel, allowWeak: boolean): Exclude<TokenStorage, 'none'> {
  if (level === 'strong') return 'encrypted';
  return allowWeak ? 'weak' : 'memory';
}

const VaultFile = z.object({
  /** 1: `data` is the bare token (legacy). 2: `data` is the JSON of BoundSecret. */
  version: z.union([z.literal(1), z.literal(2)]),
  storage: z.enum(['encrypted', 'weak']),
  /** safeStorage ciphertext, or (weak, with no encryption at all, by the user's choice) base64 of the text. */
  encoding: z.enum(['safeStorage', 'base64']),
  data: z.string(),
});
type VaultFile = z.infer<typeof VaultFile>;

/** What is encrypted: the token and its origin, as one plaintext. */
const BoundSecret = z.object({ token: z.string().min(1), origin: z.string().regex(/^https?:\/\/[^/\s]+$/) }).strict();

/** Where a token stored before the binding existed may go: the default server only. */
export const LEGACY_TOKEN_ORIGIN = new URL(DEFAULT_SERVER_URL).origin;

function unpack(version: 1 | 2, plaintext: string): BoundToken {
  if (version === 1) return { token: plaintext, origin: LEGACY_TOKEN_ORIGIN };
  return BoundSecret.parse(JSON.parse(plaintext));
}

export interface SafeStorageVaultOptions {
  safeStorage: SafeStorageLike;
  platform: AppPlatform;
  file: SecretFile;
  log?: (message: string) => void;
}

export function createSafeStorageVault(options: SafeStorageVaultOptions): TokenVault {
  const { safeStorage, file } = options;
  const log = options.log ?? (() => undefined);

  async function level(): Promise<EncryptionLevel> {
    const available = safeStorage.isAsyncEncryptionAvailable ? await safeStorage.isAsyncEncryptionAvailable() : safeStorage.isEncryptionAvailable();
    const backend = options.platform === 'linux' ? safeStorage.getSelectedStorageBackend?.() : undefined;
    return assessEncryption(options.platform, available, backend);
  }

  const encrypt = async (text: string) => (safeStorage.encryptStringAsync ? safeStorage.encryptStringAsync(text) : safeStorage.encryptString(text));

  async function decrypt(data: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }> {
    if (safeStorage.decryptStringAsync) return safeStorage.decryptStringAsync(data);
    return { result: safeStorage.decryptString(data), shouldReEncrypt: false };
  }

  async function write(bound: BoundToken, storage: 'encrypted' | 'weak', current: EncryptionLevel): Promise<void> {
    const plaintext = JSON.stringify(BoundSecret.parse({ token: bound.token, origin: bound.origin }));
    const content: VaultFile =
      current === 'none'
        ? { version: 2, storage, encoding: 'base64', data: Buffer.from(plaintext, 'utf8').toString('base64') }
        : { version: 2, storage, encoding: 'safeStorage', data: (await encrypt(plaintext)).toString('base64') };
    await file.write(JSON.stringify(content));
  }

  return {
    isEncryptionWeak: async () => (await level()) !== 'strong',

    async load(): Promise<StoredToken | null> {
      const text = await file.read();
      if (text === null) return null;
      let parsed: VaultFile;
      try {
        parsed = VaultFile.parse(JSON.parse(text));
      } catch {
        log('token file unreadable; removed');
        await file.remove();
        return null;
      }
      try {
        if (parsed.encoding === 'base64') return { ...unpack(parsed.version, Buffer.from(parsed.data, 'base64').toString('utf8')), storage: parsed.storage };
        const { result, shouldReEncrypt } = await decrypt(Buffer.from(parsed.data, 'base64'));
        const bound = unpack(parsed.version, result);
        if (shouldReEncrypt) await write(bound, parsed.storage, await level());
        return { ...bound, storage: parsed.storage };
      } catch {
        // The key is gone (new keyring, other user, restored backup), or the plaintext is not
        // a token bound to an origin: ask for the token again.
        log('token could not be decrypted; removed');
        await file.remove();
        return null;
      }
    },

    async save(bound, { allowWeak }) {
      const current = await level();
      const storage = decideStorage(current, allowWeak);
      if (storage === 'memory') await file.remove();
      else await write(bound, storage, current);
      return storage;
    },

    clear: () => file.remove(),
  };
}
