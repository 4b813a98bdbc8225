// The token belongs to its server. Each check is a function run twice: against
// the real app, where it must hold, and against a deliberately weakened variant (the
// negative control), where the same check must fail, so a check that passes by
// construction shows up here. The vault is the real one, over a safeStorage with real
// cryptography and a real file (not an in-memory stand-in that cannot be forged).
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppController } from '../../src-main/app/controller';
import type { AppController } from '../../src-main/app/ports';
import type * as SettingsRules from '../../src-main/app/settings/settings-rules';
import { createFileSettingsStore } from '../../src-main/app/settings/file-settings-store';
import { createSecretFile } from '../../src-main/electron/files';
import { createSafeStorageVault } from '../../src-main/desktop/token-vault';
import { safeStorageDouble } from '../support/safe-storage-double';
import type { ConsentPort, SettingsStore, StoredToken, TokenVault } from '../../src-main/app/ports';
import { DEFAULT_SETTINGS } from '../../src-shared/domain/settings';
import { COFFEE_ID, counter, fakeCoreFactory, type FakeServer } from '../support/app-fakes';
import { FakeClock } from '../../dev-tools/support/fake-clock';
import { saidNotice } from '../../dev-tools/support/i18n';

const TOKEN = 'ct_live_5d1e0c9b8a7f6e5d4c3b2a19';
const HOME = 'http://127.0.0.1:8787';
const ATTACKER = 'https://attacker.example';
const STORED: StoredToken = { token: TOKEN, origin: HOME, storage: 'encrypted', consents: { plainHttp: false, weakStorage: false } };

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.doUnmock('../../src-main/app/settings/settings-rules');
  vi.resetModules();
});

type CreateController = typeof createAppController;

interface Variant {
  create?: CreateController;
  vault?: (inner: TokenVault) => TokenVault;
  consent?: ConsentPort;
}

