// npm run dev:web [-- --port 5180] [--onboarding] [--dark] [--watch]
// The popup in a normal browser: the built renderer, the app controller with the real
// core, and the reference service with its demo data, all on 127.0.0.1. The page talks
// to the controller over a loopback HTTP bridge instead of Electron IPC; for that (and
// only there) the page's CSP allows `connect-src 'self'` (see dev-tools/web/http-bridge.ts).
import { parseArgs } from 'node:util';
import { DEMO_OTHER_TOKEN, DEMO_TOKEN } from '../src-service/index';
import { ROOT } from '../dev-tools/web/build-renderer';
import { startDevWeb } from '../dev-tools/web/dev-web-server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5180' },
    onboarding: { type: 'boolean', default: false },
    dark: { type: 'boolean', default: false },
    watch: { type: 'boolean', default: false },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, got ${values.port}`);
  process.exit(2);
}

const dev = await startDevWeb({ port, onboarding: values.onboarding, dark: values.dark });
let watcher: { close(): Promise<void> } | undefined;
if (values.watch) {
  // Rebuild on change; the server reads dist/renderer per request, so a reload shows it.
  const { build } = await import('vite');
  watcher = (await build({ configFile: `${ROOT}vite.config.ts`, logLevel: 'warn', build: { watch: {} } })) as unknown as { close(): Promise<void> };
}

console.log(`Counter Tray popup (dev): ${dev.url}`);
console.log(`Demo Counter Service:     ${dev.harness.service.url}`);
console.log(`  your token: ${DEMO_TOKEN}   another user's token: ${DEMO_OTHER_TOKEN}`);
console.log(`Open it at about 360×480 (DevTools device toolbar). Ctrl+C stops.`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await watcher?.close();
  await dev.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
