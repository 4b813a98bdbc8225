// The demo leaves no trace in the account's settings: per-counter ones (pins, mutes, shortcuts)
// stay in memory and the account's come back when it ends, so a demo counter's shortcut never keeps
// a global key. App-wide preferences belong to the user, and are saved as usual.
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
