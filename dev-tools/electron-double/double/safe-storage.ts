// safeStorage, after https://www.electronjs.org/docs/latest/api/safe-storage and
// electron_api_safe_storage.cc (v45 line): real encryption (AES-256-GCM under a key of the
// test's "machine", so a relaunch decrypts what the first launch stored), unavailable before
// 'ready' ("safeStorage cannot be used before app is ready"), and the Linux backend the test
// chooses ('basic_text' when no keyring runs).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const NOT_READY = 'safeStorage cannot be used before app is ready';

export type StorageBackend = 'gnome_libsecret' | 'kwallet5' | 'basic_text';

export class SafeStorageDouble {
  /** safe-storage docs: the synchronous API is deprecated in 45 and removed in 46; each use is recorded. */
  readonly deprecatedCalls: string[] = [];

  constructor(
    private readonly isReady: () => boolean,
    private readonly key: Buffer,
    private readonly backend: StorageBackend,
  ) {}

  // safe-storage docs: false before 'ready' on Linux and Windows.
  isEncryptionAvailable = (): boolean => {
    this.deprecatedCalls.push('isEncryptionAvailable');
    return this.isReady();
  };

  isAsyncEncryptionAvailable = async (): Promise<boolean> => this.isReady();
  getSelectedStorageBackend = (): string => (this.isReady() ? this.backend : 'unknown');

  encryptString = (plainText: string): Buffer => {
    this.deprecatedCalls.push('encryptString');
    return this.encrypt(plainText);
  };

  decryptString = (encrypted: Buffer): string => {
    this.deprecatedCalls.push('decryptString');
    return this.decrypt(encrypted, 'decryptString');
  };

  private encrypt(plainText: string): Buffer {
    if (!this.isReady()) throw new Error(NOT_READY);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from('v10'), iv, cipher.getAuthTag(), body]);
  }

  private decrypt(encrypted: Buffer, call: string): string {
    if (!this.isReady()) throw new Error(NOT_READY);
    if (!Buffer.isBuffer(encrypted)) throw new Error(`Expected the first argument of ${call}() to be a buffer`);
    if (encrypted.length === 0) return '';
    if (encrypted.subarray(0, 3).toString() !== 'v10') throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString. Ciphertext does not appear to be encrypted.');
    const iv = encrypted.subarray(3, 15);
    const tag = encrypted.subarray(15, 31);
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(encrypted.subarray(31)), decipher.final()]).toString('utf8');
  }

  encryptStringAsync = async (plainText: string): Promise<Buffer> => this.encrypt(plainText);
  decryptStringAsync = async (encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }> => ({ result: this.decrypt(encrypted, 'decryptStringAsync'), shouldReEncrypt: false });
}
