// The token vault over safeStorage; why the record is one authenticated plaintext: README.md.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { DEFAULT_SERVER_URL } from '../../src-shared/domain/server-address';
import type { TokenStorage } from '../../src-shared/ipc/contract';
import type { AppPlatform, StoredToken, TokenConsents, TokenRecord, TokenVault, VaultLoad } from '../app/ports';
import { parseServerUrl } from '../app/session/server-url';

/** The async API where the Electron has it. */
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
  /** Moves the file aside; answers where to. */
  backup(): Promise<string>;
}

type EncryptionLevel = 'strong' | 'weak' | 'none';

export function assessEncryption(platform: AppPlatform, available: boolean, backend: string | undefined): EncryptionLevel {
  if (!available) return 'none';
  // Linux says "available" for basic_text too; 'unknown' ("asked before ready") is not trusted either.
  if (platform === 'linux' && (backend === undefined || backend === 'basic_text' || backend === 'unknown')) return 'weak';
  return 'strong';
}

export function decideStorage(level: EncryptionLevel, allowWeak: boolean): Exclude<TokenStorage, 'none'> {
  if (level === 'strong') return 'encrypted';
  return allowWeak ? 'weak' : 'memory';
}

const Consents = z.object({ plainHttp: z.boolean(), weakStorage: z.boolean() }).strict();
const Origin = z.string().regex(/^https?:\/\/[^/\s]+$/);

/** `data`: safeStorage ciphertext of the whole record or, with no encryption at all, its plaintext; base64. */
const FileV3 = z.object({ version: z.literal(3), encoding: z.enum(['safeStorage', 'plain']), data: z.string() }).strict();
const RecordV3 = z.object({ token: z.string().min(1), origin: Origin, storage: z.enum(['encrypted', 'weak']), consents: Consents, mac: z.string() }).strict();
type RecordV3 = z.infer<typeof RecordV3>;

/** `storage` and `encoding` sit outside the encryption: not trusted. */
const LegacyFile = z.object({
  version: z.union([z.literal(1), z.literal(2)]),
  storage: z.enum(['encrypted', 'weak']),
  encoding: z.enum(['safeStorage', 'base64']),
  data: z.string(),
});
const LegacyBound = z.object({ token: z.string().min(1), origin: Origin }).strict();

/** Version 1 predates the binding: its token may go to the default server only. */
export const LEGACY_TOKEN_ORIGIN = new URL(DEFAULT_SERVER_URL).origin;

/** The MAC over everything but the token, keyed by the token: forging it takes the token. */
function recordMac(record: Omit<RecordV3, 'mac'>): string {
  return createHmac('sha256', record.token).update(JSON.stringify(['counter-tray/token-record/v3', record.origin, record.storage, record.consents.plainHttp, record.consents.weakStorage])).digest('hex');
}

