import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileSettingsStore } from '../../../../src-main/app/settings/file-settings-store';
import { backupPathFor, migrateSettings, readSettingsText } from '../../../../src-main/app/settings/settings-migration';
import { DEFAULT_SETTINGS } from '../../../../src-shared/domain/settings';
import { COFFEE_ID } from '../../../support/app-fakes';
import { de, said } from '../../../../dev-tools/support/i18n';

describe('settings migration', () => {
  it('no file: defaults', () => {
    expect(readSettingsText(undefined)).toEqual({ kind: 'ok', settings: DEFAULT_SETTINGS });
  });

  it('a current file passes unchanged', () => {
    const current = { ...DEFAULT_SETTINGS, pinned: [COFFEE_ID], theme: 'dark' };
    expect(readSettingsText(JSON.stringify(current))).toEqual({ kind: 'ok', settings: current });
  });

  it('migrates the unversioned 0.0.x layout, dropping a plain-text token it held', () => {
    const old = { server: 'https://counters.example.org', pinnedCounter: COFFEE_ID, notify: false, mutedCounters: ['x'], theme: 'dark', token: 'plain-text-token' };
    const outcome = migrateSettings(old);
    expect(outcome).toEqual({
      kind: 'migrated',
      from: 0,
      settings: { ...DEFAULT_SETTINGS, serverUrl: 'https://counters.example.org', pinned: [COFFEE_ID], notifications: { enabled: false, mutedCounters: ['x'] }, theme: 'dark' },
    });
    expect(JSON.stringify(outcome)).not.toContain('plain-text-token');
  });

  it('version 1 (before issue 26) gains the update mode: automatic, every other setting kept', () => {
    const { updates: _added, ...v1 } = { ...DEFAULT_SETTINGS, version: 1, pinned: [COFFEE_ID], theme: 'dark' as const };
    expect(migrateSettings(v1)).toEqual({ kind: 'migrated', from: 1, settings: { ...DEFAULT_SETTINGS, pinned: [COFFEE_ID], theme: 'dark', updates: { mode: 'automatic' } } });
    // Version 1 had no update mode: whatever such a key held in a version 1 file is not a choice the user made.
    expect(migrateSettings({ ...v1, updates: { mode: 'off' } })).toMatchObject({ kind: 'migrated', settings: { updates: { mode: 'automatic' } } });
  });

  it('a file from before links loads with links off, no notice; a value that is not a yes or no is reset to off and named', () => {
    const { allowLinks: _added, ...before } = { ...DEFAULT_SETTINGS, theme: 'dark' as const };
    expect(migrateSettings(before)).toEqual({ kind: 'ok', settings: { ...before, allowLinks: false } });
    const outcome = migrateSettings({ ...before, allowLinks: 'yes' });
    expect(outcome).toMatchObject({ kind: 'migrated', settings: { theme: 'dark', allowLinks: false } });
    expect(outcome.kind === 'migrated' && outcome.notice && said(outcome.notice)).toContain('links');
  });

  it('a file from before sounds loads with them off, no notice; a volume above 100 is reset and named', () => {
    const { sounds: _added, ...before } = { ...DEFAULT_SETTINGS, theme: 'dark' as const };
    expect(migrateSettings(before)).toEqual({ kind: 'ok', settings: { ...before, sounds: { on: false, volume: 60, others: false } } });
    const outcome = migrateSettings({ ...before, sounds: { on: true, volume: 400, others: false } });
    expect(outcome).toMatchObject({ kind: 'migrated', settings: { theme: 'dark', sounds: DEFAULT_SETTINGS.sounds } });
    expect(outcome.kind === 'migrated' && outcome.notice && said(outcome.notice, de)).toContain('Töne');
  });

  it('an update mode that is not one of the three is reset alone, with a notice naming it', () => {
    const outcome = migrateSettings({ ...DEFAULT_SETTINGS, pinned: [COFFEE_ID], updates: { mode: 'sometimes' } });
    expect(outcome).toMatchObject({ kind: 'migrated', settings: { pinned: [COFFEE_ID], updates: { mode: 'automatic' } } });
    expect(outcome.kind === 'migrated' && outcome.notice && said(outcome.notice)).toContain('updates');
  });

  it('salvages valid fields of a partly broken file and names the reset ones', () => {
    const outcome = migrateSettings({ ...DEFAULT_SETTINGS, theme: 'purple', pinned: [COFFEE_ID], serverUrl: 42 });
    expect(outcome).toMatchObject({ kind: 'migrated', settings: { theme: 'system', pinned: [COFFEE_ID], serverUrl: DEFAULT_SETTINGS.serverUrl } });
    const notice = outcome.kind === 'migrated' && outcome.notice ? said(outcome.notice) : '';
    expect(notice).toBe('Some settings were not valid and are back to their defaults: server and theme.');
    expect(outcome.kind === 'migrated' && outcome.notice && said(outcome.notice, de)).toBe('Einige Einstellungen waren ungültig und stehen wieder auf dem Standard: Server und Darstellung.');
  });

  it.each([
    ['{"version": 1, "serverUrl": ', 'not valid JSON'],
    ['[1,2,3]', 'did not hold settings'],
    ['"hello"', 'did not hold settings'],
    ['{"version": 7}', 'newer Counter Tray'],
    ['{"version": -1}', 'unknown version'],
  ])('resets %s (%s)', (text, why) => {
    const outcome = readSettingsText(text);
    expect(outcome).toMatchObject({ kind: 'reset', settings: DEFAULT_SETTINGS });
    expect(outcome.kind === 'reset' && said(outcome.notice)).toContain(why);
  });

  it('backup names never collide', () => {
    expect(backupPathFor('/cfg/settings.json', new Date('2026-11-22T13:05:00.123Z'))).toBe('/cfg/settings.json.corrupt-2026-11-22T13-05-00-123Z.bak');
  });
});

