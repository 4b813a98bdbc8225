// `npm run dev:web`: the popup in an ordinary browser, on the same harness as the e2e
// run (reference service + app controller + real core), bridged over loopback HTTP.
import { DEMO_TOKEN } from '../../src-service/index';
import { startAppHarness, type AppHarness } from './app-harness';
import { ensureRendererBuilt } from './build-renderer';
import { devIndexHtml, httpBridgeRoutes } from './http-bridge';
import { serveDirectory } from './static-server';

export interface DevWebOptions {
  port?: number;
  /** Start signed out, to work on onboarding. */
  onboarding?: boolean;
  dark?: boolean;
}

export interface DevWeb {
  url: string;
  harness: AppHarness;
  close(): Promise<void>;
}

export async function startDevWeb(options: DevWebOptions = {}): Promise<DevWeb> {
  const root = await ensureRendererBuilt();
  const harness = await startAppHarness({ fixtures: 'demo', signedInAs: options.onboarding ? null : DEMO_TOKEN, dark: options.dark ?? false });
  let origin = '';
  const server = await serveDirectory(root, {
    ...(options.port !== undefined ? { port: options.port } : {}),
    transformIndex: devIndexHtml,
    routes: httpBridgeRoutes(harness.app, () => origin),
  });
  origin = new URL(server.url).origin;
  return {
    url: server.url,
    harness,
    async close() {
      await server.close();
      await harness.close();
    },
  };
}
