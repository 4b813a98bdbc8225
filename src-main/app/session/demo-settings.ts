// The demo leaves no trace in the account's settings: per-counter ones (pins, mutes, shortcuts) stay in
// memory and the account's come back when it ends. App-wide preferences are the user's, saved as usual.
import type { Settings } from '../../../src-shared/domain/settings';

export function withAccountCounterSettings(next: Settings, account: Settings): Settings {
  return {
    ...next,
    pinned: account.pinned,
    notifications: { ...next.notifications, mutedCounters: account.notifications.mutedCounters },
    shortcuts: { ...next.shortcuts, counters: account.shortcuts.counters },
  };
}
