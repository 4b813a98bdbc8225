import { useCallback, useEffect, useState } from 'react';
import type { Settings, SettingsPatch } from '../../src-shared/domain/settings';
import type { CounterTrayApi } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';
import { errorText } from '../../src-shared/i18n/error-words';
import { useI18n } from '../i18n/I18n';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A change shows at once (a radio that snaps back until main answers feels broken), kept until main's state agrees or refuses it. */
export function useSettingsEditor(api: CounterTrayApi, settings: Settings) {
  const i18n = useI18n();
  const [overrides, setOverrides] = useState<SettingsPatch>({});
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setOverrides((current) => {
      const left = Object.fromEntries(Object.entries(current).filter(([key, value]) => !same(settings[key as keyof Settings], value)));
      return Object.keys(left).length === Object.keys(current).length ? current : left;
    });
  }, [settings]);

  const update = useCallback(
    async (patch: SettingsPatch) => {
      setOverrides((current) => ({ ...current, ...patch }));
      const result = await call(api, 'settings:update', patch);
      if (result.ok) return setError(null);
      setError(errorText(i18n, result.error));
      setOverrides((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !(key in patch))));
    },
    [api, i18n],
  );

  const effective: Settings = { ...settings, ...overrides };
  return { settings: effective, update, error };
}
