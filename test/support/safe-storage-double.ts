// A safeStorage with real cryptography for the vault's security tests:
// AES-128-CBC with a "v10" prefix and no MAC, as Chromium's OSCrypt encrypts on macOS and
// Linux, under a key of the test's "machine". So a ciphertext can be decrypted only with
// that key, and, as with the real thing, it can be bit-flipped without the key: what the
// vault must authenticate itself. `basic_text` uses a fixed, published key, as Chromium does.
import { createCipheriv, createDecipheriv, createHash, pbkdf2Sync } from 'node:crypto';
import type { SafeStorageLike } from '../../src-main/desktop/token-vault';

export interface SafeStorageDoubleOptions {
  /** The machine's key store: the same key decrypts across launches; another key does not. */
  key?: Buffer;
  available?: boolean;
  /** Linux only: what getSelectedStorageBackend() says ('basic_text': no keyring). */
  backend?: string;
  /** Offer the async API (Electron 45+); false: the sync API only. */
  async?: boolean;
  /** decryptStringAsync says the key rotated. */
  reEncrypt?: boolean;
}

/** Chromium's basic_text key: PBKDF2 of "peanuts" with "saltysalt", 1 iteration (a constant anyone can compute). */
export const BASIC_TEXT_KEY = pbkdf2Sync('peanuts', 'saltysalt', 1, 16, 'sha1');
const IV = Buffer.alloc(16, 0x20);

export type SafeStorageDouble = SafeStorageLike & { calls: string[] };

/**
 * Each machine's own key, different for every double a test file makes and the same on every run:
 * a wrong key gives valid CBC padding about once in 256, so random keys made "could not be
 * decrypted" read as "not a token record" on a run now and then.
 */
let machines = 0;
const nextMachineKey = () => createHash('sha256').update(`safe-storage-double machine ${(machines += 1)}`).digest().subarray(0, 16);

export function safeStorageDouble(options: SafeStorageDoubleOptions = {}): SafeStorageDouble {
  const available = options.available ?? true;
  const key = options.backend === 'basic_text' ? BASIC_TEXT_KEY : (options.key ?? nextMachineKey());
  const calls: string[] = [];
  const encrypt = (plainText: string): Buffer => {
    if (!available) throw new Error('Error while encrypting the text provided to safeStorage.encryptString. Encryption is not available.');
    // Chromium uses a fixed IV too (os_crypt_linux.cc); the key is what keeps it secret.
    const cipher = createCipheriv('aes-128-cbc', key, IV);
    return Buffer.concat([Buffer.from('v10'), cipher.update(plainText, 'utf8'), cipher.final()]);
  };
  const decrypt = (encrypted: Buffer): string => {
    if (!available || encrypted.subarray(0, 3).toString() !== 'v10') throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    try {
      const decipher = createDecipheriv('aes-128-cbc', key, IV);
      return Buffer.concat([decipher.update(encrypted.subarray(3)), decipher.final()]).toString('utf8');
    } catch {
      throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
    }
  };
  const storage: SafeStorageDouble = {
    calls,
    isEncryptionAvailable: () => available,
    encryptString: (text) => (calls.push('encryptString'), encrypt(text)),
    decryptString: (bytes) => (calls.push('decryptString'), decrypt(bytes)),
    ...(options.backend !== undefined ? { getSelectedStorageBackend: () => options.backend as string } : {}),
  };
  if (options.async ?? true) {
    storage.isAsyncEncryptionAvailable = async () => available;
    storage.encryptStringAsync = async (text) => (calls.push('encryptStringAsync'), encrypt(text));
    storage.decryptStringAsync = async (bytes) => (calls.push('decryptStringAsync'), { result: decrypt(bytes), shouldReEncrypt: options.reEncrypt ?? false });
  }
  return storage;
}

/** What a program that knows the key (basic_text's is public) writes: the ciphertext of any text it likes. */
export function encryptWith(key: Buffer, plainText: string): string {
  const cipher = createCipheriv('aes-128-cbc', key, IV);
  return Buffer.concat([Buffer.from('v10'), cipher.update(plainText, 'utf8'), cipher.final()]).toString('base64');
}
