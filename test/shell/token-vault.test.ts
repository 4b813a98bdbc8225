import { describe, expect, it } from 'vitest';
import { assessEncryption, createSafeStorageVault, decideStorage, LEGACY_TOKEN_ORIGIN, type SafeStorageLike, type SecretFile } from '../../src-main/shell/token-vault';

const TOKEN = 'ada-secret-token-0123456789';
const BOUND = { token: TOKEN, origin: 'https://counters.example.org' };

function memoryFile(): SecretFile & { content: string | null } {
  const f = {
    content: null as string | null,
    read: async () => f.content,
    write: async (text: string) => void (f.content = text),
    remove: async () => void (f.content = null),
  };
  return f;
}

/** A safeStorage stand-in: XOR "encryption" with a key, backend and availability as given. */
function fakeSafeStorage(options: { available: boolean; backend?: string; async?: boolean; key?: number; reEncrypt?: boolean }): SafeStorageLike & { asyncCalls: number } {
  const key = options.key ?? 0x5a;
  const xor = (b: Buffer) => Buffer.from(b.map((x) => x ^ key));
  const s: SafeStorageLike & { asyncCalls: number } = {
    asyncCalls: 0,
    isEncryptionAvailable: () => options.available,
    encryptString: (t) => {
      if (!options.available) throw new Error('Encryption is not available');
      return xor(Buffer.from(`enc:${t}`));
    },
    decryptString: (b) => {
      const text = xor(b).toString();
      if (!text.startsWith('enc:')) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return text.slice(4);
    },
    ...(options.backend !== undefined ? { getSelectedStorageBackend: () => options.backend as string } : {}),
  };
  if (options.async) {
    s.isAsyncEncryptionAvailable = async () => options.available;
    s.encryptStringAsync = async (t) => {
      s.asyncCalls += 1;
      return s.encryptString(t);
    };
    s.decryptStringAsync = async (b) => {
      s.asyncCalls += 1;
      return { result: s.decryptString(b), shouldReEncrypt: options.reEncrypt ?? false };
    };
  }
  return s;
}

describe('encryption policy', () => {
  it.each([
    ['darwin', true, undefined, 'strong'],
    ['win32', true, undefined, 'strong'],
    ['linux', true, 'gnome_libsecret', 'strong'],
    ['linux', true, 'kwallet6', 'strong'],
    ['linux', true, 'basic_text', 'weak'],
    ['linux', true, 'unknown', 'weak'],
    ['linux', false, 'gnome_libsecret', 'none'],
    ['darwin', false, undefined, 'none'],
  ] as const)('%s available=%s backend=%s → %s', (platform, available, backend, level) => {
    expect(assessEncryption(platform, available, backend)).toBe(level);
  });

  it('weak or no encryption keeps the token in memory unless the user allowed weak storage', () => {
    expect(decideStorage('strong', false)).toBe('encrypted');
    expect(decideStorage('weak', false)).toBe('memory');
    expect(decideStorage('none', false)).toBe('memory');
    expect(decideStorage('weak', true)).toBe('weak');
    expect(decideStorage('none', true)).toBe('weak');
  });
});

