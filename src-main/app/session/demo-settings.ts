// Demo mode leaves no traces in the account's settings: what belongs to counters (pins,
// mutes, per-counter shortcuts) stays in memory while the demo runs, and the account's
// own values come back when it ends, so a shortcut recorded for a demo counter never
// keeps a global key grabbed afterwards. App-wide preferences (theme, time zone,
// notifications on/off, the open-popup shortcut, launch at login) belong to the user
// whatever they are looking at, and are saved as usual.
import type { Settings } from '../../../src-shared/domain/settings';

/** `next`, with the per-counter settings taken from the account's saved ones. */
export function withAccountCounterSettings(next: Settings, account: Settings): Settings {
  return {
    ...next,
    pinned: account.pinned,
    notifications: { ...next.notifications, mutedCounters: account.notifications.mutedCounters },
    shortcuts: { ...next.shortcuts, counters: account.shortcuts.counters },
  };
}
