// Settings → Updates needs an updater to show anything (a package manager's copy shows one
// line): this stands in for main's update service with a fixed state, so the screen's words
// can be checked in every language. The updater itself is tested in test/main/app/updates and under the
// Electron double (test/electron-double/updates.spec.ts).
import type { UpdatesPort } from '../../src-main/app/updates/update-service';
import type { UpdatesState } from '../../src-shared/domain/updates';

/** The notes a release brought: data from the feed, never translated. */
export const STAND_IN_NOTES = 'Renamed from the tray.';

/** By default an update is available and the last one brought notes; `state` replaces any of that. */
export function updatesStandIn(now = Date.now(), state: UpdatesState = { source: 'self', status: { kind: 'available', version: '0.3.0' }, nextCheckAt: now + 6 * 3_600_000, whatsNew: { version: '0.2.1', notes: STAND_IN_NOTES } }): UpdatesPort {
  return {
    state: () => state,
    onChange: () => () => undefined,
    check: () => Promise.resolve(),
    download: () => Promise.resolve(),
    restart: () => undefined,
  };
}