async function boot(settings: SettingsStore, variant: Variant = {}, server?: Partial<FakeServer>) {
  const srv: FakeServer = { url: HOME, tokens: new Set([TOKEN]), reachable: true, counters: [counter(COFFEE_ID, 'Coffees today', 3)], ...server };
  const cores = fakeCoreFactory(srv);
  const dir = await mkdtemp(join(tmpdir(), 'counter-tray-vault-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const inner = createSafeStorageVault({ safeStorage: safeStorageDouble({ backend: 'gnome_libsecret', key: Buffer.alloc(16, 3) }), platform: 'linux', file: createSecretFile(join(dir, 'token.json')) });
  await inner.save(STORED);
  const vault = variant.vault ? variant.vault(inner) : inner;
  const logs: string[] = [];
  const controller: AppController = (variant.create ?? createAppController)({
    coreFactory: cores.factory,
    settings,
    vault,
    consent: variant.consent ?? { ask: async () => false },
    demo: async () => {
      throw new Error('no demo here');
    },
    platform: 'linux',
    systemTimezone: () => 'UTC',
    systemLanguages: () => ['en-US'],
    theme: { shouldUseDarkColors: () => false, onUpdated: () => () => undefined },
    clock: new FakeClock(),
    logger: { info: (m) => logs.push(m), warn: (m) => logs.push(m), error: (m) => logs.push(m) },
  });
  const started = controller;
  cleanups.push(() => started.stop());
  const { notices } = await started.start();
  // What the user reads (English), all notices of the launch together.
  const notice = notices.map((n) => saidNotice(n).body).join(' ');
  return { controller: started, cores, vault: inner, logs, notice };
}

async function tempSettings(content: unknown) {
  const dir = await mkdtemp(join(tmpdir(), 'counter-tray-trust-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const path = join(dir, 'settings.json');
  await writeFile(path, JSON.stringify(content), 'utf8');
  return { dir, path, store: createFileSettingsStore(path) };
}

/** A vault that knows no origin, as the first one did: the token goes wherever the settings file says. */
const unboundVault = (settingsPath: string) => (inner: TokenVault): TokenVault => ({
  ...inner,
  load: async () => {
    const { stored } = await inner.load();
    const file = JSON.parse(await readFile(settingsPath, 'utf8')) as { serverUrl: string };
    return { stored: stored ? { ...stored, origin: new URL(file.serverUrl).origin } : null };
  },
});

describe('another process edits settings.json (serverUrl → its own server)', () => {
  /** Answers what went wrong: every core that was handed the stored token for another origin. */
  async function tokenStaysHome(weaken?: (settingsPath: string) => Variant['vault']): Promise<string[]> {
    const { store, path } = await tempSettings({ ...DEFAULT_SETTINGS, serverUrl: ATTACKER });
    const weakVault = weaken?.(path);
    const { controller, cores, vault } = await boot(store, weakVault ? { vault: weakVault } : {});
    const leaks = cores.cores.filter((c) => c.options.token === TOKEN && new URL(c.options.baseUrl).origin !== HOME).map((c) => `token sent to ${c.options.baseUrl}`);
    if (leaks.length === 0) {
      // Signed out with a reason, and the token kept for its own server (nothing lost).
      expect(controller.getState().session).toMatchObject({ status: 'signedOut', error: { code: 'token-for-other-server' } });
      expect((await vault.load()).stored).toEqual(STORED);
    }
    return leaks;
  }

  it('the stored token is used for its own origin only', async () => {
    expect(await tokenStaysHome()).toEqual([]);
  });

  it('negative control: a vault that does not bind the token to its origin leaks it', async () => {
    expect(await tokenStaysHome(unboundVault)).toEqual([`token sent to ${ATTACKER}`]);
  });
});

describe('settings.json is untrusted input', () => {
  const hostile = {
    ...DEFAULT_SETTINGS,
    serverUrl: 'http://attacker.example:8080',
    allowInsecureServer: true,
    weakTokenStorage: true,
    shortcuts: { open: 'Shift+A', counters: { [COFFEE_ID]: { increment: 'CommandOrControl+C', decrement: 'Ctrl+Alt+J' } } },
  };

  async function fileFollowsTheRules(create?: CreateController): Promise<string[]> {
    const { dir, store } = await tempSettings(hostile);
    const { controller, notice } = await boot(store, create ? { create } : {});
    const settings = controller.getState().settings;
    const problems: string[] = [];
    if (settings.serverUrl !== DEFAULT_SETTINGS.serverUrl) problems.push(`server kept: ${settings.serverUrl}`);
    if (settings.shortcuts.open !== null) problems.push(`shortcut kept: ${settings.shortcuts.open}`);
    if (settings.shortcuts.counters[COFFEE_ID]?.increment !== undefined) problems.push('editing shortcut kept');
    if (problems.length === 0) {
      expect(settings.shortcuts.counters[COFFEE_ID]?.decrement).toBe('Ctrl+Alt+J');
      expect('weakTokenStorage' in settings || 'allowInsecureServer' in settings).toBe(false);
      expect(notice).toMatch(/plain http.*A backup is at .*settings\.json\.corrupt-/);
      const backups = (await readdir(dir)).filter((f) => f.includes('.corrupt-'));
      expect(backups).toHaveLength(1);
      expect(JSON.parse(await readFile(join(dir, backups[0] ?? ''), 'utf8'))).toMatchObject({ serverUrl: 'http://attacker.example:8080' });
    }
    return problems;
  }

  it('a file that breaks the rules of a user edit is repaired, backed up, and the user told', async () => {
    expect(await fileFollowsTheRules()).toEqual([]);
  });

  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'https://user:pw@counters.example.org'])('refuses %s as the server from the file', async (serverUrl) => {
    const { store } = await tempSettings({ ...DEFAULT_SETTINGS, serverUrl });
    const { controller, notice, cores } = await boot(store);
    expect(controller.getState().settings.serverUrl).toBe(DEFAULT_SETTINGS.serverUrl);
    expect(notice).toContain('server address is not allowed');
    expect(cores.cores).toEqual([]);
  });

  it('plain http to another host survives a restart only for the origin the vault bound the token to', async () => {
    const { store } = await tempSettings({ ...DEFAULT_SETTINGS, serverUrl: 'http://192.168.1.20:8787' });
    const srv = { url: 'http://192.168.1.20:8787' };
    const bound = await boot(store, { vault: (inner) => ({ ...inner, load: async () => ({ stored: { ...STORED, origin: 'http://192.168.1.20:8787', consents: { plainHttp: true, weakStorage: false } } }) }) }, srv);
    expect(bound.controller.getState().settings.serverUrl).toBe('http://192.168.1.20:8787');
    expect(bound.notice).toBe('');
  });

  it('negative control: without the load-time rules the hostile file is used as it is', async () => {
    vi.resetModules();
    vi.doMock('../../src-main/app/settings/settings-rules', async (original) => ({
      ...(await original<typeof SettingsRules>()),
      settingsAtLaunch: async (store: SettingsStore) => ({ settings: (await store.load()).settings, notices: [] }),
    }));
    const weakened = (await import('../../src-main/app/controller')).createAppController;
    expect(await fileFollowsTheRules(weakened)).toEqual(expect.arrayContaining(['server kept: http://attacker.example:8080', 'shortcut kept: Shift+A']));
  });
});

// Server text on its way to the popup, the tray, notifications and logs: test/hardening/hostile-text.test.ts
// (through the real core, where it is sanitized now) and test/hardening/sanitizer-order.test.ts.
