// A counter's reminder in the settings: the file an older app wrote, a bad one in the file or an edit, and the demo's own.
import { describe, expect, it } from 'vitest';
import { createMemorySettingsStore } from '../../../../dev-tools/headless/memory-adapters';
import { said } from '../../../../dev-tools/support/i18n';
import { createAppSettings } from '../../../../src-main/app/settings/app-settings';
import { migrateSettings } from '../../../../src-main/app/settings/settings-migration';
import { applySettingsPatch, checkLoadedSettings } from '../../../../src-main/app/settings/settings-rules';
import { DEFAULT_SETTINGS } from '../../../../src-shared/domain/settings';
import { COFFEE_ID, TRIP_ID } from '../../../support/app-fakes';

const WEEKDAYS = { time: '20:00', days: [1, 2, 3, 4, 5] };
const context = { platform: 'linux' as const, knownCounterIds: new Set([COFFEE_ID]) };

describe('reminders in the settings', () => {
  it('a file from before reminders loads with none and nothing to say; one with a reminder keeps it', () => {
    const { reminders: _added, ...old } = DEFAULT_SETTINGS;
    expect(migrateSettings(old)).toEqual({ kind: 'ok', settings: DEFAULT_SETTINGS });
    const reminders = { [COFFEE_ID]: WEEKDAYS };
    expect(migrateSettings({ ...DEFAULT_SETTINGS, reminders })).toEqual({ kind: 'ok', settings: { ...DEFAULT_SETTINGS, reminders } });
  });

  it.each([{ time: '24:00', days: [1] }, { time: '8:00', days: [1] }, { time: '20:00', days: [0] }, { time: '20:00', days: [8] }, { time: '20:00' }])('a reminder %j in the file is dropped with the others, and the notice names them', (bad) => {
    const outcome = migrateSettings({ ...DEFAULT_SETTINGS, reminders: { [COFFEE_ID]: WEEKDAYS, [TRIP_ID]: bad } });
    expect(outcome).toMatchObject({ kind: 'migrated', settings: { reminders: {} } });
    expect(outcome.kind === 'migrated' && outcome.notice && said(outcome.notice)).toContain('reminders');
  });

  it('an edit with a time that is not HH:MM is refused; negative control: 20:00 is set', () => {
    expect(() => applySettingsPatch(DEFAULT_SETTINGS, { reminders: { [COFFEE_ID]: { time: '20:00:30', days: [1] } } }, context)).toThrow(/Setting reminders/);
    expect(applySettingsPatch(DEFAULT_SETTINGS, { reminders: { [COFFEE_ID]: WEEKDAYS } }, context).reminders).toEqual({ [COFFEE_ID]: WEEKDAYS });
  });

  it('on load, a reminder under a key that is no counter id is dropped, as a step is', () => {
    const loaded = { ...DEFAULT_SETTINGS, reminders: { [COFFEE_ID]: WEEKDAYS, 'not an id': WEEKDAYS } };
    expect(checkLoadedSettings(loaded, null, 'linux').settings.reminders).toEqual({ [COFFEE_ID]: WEEKDAYS });
  });

  it('the demo’s reminders stay in memory; the account’s come back when it ends', async () => {
    const account = { ...DEFAULT_SETTINGS, reminders: { [COFFEE_ID]: WEEKDAYS } };
    const store = createMemorySettingsStore(account);
    const settings = createAppSettings(store);
    settings.loaded(account);
    settings.followMode('demo');
    await settings.save({ ...account, reminders: { [TRIP_ID]: WEEKDAYS } });
    expect([settings.current().reminders, store.current().reminders]).toEqual([{ [TRIP_ID]: WEEKDAYS }, { [COFFEE_ID]: WEEKDAYS }]);
    settings.followMode('account');
    expect(settings.current().reminders).toEqual({ [COFFEE_ID]: WEEKDAYS });
  });
});
