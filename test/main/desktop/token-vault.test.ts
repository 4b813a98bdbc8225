// The token vault over a safeStorage with real cryptography (test/support/safe-storage-double.ts):
// every backend, both APIs, key rotation, and the record (token, origin, storage, consents)
// encrypted and authenticated as one. Attacks from the data folder are in
// test/main/desktop/token-vault.record.test.ts.
import { describe, expect, it } from 'vitest';
import type { TokenRecord } from '../../../src-main/app/ports';
import { assessEncryption, createSafeStorageVault, decideStorage, LEGACY_TOKEN_ORIGIN, type SecretFile } from '../../../src-main/desktop/token-vault';
import { safeStorageDouble } from '../../support/safe-storage-double';
import { de, said } from '../../../dev-tools/support/i18n';

const TOKEN = 'ada-secret-token-0123456789';
const NO_CONSENTS = { plainHttp: false, weakStorage: false };
const RECORD: TokenRecord = { token: TOKEN, origin: 'https://counters.example.org', consents: NO_CONSENTS };
const WEAK_OK: TokenRecord = { ...RECORD, consents: { plainHttp: false, weakStorage: true } };

function memoryFile(content: string | null = null): SecretFile & { content: string | null; backups: string[] } {
  const f = {
    content,
    backups: [] as string[],
    read: async () => f.content,
    write: async (text: string) => void (f.content = text),
    remove: async () => void (f.content = null),
    backup: async () => {
      f.backups.push(f.content ?? '');
      f.content = null;
      return `token.json.corrupt-${f.backups.length}.bak`;
    },
  };
  return f;
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
  it('macOS/Windows/libsecret: one ciphertext holds the whole record; nothing about it is readable outside (async API)', async () => {
    const file = memoryFile();
    const safeStorage = safeStorageDouble({ backend: 'gnome_libsecret' });
    const vault = createSafeStorageVault({ safeStorage, platform: 'linux', file });
    expect(await vault.isEncryptionWeak()).toBe(false);
    expect(await vault.save(RECORD)).toBe('encrypted');
    const outside = JSON.parse(file.content ?? '{}') as Record<string, unknown>;
    expect(Object.keys(outside).sort()).toEqual(['data', 'encoding', 'version']);
    expect(outside).toMatchObject({ version: 3, encoding: 'safeStorage' });
    for (const secret of [TOKEN, 'counters.example.org', 'encrypted', 'plainHttp']) expect(file.content).not.toContain(secret);
    expect(await vault.load()).toEqual({ stored: { ...RECORD, storage: 'encrypted' } });
    expect(safeStorage.calls).toEqual(['encryptStringAsync', 'decryptStringAsync']);
  });

  it('falls back to the sync API on an Electron without the async one', async () => {
    const file = memoryFile();
    const vault = createSafeStorageVault({ safeStorage: safeStorageDouble({ async: false }), platform: 'win32', file });
    expect(await vault.save(RECORD)).toBe('encrypted');
    expect(await vault.load()).toEqual({ stored: { ...RECORD, storage: 'encrypted' } });
  });

  it('basic_text: memory only, and any older copy on disk is removed', async () => {
    const file = memoryFile('stale');
    const vault = createSafeStorageVault({ safeStorage: safeStorageDouble({ backend: 'basic_text' }), platform: 'linux', file });
    expect(await vault.isEncryptionWeak()).toBe(true);
    expect(await vault.save(RECORD)).toBe('memory');
    expect(file.content).toBeNull();
    expect(await vault.load()).toEqual({ stored: null });
  });

  it('basic_text with the user’s consent (in the record): stored as weak, still through safeStorage', async () => {
    const file = memoryFile();
    const vault = createSafeStorageVault({ safeStorage: safeStorageDouble({ backend: 'basic_text' }), platform: 'linux', file });
    expect(await vault.save(WEAK_OK)).toBe('weak');
    expect(JSON.parse(file.content ?? '{}')).toEqual({ version: 3, encoding: 'safeStorage', data: expect.any(String) });
    expect(file.content).not.toContain(TOKEN);
    expect(await vault.load()).toEqual({ stored: { ...WEAK_OK, storage: 'weak' } });
  });

  it('no encryption at all: memory only; with consent, plain text marked weak inside the record', async () => {
    const file = memoryFile();
    const vault = createSafeStorageVault({ safeStorage: safeStorageDouble({ available: false }), platform: 'darwin', file });
    expect(await vault.save(RECORD)).toBe('memory');
    expect(file.content).toBeNull();
    expect(await vault.save(WEAK_OK)).toBe('weak');
    expect(JSON.parse(file.content ?? '{}')).toMatchObject({ version: 3, encoding: 'plain' });
    expect(await vault.load()).toEqual({ stored: { ...WEAK_OK, storage: 'weak' } });
  });

  it('a file that no longer decrypts (new keyring) or is damaged is backed up and reset, and the user told', async () => {
    const file = memoryFile();
    await createSafeStorageVault({ safeStorage: safeStorageDouble(), platform: 'darwin', file }).save(RECORD);
    const written = file.content;
    const logs: string[] = [];
    const other = createSafeStorageVault({ safeStorage: safeStorageDouble(), platform: 'darwin', file, log: (m) => logs.push(m) });
    const refused = await other.load();
    expect(refused.stored).toBeNull();
    expect(refused.notice && said(refused.notice)).toMatch(/could not be decrypted.*kept at token\.json\.corrupt-1\.bak.*Sign in again/);
    expect(file.backups).toEqual([written]);
    expect(file.content).toBeNull();
    file.content = '{not json';
    const unreadable = (await other.load()).notice;
    expect(unreadable && said(unreadable)).toMatch(/not readable/);
    expect([...logs, refused.notice && said(refused.notice), refused.notice && said(refused.notice, de)].join(' ')).not.toContain(TOKEN);
  });

  it('re-encrypts when safeStorage says the key rotated', async () => {
    const file = memoryFile();
    const safeStorage = safeStorageDouble({ reEncrypt: true });
    const vault = createSafeStorageVault({ safeStorage, platform: 'darwin', file });
    await vault.save(RECORD);
    expect(await vault.load()).toEqual({ stored: { ...RECORD, storage: 'encrypted' } });
    expect(safeStorage.calls).toEqual(['encryptStringAsync', 'decryptStringAsync', 'encryptStringAsync']);
  });

  it('clear removes the stored token', async () => {
    const file = memoryFile();
    const vault = createSafeStorageVault({ safeStorage: safeStorageDouble(), platform: 'win32', file });
    await vault.save(RECORD);
    await vault.clear();
    expect(await vault.load()).toEqual({ stored: null });
  });
});

