// Settings → Sounds: off until asked; the volume plays what it sets, so one hears it while choosing.
import { useId } from 'react';
import type { Settings } from '../../src-shared/domain/settings';
import { SettingsGroup } from '../components/SettingsGroup';
import { Switch } from '../components/Switch';
import { playSound } from '../components/useSoundCue';
import { useI18n } from '../i18n/I18n';
import type { SectionProps } from './SettingsScreen';

export function SoundsSection({ settings, update }: SectionProps) {
  const i18n = useI18n();
  const id = useId();
  const { sounds } = settings;
  const set = (patch: Partial<Settings['sounds']>) => update({ sounds: { ...sounds, ...patch } });
  return (
    <SettingsGroup title={i18n.t('settings.sounds')}>
      <Switch label={i18n.t('settings.soundsOn')} checked={sounds.on} onChange={(on) => set({ on })} />
      {sounds.on && (
        <>
          <div className="setting setting-inline">
            <label className="setting-text" htmlFor={id}>
              {i18n.t('settings.volume')}
            </label>
            <input
              id={id}
              type="range"
              className="volume"
              min={10}
              max={100}
              step={10}
              value={sounds.volume}
              onChange={(event) => {
                const volume = event.target.valueAsNumber;
                playSound('click', volume);
                set({ volume });
              }}
            />
          </div>
          <Switch label={i18n.t('settings.soundsOthers')} checked={sounds.others} onChange={(others) => set({ others })} />
        </>
      )}
    </SettingsGroup>
  );
}
