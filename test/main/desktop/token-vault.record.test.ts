// A program that can write the app's data folder must not be able to
// bind the token to its own server, grant a consent, or make the next token be stored
// weakly, by editing token.json (and settings.json). The real vault over a safeStorage with
// real cryptography and real files; each attack is a function run against the real vault
// (where nothing may leak) and against the vault of Counter Tray 0.2 (the negative control:
// `storage` outside the encryption, base64 accepted anywhere), where the same check fails.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppController } from '../../../src-main/app/controller';
import { createFileSettingsStore } from '../../../src-main/app/settings/file-settings-store';
import type { ConsentQuestion, TokenVault } from '../../../src-main/app/ports';
import { createSecretFile } from '../../../src-main/electron/files';
import { createSafeStorageVault, LEGACY_TOKEN_ORIGIN, type SafeStorageLike } from '../../../src-main/desktop/token-vault';
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings';
import { BASIC_TEXT_KEY, encryptWith, safeStorageDouble } from '../../support/safe-storage-double';
import { COFFEE_ID, counter, fakeCoreFactory } from '../../support/app-fakes';
import { FakeClock } from '../../../dev-tools/support/fake-clock';
import { said, saidNotice } from '../../../dev-tools/support/i18n';

const USER_TOKEN = 'ct_live_user_4f9a8b7c6d5e4f3a2b1c';
const ATTACKER_TOKEN = 'ct_live_attacker_0a1b2c3d4e5f6a7b';
const EVIL = 'http://evil.example:8080';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function dataFolder(files: { token?: string; settings?: object }) {
  const dir = await mkdtemp(join(tmpdir(), 'counter-tray-record-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  if (files.token !== undefined) await writeFile(join(dir, 'token.json'), files.token, 'utf8');
  if (files.settings) await writeFile(join(dir, 'settings.json'), JSON.stringify(files.settings), 'utf8');
  return dir;
}

type VaultFactory = (safeStorage: SafeStorageLike, path: string) => TokenVault;
const realVault: VaultFactory = (safeStorage, path) => createSafeStorageVault({ safeStorage, platform: 'linux', file: createSecretFile(path) });

/** Counter Tray 0.2's reading of token.json, kept as the negative control: outside fields trusted, base64 read anywhere. */
const vaultOf02: VaultFactory = (safeStorage, path) => {
  const file = createSecretFile(path);
  let stored: { token: string; origin: string; storage: 'encrypted' | 'weak' } | null = null;
  return {
    isEncryptionWeak: async () => safeStorage.getSelectedStorageBackend?.() === 'basic_text',
    async load() {
      const text = await file.read();
      if (text === null) return { stored: null };
      const f = JSON.parse(text) as { storage: 'encrypted' | 'weak'; encoding: string; data: string };
      const plain = f.encoding === 'base64' ? Buffer.from(f.data, 'base64').toString() : safeStorage.decryptString(Buffer.from(f.data, 'base64'));
      stored = { ...(JSON.parse(plain) as { token: string; origin: string }), storage: f.storage };
      return { stored: { ...stored, consents: { plainHttp: true, weakStorage: f.storage === 'weak' } } };
    },
    // 0.2 stored weakly whenever a weak token had been loaded before ("the user agreed once").
    async save(record) {
      const weak = safeStorage.getSelectedStorageBackend?.() === 'basic_text';
      const storage = !weak ? 'encrypted' : record.consents.weakStorage || stored?.storage === 'weak' ? 'weak' : 'memory';
      if (storage !== 'memory') await file.write(JSON.stringify({ version: 2, storage, encoding: 'safeStorage', data: safeStorage.encryptString(JSON.stringify({ token: record.token, origin: record.origin })).toString('base64') }));
      return storage;
    },
    clear: () => file.remove(),
  };
};

interface Run {
  dir: string;
  questions: ConsentQuestion[];
  started: { baseUrl: string; token: string }[];
  notice?: string;
  serverShown: string;
  connect(serverUrl: string, token: string): Promise<unknown>;
  tokenStorage(): string;
}

async function launch(dir: string, safeStorage: SafeStorageLike, makeVault: VaultFactory): Promise<Run> {
  // One server that answers any token: the attacker's (or the default one, for the weak-storage attack).
  const cores = fakeCoreFactory({ url: 'http', tokens: new Set([USER_TOKEN, ATTACKER_TOKEN]), reachable: true, counters: [counter(COFFEE_ID, 'Coffees today', 3)] });
  const questions: ConsentQuestion[] = [];
  const controller = createAppController({
    coreFactory: cores.factory,
    settings: createFileSettingsStore(join(dir, 'settings.json')),
    vault: makeVault(safeStorage, join(dir, 'token.json')),
    // The user says no to every question main asks.
    consent: { ask: async (question) => (questions.push(question), false) },
    demo: async () => {
      throw new Error('no demo');
    },
    platform: 'linux',
    systemTimezone: () => 'UTC',
    systemLanguages: () => ['en-US'],
    theme: { shouldUseDarkColors: () => false, onUpdated: () => () => undefined },
    clock: new FakeClock(),
  });
  cleanups.push(() => controller.stop());
  const told: string[] = [];
  controller.onNotice((notice) => {
    const { title, body } = saidNotice(notice);
    told.push(`${title}: ${body}`);
  });
  const started = await controller.start();
  const notice = [...told, ...started.notices.map((n) => saidNotice(n).body)].join(' ').trim();
  return {
    dir,
    questions,
    get started() {
      return cores.cores.map((c) => ({ baseUrl: c.options.baseUrl, token: c.options.token }));
    },
    ...(notice ? { notice } : {}),
    serverShown: controller.getState().session.serverUrl,
    connect: (serverUrl, token) => controller.dispatch('session:connect', { serverUrl, token }),
    tokenStorage: () => controller.getState().session.tokenStorage,
  };
}

describe('a plaintext token.json bound to another server (where the OS encrypts)', () => {
  const plaintext = JSON.stringify({ version: 2, storage: 'encrypted', encoding: 'base64', data: Buffer.from(JSON.stringify({ token: ATTACKER_TOKEN, origin: EVIL })).toString('base64') });

  /** What went wrong: the user's token sent to the attacker's server without a question, the attacker's server kept. */
  async function attack(makeVault: VaultFactory): Promise<string[]> {
    const dir = await dataFolder({ token: plaintext, settings: { ...DEFAULT_SETTINGS, serverUrl: EVIL } });
    const run = await launch(dir, safeStorageDouble({ backend: 'gnome_libsecret' }), makeVault);
    const problems: string[] = [];
    if (run.serverShown === EVIL) problems.push('the sign-in form names the attacker’s server');
    // The user signs in where the form points (the attacker's server, if it kept it).
    await run.connect(run.serverShown, USER_TOKEN);
    for (const core of run.started) if (core.token === USER_TOKEN && core.baseUrl.startsWith(EVIL)) problems.push(`the user's token went to ${EVIL}`);
    if (problems.length === 0) {
      expect(run.notice).toMatch(/The saved token was not used: it was in plain text although this system can encrypt it.*kept at .*token\.json\.corrupt-.*\.bak/);
      expect(run.notice).toMatch(/plain http, which you never confirmed/);
      expect((await readdir(dir)).filter((f) => f.startsWith('token.json.corrupt-'))).toHaveLength(1);
      expect(run.started.every((core) => !core.baseUrl.startsWith(EVIL))).toBe(true);
    }
    return problems;
  }

  it('is refused, backed up, and the user told; the settings fall back to the default server', async () => {
    expect(await attack(realVault)).toEqual([]);
  });

  it('negative control: the 0.2 vault binds the token to the attacker and sends the next one there without a question', async () => {
    expect(await attack(vaultOf02)).toEqual(['the sign-in form names the attacker’s server', `the user's token went to ${EVIL}`]);
  });
});

describe('without a keyring (basic_text, a published key)', () => {
  /** A record the attacker encrypted with basic_text's key, saying the user accepted weak storage. */
  const forged = JSON.stringify({ version: 2, storage: 'weak', encoding: 'safeStorage', data: encryptWith(BASIC_TEXT_KEY, JSON.stringify({ token: ATTACKER_TOKEN, origin: LEGACY_TOKEN_ORIGIN })) });

  async function attack(makeVault: VaultFactory): Promise<string[]> {
    const dir = await dataFolder({ token: forged, settings: DEFAULT_SETTINGS });
    const run = await launch(dir, safeStorageDouble({ backend: 'basic_text' }), makeVault);
    await run.connect(DEFAULT_SETTINGS.serverUrl, USER_TOKEN);
    const problems: string[] = [];
    const file = await readFile(join(dir, 'token.json'), 'utf8').catch(() => null);
    if (run.tokenStorage() !== 'memory') problems.push(`the user's new token was stored ${run.tokenStorage()}`);
    if (file !== null) problems.push('a token file is on disk');
    if (problems.length === 0) expect(run.questions.map((q) => q.kind)).toEqual([]);
    return problems;
  }

  it('a forged "weak" record grants nothing to the next token: it stays in memory until the user says yes for it', async () => {
    expect(await attack(realVault)).toEqual([]);
  });

  it('negative control: the 0.2 vault stores the next token weakly without asking', async () => {
    expect(await attack(vaultOf02)).toEqual(['the user\'s new token was stored weak', 'a token file is on disk']);
  });
});

describe('consents cannot be added by editing the file', () => {
  it('a record whose ciphertext decrypts to other consents or another origin (CBC allows that) is refused by its MAC', async () => {
    const key = Buffer.alloc(16, 7);
    const safeStorage = safeStorageDouble({ key, backend: 'gnome_libsecret' });
    const dir = await dataFolder({});
    const vault = realVault(safeStorage, join(dir, 'token.json'));
    await vault.save({ token: USER_TOKEN, origin: 'https://developers.counttogether.app', consents: { plainHttp: false, weakStorage: false } });
    const written = JSON.parse(await readFile(join(dir, 'token.json'), 'utf8')) as { data: string };
    const record = JSON.parse(safeStorage.decryptString(Buffer.from(written.data, 'base64'))) as Record<string, unknown>;
    const edited = { ...record, origin: EVIL, consents: { plainHttp: true, weakStorage: false } };
    await writeFile(join(dir, 'token.json'), JSON.stringify({ ...written, data: encryptWith(key, JSON.stringify(edited)) }));
    const refused = await vault.load();
    expect(refused.stored).toBeNull();
    expect(refused.notice && said(refused.notice)).toContain('changed after Counter Tray wrote it');
    // Control: the same edit with the MAC recomputed (which takes the token) is accepted, so the MAC is what refused it.
    const { createHmac } = await import('node:crypto');
    const mac = createHmac('sha256', USER_TOKEN).update(JSON.stringify(['counter-tray/token-record/v3', EVIL, 'encrypted', true, false])).digest('hex');
    await writeFile(join(dir, 'token.json'), JSON.stringify({ ...written, data: encryptWith(key, JSON.stringify({ ...edited, mac })) }));
    expect(await vault.load()).toMatchObject({ stored: { origin: EVIL, consents: { plainHttp: true } } });
  });

  it('a plain-text version-3 record is read only where the OS has no encryption at all', async () => {
    const none = safeStorageDouble({ available: false });
    const dir = await dataFolder({});
    await realVault(none, join(dir, 'token.json')).save({ token: USER_TOKEN, origin: 'https://developers.counttogether.app', consents: { plainHttp: false, weakStorage: true } });
    const plainFile = await readFile(join(dir, 'token.json'), 'utf8');
    expect(await realVault(none, join(dir, 'token.json')).load()).toMatchObject({ stored: { storage: 'weak' } });
    const plain = await realVault(safeStorageDouble({ backend: 'kwallet5' }), join(dir, 'token.json')).load();
    expect(plain.stored).toBeNull();
    expect(plain.notice && said(plain.notice)).toContain('plain text');
    expect(await readFile(join(dir, (await readdir(dir)).find((f) => f.includes('.corrupt-')) ?? ''), 'utf8')).toBe(plainFile);
  });
});
