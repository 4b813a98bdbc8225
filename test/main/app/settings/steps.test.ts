// A counter's step in the settings: the file an older app wrote, the rules of an edit and of a load.
import { describe, expect, it } from 'vitest';
import { applySettingsPatch, checkLoadedSettings } from '../../../../src-main/app/settings/settings-rules';
import { migrateSettings } from '../../../../src-main/app/settings/settings-migration';
import { DEFAULT_SETTINGS } from '../../../../src-shared/domain/settings';
import { COFFEE_ID, TRIP_ID } from '../../../support/app-fakes';
import { said } from '../../../../dev-tools/support/i18n';

const context = (known: string[]) => ({ platform: 'linux' as const, knownCounterIds: new Set(known) });

describe('counter steps in the settings', () => {
  it('a file from before steps loads with none, every other setting kept, and nothing to say', () => {
    const { steps: _added, ...old } = { ...DEFAULT_SETTINGS, pinned: [COFFEE_ID] };
    expect(migrateSettings(old)).toEqual({ kind: 'ok', settings: { ...DEFAULT_SETTINGS, pinned: [COFFEE_ID] } });
  });

  it.each([0, -5, 2.5, 2 ** 53, '5'])('a step of %j in the file is dropped with the other steps, and the notice names them', (bad) => {
    const outcome = migrateSettings({ ...DEFAULT_SETTINGS, pinned: [COFFEE_ID], steps: { [COFFEE_ID]: 5, [TRIP_ID]: bad } });
    expect(outcome).toMatchObject({ kind: 'migrated', settings: { pinned: [COFFEE_ID], steps: {} } });
    expect(outcome.kind === 'migrated' && outcome.notice && said(outcome.notice)).toContain('counter steps');
  });

  it('a whole step up to the largest safe integer is kept', () => {
    const steps = { [COFFEE_ID]: 25, [TRIP_ID]: Number.MAX_SAFE_INTEGER };
    expect(migrateSettings({ ...DEFAULT_SETTINGS, steps })).toEqual({ kind: 'ok', settings: { ...DEFAULT_SETTINGS, steps } });
  });

  it('an edit sets a step only for a counter shared with the user; one kept for a counter gone meanwhile stays', () => {
    expect(() => applySettingsPatch(DEFAULT_SETTINGS, { steps: { '00000000-0000-4000-8000-000000000001': 5 } }, context([COFFEE_ID]))).toThrow(/Steps can be set only for counters shared with you/);
    const set = applySettingsPatch(DEFAULT_SETTINGS, { steps: { [COFFEE_ID]: 5 } }, context([COFFEE_ID]));
    expect(set.steps).toEqual({ [COFFEE_ID]: 5 });
    expect(applySettingsPatch(set, { steps: { [COFFEE_ID]: 5 }, theme: 'dark' }, context([])).steps).toEqual({ [COFFEE_ID]: 5 });
    // Changed for a counter no longer shared: refused like a new one.
    expect(() => applySettingsPatch(set, { steps: { [COFFEE_ID]: 6 } }, context([]))).toThrow(/Steps can be set only/);
  });

  it.each([0, -1, 1.5, 1e20, Number.NaN])('an edit with a step of %s is refused', (step) => {
    expect(() => applySettingsPatch(DEFAULT_SETTINGS, { steps: { [COFFEE_ID]: step } }, context([COFFEE_ID]))).toThrow(/Setting steps/);
  });

  it('on load, a step under a key that is no counter id is dropped, as a shortcut is', () => {
    const loaded = { ...DEFAULT_SETTINGS, steps: { [COFFEE_ID]: 5, '__proto__x': 7, 'not an id': 3 } };
    expect(checkLoadedSettings(loaded, null, 'linux').settings.steps).toEqual({ [COFFEE_ID]: 5 });
  });
});
