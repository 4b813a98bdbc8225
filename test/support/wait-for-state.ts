// Resolves with the first AppState (the current one included) that satisfies the
// predicate: tests await the app's own events instead of sleeping.
import type { HeadlessApp } from '../../dev-tools/headless/headless-app';
import type { AppStateBody } from '../../src-shared/ipc/contract';

export function waitForState(app: HeadlessApp, predicate: (s: AppStateBody) => boolean): Promise<AppStateBody> {
  const now = app.controller.getState();
  if (predicate(now)) return Promise.resolve(now);
  return new Promise((resolve) => {
    const off = app.controller.on('state:changed', (s) => {
      if (predicate(s)) {
        off();
        resolve(s);
      }
    });
  });
}
