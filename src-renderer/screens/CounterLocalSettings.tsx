import type { ReactNode } from 'react';
import type { CounterState } from '../../src-shared/domain/snapshot';
import type { AppState } from '../../src-shared/ipc/contract';
import type { Settings } from '../../src-shared/domain/settings';
import { SettingsGroup } from '../components/SettingsGroup';
import { ShortcutRecorder } from '../components/ShortcutRecorder';
import { Switch } from '../components/Switch';
import { conflictFor, failureFor, shortcutSlots } from '../format/shortcutUse';
import { useI18n } from '../i18n/I18n';

/** What this computer does for one counter. */
export interface LocalDraft {
  notify: boolean;
  increment: string | undefined;
  decrement: string | undefined;
}

export function localDraftOf(settings: Settings, counterId: string): LocalDraft {
  const own = settings.shortcuts.counters[counterId] ?? {};
  return { notify: !settings.notifications.mutedCounters.includes(counterId), increment: own.increment, decrement: own.decrement };
}

/** Null when nothing changed. */
export function localPatch(settings: Settings, counterId: string, draft: LocalDraft): Partial<Pick<Settings, 'notifications' | 'shortcuts'>> | null {
  const before = localDraftOf(settings, counterId);
  const patch: Partial<Pick<Settings, 'notifications' | 'shortcuts'>> = {};
  if (before.notify !== draft.notify) {
    const others = settings.notifications.mutedCounters.filter((id) => id !== counterId);
    patch.notifications = { ...settings.notifications, mutedCounters: draft.notify ? others : [...others, counterId] };
  }
  if (before.increment !== draft.increment || before.decrement !== draft.decrement) {
    const counters = { ...settings.shortcuts.counters };
    const own = { ...(draft.increment ? { increment: draft.increment } : {}), ...(draft.decrement ? { decrement: draft.decrement } : {}) };
    if (own.increment || own.decrement) counters[counterId] = own;
    else delete counters[counterId];
    patch.shortcuts = { ...settings.shortcuts, counters };
  }
  return Object.keys(patch).length > 0 ? patch : null;
}

interface Props {
  state: AppState;
  counter: CounterState;
  draft: LocalDraft;
  onChange: (next: LocalDraft) => void;
  children?: ReactNode;
}

export function CounterLocalSettings({ state, counter, draft, onChange, children }: Props) {
  const i18n = useI18n();
  const { settings } = state;
  // Judged with this page's unsaved shortcuts in place (+1 and −1 must not collide either).
  const slots = shortcutSlots(i18n, { ...settings, ...localPatch(settings, counter.id, draft) }, state.core?.counters ?? []);
  const isMac = state.platform === 'darwin';
  const directions: ('increment' | 'decrement')[] = counter.type === 'UpDown' ? ['increment', 'decrement'] : [];
  return (
    <SettingsGroup title={i18n.t('local.title')} className="local-settings">
      <Switch
        label={i18n.t('local.notify')}
        detail={settings.notifications.enabled ? undefined : i18n.t('local.notificationsOff')}
        checked={draft.notify}
        disabled={!settings.notifications.enabled}
        onChange={(notify) => onChange({ ...draft, notify })}
      />
      {children}
      {directions.map((direction) => (
        <ShortcutRecorder
          key={direction}
          label={direction === 'increment' ? i18n.t('local.incrementShortcut') : i18n.t('local.decrementShortcut')}
          value={draft[direction]}
          isMac={isMac}
          conflictOf={(accelerator) => conflictFor(slots, `${counter.id}:${direction}`, accelerator)}
          failure={failureFor(i18n, state.shortcutFailures, draft[direction])}
          onChange={(accelerator) => onChange({ ...draft, [direction]: accelerator ?? undefined })}
        />
      ))}
    </SettingsGroup>
  );
}