function sameMac(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

function isPlainHttp(origin: string): boolean {
  try {
    return parseServerUrl(origin).plainHttp;
  } catch {
    return true;
  }
}

type RefusedReason = 'undecryptable' | 'plainText' | 'notRecord' | 'changed' | 'protection' | 'plainHttp' | 'unreadable';

const REASON_FOR_LOG: Record<RefusedReason, string> = {
  undecryptable: 'it could not be decrypted with this system’s key store',
  plainText: 'it was in plain text although this system can encrypt it',
  notRecord: 'it is not a token record',
  changed: 'it was changed after Counter Tray wrote it',
  protection: 'it claims a protection this system does not give it',
  plainHttp: 'it names a plain-http server you never confirmed',
  unreadable: 'the token file is not readable',
};

class Refused extends Error {
  constructor(readonly reason: RefusedReason) {
    super(REASON_FOR_LOG[reason]);
  }
}

interface SafeStorageVaultOptions {
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

  async function decrypt(data: string): Promise<{ result: string; shouldReEncrypt: boolean }> {
    try {
      const bytes = Buffer.from(data, 'base64');
      if (safeStorage.decryptStringAsync) return await safeStorage.decryptStringAsync(bytes);
      return { result: safeStorage.decryptString(bytes), shouldReEncrypt: false };
    } catch {
      // A new keyring, another user, a restored backup, or a replaced file.
      throw new Refused('undecryptable');
    }
  }

  async function write(record: TokenRecord, storage: 'encrypted' | 'weak', current: EncryptionLevel): Promise<void> {
    const body = { token: record.token, origin: record.origin, storage, consents: { plainHttp: record.consents.plainHttp, weakStorage: record.consents.weakStorage } };
    const plaintext = JSON.stringify(RecordV3.parse({ ...body, mac: recordMac(body) }));
    const content: z.infer<typeof FileV3> =
      current === 'none'
        ? { version: 3, encoding: 'plain', data: Buffer.from(plaintext, 'utf8').toString('base64') }
        : { version: 3, encoding: 'safeStorage', data: (await encrypt(plaintext)).toString('base64') };
    await file.write(JSON.stringify(content));
  }

  async function readV3(content: z.infer<typeof FileV3>, current: EncryptionLevel): Promise<{ stored: StoredToken; reEncrypt: boolean }> {
    let plaintext: string;
    let reEncrypt = false;
    if (content.encoding === 'plain') {
      if (current !== 'none') throw new Refused('plainText');
      plaintext = Buffer.from(content.data, 'base64').toString('utf8');
    } else {
      ({ result: plaintext, shouldReEncrypt: reEncrypt } = await decrypt(content.data));
    }
    let record: RecordV3;
    try {
      record = RecordV3.parse(JSON.parse(plaintext));
    } catch {
      throw new Refused('notRecord');
    }
    const { mac, ...body } = record;
    if (!sameMac(mac, recordMac(body))) throw new Refused('changed');
    if (decideStorage(current, record.consents.weakStorage) !== record.storage) throw new Refused('protection');
    if (isPlainHttp(record.origin) && !record.consents.plainHttp) throw new Refused('plainHttp');
    return { stored: { token: record.token, origin: record.origin, storage: record.storage, consents: record.consents }, reEncrypt };
  }

  /** Versions 1 and 2: only what was inside the encryption counts. */
  async function readLegacy(content: z.infer<typeof LegacyFile>, current: EncryptionLevel): Promise<StoredToken> {
    let plaintext: string;
    if (content.encoding === 'base64') {
      if (current !== 'none' || content.storage !== 'weak') throw new Refused('plainText');
      plaintext = Buffer.from(content.data, 'base64').toString('utf8');
    } else {
      plaintext = (await decrypt(content.data)).result;
    }
    let bound: { token: string; origin: string };
    try {
      bound = content.version === 1 ? { token: plaintext, origin: LEGACY_TOKEN_ORIGIN } : LegacyBound.parse(JSON.parse(plaintext));
    } catch {
      throw new Refused('notRecord');
    }
    if (bound.token.length === 0) throw new Refused('notRecord');
    // The app wrote a token weakly, or for plain http, only after the user said yes.
    const consents: TokenConsents = { plainHttp: isPlainHttp(bound.origin), weakStorage: current !== 'strong' };
    const storage = decideStorage(current, consents.weakStorage);
    if (storage === 'memory') throw new Refused('notRecord');
    return { ...bound, storage, consents };
  }

  async function refuse(reason: RefusedReason): Promise<VaultLoad> {
    const backup = await file.backup().catch(async () => {
      await file.remove();
      return null;
    });
    log(`token file refused (${REASON_FOR_LOG[reason]}); ${backup ? `backed up to ${backup}` : 'removed'}`);
    return {
      stored: null,
      notice: (i18n) => `${i18n.t('notice.tokenRefused', { reason })} ${backup ? i18n.t('notice.tokenFileKept', { path: backup }) : i18n.t('notice.tokenFileRemoved')}`,
    };
  }

  return {
    isEncryptionWeak: async () => (await level()) !== 'strong',

    async load(): Promise<VaultLoad> {
      const text = await file.read();
      if (text === null) return { stored: null };
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return refuse('unreadable');
      }
      const current = await level();
      try {
        const v3 = FileV3.safeParse(json);
        if (v3.success) {
          const { stored, reEncrypt } = await readV3(v3.data, current);
          if (reEncrypt) await write(stored, stored.storage === 'weak' ? 'weak' : 'encrypted', current);
          return { stored };
        }
        const legacy = LegacyFile.safeParse(json);
        if (!legacy.success) return await refuse('unreadable');
        const stored = await readLegacy(legacy.data, current);
        await write(stored, stored.storage === 'weak' ? 'weak' : 'encrypted', current);
        return { stored, upgraded: true };
      } catch (error) {
        if (error instanceof Refused) return refuse(error.reason);
        throw error;
      }
    },

    async save(record) {
      const current = await level();
      const storage = decideStorage(current, record.consents.weakStorage);
      if (storage === 'memory') await file.remove();
      else await write(record, storage, current);
      return storage;
    },

    clear: () => file.remove(),
  };
}
