// Settings → Sounds: off until asked; moving the volume plays it, so one hears what one chooses.
import type { Settings } from '../../src-shared/domain/settings';
import { SettingsGroup } from '../components/SettingsGroup';
import { Switch } from '../components/Switch';
import { playSound } from '../components/useSoundCue';
import { useI18n } from '../i18n/I18n';
import type { SectionProps } from './SettingsScreen';

export function SoundsSection({ settings, update }: SectionProps) {
  const i18n = useI18n();
  const { sounds } = settings;
  const set = (patch: Partial<Settings['sounds']>) => update({ sounds: { ...sounds, ...patch } });
  return (
    <SettingsGroup title={i18n.t('settings.sounds')}>
      <Switch label={i18n.t('settings.soundsOn')} checked={sounds.on} onChange={(on) => set({ on })} />
      {sounds.on && (
        <>
          <label className="setting setting-inline">
            <span className="setting-text">{i18n.t('settings.volume')}</span>
            <input
              type="range"
              className="volume"
              min={10}
              max={100}
              step={10}
              value={sounds.volume}
              onChange={(event) => {
                playSound('click', event.target.valueAsNumber);
                set({ volume: event.target.valueAsNumber });
              }}
            />
          </label>
          <Switch label={i18n.t('settings.soundsOthers')} checked={sounds.others} onChange={(others) => set({ others })} />
        </>
      )}
    </SettingsGroup>
  );
}