describe('files of Counter Tray 0.2 (versions 1 and 2)', () => {
  const legacy = (version: 1 | 2, data: string, storage = 'encrypted') => JSON.stringify({ version, storage, encoding: 'safeStorage', data });

  it('a bare token (version 1) is bound to the default server, upgraded to version 3 at once', async () => {
    const safeStorage = safeStorageDouble();
    const file = memoryFile(legacy(1, (await safeStorage.encryptStringAsync?.(TOKEN))?.toString('base64') ?? ''));
    const vault = createSafeStorageVault({ safeStorage, platform: 'darwin', file });
    expect(await vault.load()).toEqual({ stored: { token: TOKEN, origin: LEGACY_TOKEN_ORIGIN, storage: 'encrypted', consents: NO_CONSENTS }, upgraded: true });
    expect(LEGACY_TOKEN_ORIGIN).toBe('https://developers.counttogether.app');
    expect(JSON.parse(file.content ?? '{}')).toMatchObject({ version: 3 });
    expect(await vault.load()).toEqual({ stored: { token: TOKEN, origin: LEGACY_TOKEN_ORIGIN, storage: 'encrypted', consents: NO_CONSENTS } });
  });

  it('version 2: only what was encrypted counts; its outside `storage` is ignored', async () => {
    const safeStorage = safeStorageDouble();
    const data = (await safeStorage.encryptStringAsync?.(JSON.stringify({ token: TOKEN, origin: 'http://10.0.0.2:8080' })))?.toString('base64') ?? '';
    const file = memoryFile(legacy(2, data, 'weak'));
    const vault = createSafeStorageVault({ safeStorage, platform: 'darwin', file });
    // 0.2 stored a token for a plain-http server only after the user's yes: that yes carries over, for this token.
    expect(await vault.load()).toEqual({ stored: { token: TOKEN, origin: 'http://10.0.0.2:8080', storage: 'encrypted', consents: { plainHttp: true, weakStorage: false } }, upgraded: true });
  });

  it('a version-2 plaintext that is not a bound token is refused, not guessed', async () => {
    const safeStorage = safeStorageDouble();
    const data = (await safeStorage.encryptStringAsync?.(JSON.stringify({ token: TOKEN, origin: 'file:///etc' })))?.toString('base64') ?? '';
    const file = memoryFile(legacy(2, data));
    const vault = createSafeStorageVault({ safeStorage, platform: 'darwin', file });
    const load = await vault.load();
    expect(load.stored).toBeNull();
    expect(load.notice && said(load.notice)).toContain('not a token record');
    expect(file.content).toBeNull();
    expect(file.backups).toHaveLength(1);
  });
});
