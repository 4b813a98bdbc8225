// The app layer without Electron (createHeadlessApp), signed in to the bench service
// as a returning user would be: the same controller, core and dispatcher as the app.
import { createHeadlessApp } from '../dev-tools/headless/headless-app';
import type { HeadlessApp, HeadlessAppOptions } from '../dev-tools/headless/headless-app';
import { DEFAULT_SETTINGS } from '../src-shared/domain/settings';

export async function startSignedInApp(
  serverUrl: string,
  token: string,
  options: Pick<HeadlessAppOptions, 'activityDir' | 'pendingDir' | 'lastKnownPath' | 'coreFactory'> = {},
): Promise<HeadlessApp> {
  const app = createHeadlessApp({
    ...options,
    systemTimezone: 'UTC',
    settings: { ...DEFAULT_SETTINGS, serverUrl },
    storedToken: { token, origin: new URL(serverUrl).origin, storage: 'encrypted' },
  });
  await app.start();
  return app;
}
