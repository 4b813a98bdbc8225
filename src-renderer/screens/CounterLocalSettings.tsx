import type { CounterState } from '../../src-shared/domain/snapshot';
import type { AppState, CounterTrayApi } from '../../src-shared/ipc/contract';
import { ShortcutRecorder } from '../components/ShortcutRecorder';
import { useSettingsEditor } from '../components/useSettingsEditor';
import { conflictFor, failureFor, shortcutSlots } from '../format/shortcutUse';

interface Props {
  api: CounterTrayApi;
  state: AppState;
  counter: CounterState;
}

/** What this computer does for one counter: notifications and global shortcuts (stored locally, not on the server). */
export function CounterLocalSettings({ api, state, counter }: Props) {
  const { settings, update, error } = useSettingsEditor(api, state.settings);
  const muted = settings.notifications.mutedCounters.includes(counter.id);
  const own = settings.shortcuts.counters[counter.id] ?? {};
  const slots = shortcutSlots(settings, state.core?.counters ?? []);
  const isMac = state.platform === 'darwin';

  function setShortcut(direction: 'increment' | 'decrement', accelerator: string | null) {
    const next = { ...own, [direction]: accelerator ?? undefined };
    const counters = { ...settings.shortcuts.counters, [counter.id]: next };
    if (!next.increment && !next.decrement) delete counters[counter.id];
    void update({ shortcuts: { ...settings.shortcuts, counters } });
  }

  const directions: ('increment' | 'decrement')[] = counter.type === 'UpDown' ? ['increment', 'decrement'] : [];
  return (
    <section className="local-settings" aria-labelledby="local-settings-title">
      <h2 id="local-settings-title" className="subtitle">
        On this computer
      </h2>
      <label className="check">
        <input
          type="checkbox"
          checked={!muted}
          disabled={!settings.notifications.enabled}
          onChange={(e) => {
            const others = settings.notifications.mutedCounters.filter((id) => id !== counter.id);
            void update({ notifications: { ...settings.notifications, mutedCounters: e.target.checked ? others : [...others, counter.id] } });
          }}
        />
        <span>
          Notify me when someone else changes it
          {!settings.notifications.enabled && <span className="muted"> (notifications are off in Settings)</span>}
        </span>
      </label>
      {directions.map((direction) => (
        <ShortcutRecorder
          key={direction}
          label={direction === 'increment' ? '+1 shortcut' : '−1 shortcut'}
          value={own[direction]}
          isMac={isMac}
          conflictOf={(accelerator) => conflictFor(slots, `${counter.id}:${direction}`, accelerator)}
          failure={failureFor(state.shortcutFailures, own[direction])}
          onChange={(accelerator) => setShortcut(direction, accelerator)}
        />
      ))}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