describe('JSON file settings store', () => {
  it('backs up a corrupt file, starts from defaults and says so once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'settings-'));
    const path = join(dir, 'settings.json');
    await writeFile(path, '{"version":1,"serverUrl":', 'utf8');
    const store = createFileSettingsStore(path, () => new Date('2026-11-22T13:05:00Z'));
    const loaded = await store.load();
    expect(loaded.settings).toEqual(DEFAULT_SETTINGS);
    expect(loaded.notice && said(loaded.notice)).toContain('backup');
    const files = (await readdir(dir)).sort();
    expect(files).toEqual(['settings.json', 'settings.json.corrupt-2026-11-22T13-05-00-000Z.bak']);
    expect(await readFile(join(dir, files[1] ?? ''), 'utf8')).toBe('{"version":1,"serverUrl":');
    expect((await store.load()).notice).toBeUndefined();
  });

  it('writes migrated settings back, and saves atomically', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'settings-'));
    const path = join(dir, 'settings.json');
    await writeFile(path, JSON.stringify({ server: 'https://a.example', notify: true }), 'utf8');
    const store = createFileSettingsStore(path);
    expect((await store.load()).settings.serverUrl).toBe('https://a.example');
    expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ version: 2, serverUrl: 'https://a.example', updates: { mode: 'automatic' } });
    await store.save({ ...DEFAULT_SETTINGS, theme: 'dark' });
    expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ theme: 'dark' });
    expect(await readdir(dir)).toEqual(['settings.json']);
  });

  it('reads the file electron-store wrote (0.2) as it is: the same settings, no notice', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'settings-'));
    const path = join(dir, 'settings.json');
    const mine = { ...DEFAULT_SETTINGS, theme: 'dark' as const, pinned: ['019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b12'] };
    await writeFile(path, JSON.stringify(mine, null, '\t'), 'utf8');
    expect(await createFileSettingsStore(path).load()).toEqual({ settings: mine });
  });

  it('changes saved in quick succession land in order, each write whole', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'settings-'));
    const path = join(dir, 'settings.json');
    const store = createFileSettingsStore(path);
    await store.load();
    const themes = ['dark', 'light', 'system', 'dark', 'light'] as const;
    await Promise.all(themes.map((theme) => store.save({ ...DEFAULT_SETTINGS, theme })));
    expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ theme: 'light' });
    expect(await readdir(dir)).toEqual(['settings.json']);
  });
});