describe('safeStorage vault', () => {
  it('macOS/Windows/libsecret: stores ciphertext, never the token, and reads it back (async API)', async () => {
    const file = memoryFile();
    const safeStorage = fakeSafeStorage({ available: true, backend: 'gnome_libsecret', async: true });
    const vault = createSafeStorageVault({ safeStorage, platform: 'linux', file });
    expect(await vault.isEncryptionWeak()).toBe(false);
    expect(await vault.save(BOUND, { allowWeak: false })).toBe('encrypted');
    expect(file.content).not.toContain(TOKEN);
    expect(Buffer.from(JSON.parse(file.content ?? '{}').data, 'base64').toString()).not.toContain(TOKEN);
    expect(await vault.load()).toEqual({ ...BOUND, storage: 'encrypted' });
    expect(safeStorage.asyncCalls).toBe(2);
  });

  it('falls back to the sync API on an Electron without the async one', async () => {
    const file = memoryFile();
    const vault = createSafeStorageVault({ safeStorage: fakeSafeStorage({ available: true }), platform: 'win32', file });
    expect(await vault.save(BOUND, { allowWeak: false })).toBe('encrypted');
    expect(await vault.load()).toEqual({ ...BOUND, storage: 'encrypted' });
  });

  it('basic_text: memory only, and any older copy on disk is removed', async () => {
    const file = memoryFile();
    file.content = 'stale';
    const vault = createSafeStorageVault({ safeStorage: fakeSafeStorage({ available: true, backend: 'basic_text', async: true }), platform: 'linux', file });
    expect(await vault.isEncryptionWeak()).toBe(true);
    expect(await vault.save(BOUND, { allowWeak: false })).toBe('memory');
    expect(file.content).toBeNull();
    expect(await vault.load()).toBeNull();
  });

  it('basic_text with the user’s consent: stored as weak, still through safeStorage', async () => {
    const file = memoryFile();
    const vault = createSafeStorageVault({ safeStorage: fakeSafeStorage({ available: true, backend: 'basic_text' }), platform: 'linux', file });
    expect(await vault.save(BOUND, { allowWeak: true })).toBe('weak');
    expect(JSON.parse(file.content ?? '{}')).toMatchObject({ storage: 'weak', encoding: 'safeStorage' });
    expect(file.content).not.toContain(TOKEN);
    expect(await vault.load()).toEqual({ ...BOUND, storage: 'weak' });
  });

  it('no encryption at all: memory only; with consent, base64 marked weak', async () => {
    const file = memoryFile();
    const vault = createSafeStorageVault({ safeStorage: fakeSafeStorage({ available: false }), platform: 'darwin', file });
    expect(await vault.save(BOUND, { allowWeak: false })).toBe('memory');
    expect(file.content).toBeNull();
    expect(await vault.save(BOUND, { allowWeak: true })).toBe('weak');
    expect(JSON.parse(file.content ?? '{}')).toMatchObject({ storage: 'weak', encoding: 'base64' });
    expect(await vault.load()).toEqual({ ...BOUND, storage: 'weak' });
  });

  it('a file that no longer decrypts (new keyring) or is damaged is removed: the user signs in again', async () => {
    const file = memoryFile();
    await createSafeStorageVault({ safeStorage: fakeSafeStorage({ available: true, key: 1 }), platform: 'darwin', file }).save(BOUND, { allowWeak: false });
    const logs: string[] = [];
    const other = createSafeStorageVault({ safeStorage: fakeSafeStorage({ available: true, key: 2 }), platform: 'darwin', file, log: (m) => logs.push(m) });
    expect(await other.load()).toBeNull();
    expect(file.content).toBeNull();
    file.content = '{not json';
    expect(await other.load()).toBeNull();
    expect(logs.join(' ')).not.toContain(TOKEN);
  });

  it('re-encrypts when safeStorage says the key rotated', async () => {
    const file = memoryFile();
    const safeStorage = fakeSafeStorage({ available: true, async: true, reEncrypt: true });
    const vault = createSafeStorageVault({ safeStorage, platform: 'darwin', file });
    await vault.save(BOUND, { allowWeak: false });
    const before = safeStorage.asyncCalls;
    expect(await vault.load()).toEqual({ ...BOUND, storage: 'encrypted' });
    expect(safeStorage.asyncCalls).toBe(before + 2); // decrypt + encrypt again
  });

  it('clear removes the stored token', async () => {
    const file = memoryFile();
    const vault = createSafeStorageVault({ safeStorage: fakeSafeStorage({ available: true }), platform: 'win32', file });
    await vault.save(BOUND, { allowWeak: false });
    await vault.clear();
    expect(await vault.load()).toBeNull();
  });
});

describe('token bound to its origin', () => {
  it('encrypts the origin with the token: neither shows in the file', async () => {
    const file = memoryFile();
    const vault = createSafeStorageVault({ safeStorage: fakeSafeStorage({ available: true }), platform: 'darwin', file });
    await vault.save(BOUND, { allowWeak: false });
    expect(file.content).not.toContain('counters.example.org');
    expect(JSON.parse(file.content ?? '{}')).toMatchObject({ version: 2, storage: 'encrypted' });
    expect(await vault.load()).toEqual({ ...BOUND, storage: 'encrypted' });
  });

  it('a token stored before the binding (version 1) is bound to the default server', async () => {
    const file = memoryFile();
    const safeStorage = fakeSafeStorage({ available: true });
    file.content = JSON.stringify({ version: 1, storage: 'encrypted', encoding: 'safeStorage', data: safeStorage.encryptString(TOKEN).toString('base64') });
    const vault = createSafeStorageVault({ safeStorage, platform: 'darwin', file });
    expect(await vault.load()).toEqual({ token: TOKEN, origin: LEGACY_TOKEN_ORIGIN, storage: 'encrypted' });
    expect(LEGACY_TOKEN_ORIGIN).toBe('https://developers.counttogether.app');
  });

  it('a version-2 plaintext that is not a bound token is removed, not guessed', async () => {
    const file = memoryFile();
    const safeStorage = fakeSafeStorage({ available: true });
    file.content = JSON.stringify({ version: 2, storage: 'encrypted', encoding: 'safeStorage', data: safeStorage.encryptString(JSON.stringify({ token: TOKEN, origin: 'file:///etc' })).toString('base64') });
    const vault = createSafeStorageVault({ safeStorage, platform: 'darwin', file });
    expect(await vault.load()).toBeNull();
    expect(file.content).toBeNull();
  });
});
