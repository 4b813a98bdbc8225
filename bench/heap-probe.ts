// Runs in a child process (`node --expose-gc` with tsx's loader), so a core's heap is
// measured in a clean isolate: nothing left from earlier cores, the browser driver or
// the service. Prints one JSON line: the heap a started core retains with every counter
// the user sees. Usage: heap-probe.ts <baseUrl> <token>
import { createCounterCore } from '../src-main/core/index';

const gc = (globalThis as { gc?: () => void }).gc;

async function main(): Promise<void> {
  const [baseUrl, token] = process.argv.slice(2);
  if (!gc || !baseUrl || !token) throw new Error('usage: node --expose-gc heap-probe.ts <baseUrl> <token>');
  // Load the HTTP client's lazy parts first, so they are not counted as the core's.
  await (await fetch(new URL('/v2/counters?timezone=UTC', baseUrl), { headers: { Authorization: 'Bearer none' } })).arrayBuffer();
  const core = createCounterCore({ baseUrl, token, timezone: 'UTC' });
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  await core.start();
  gc();
  gc();
  const after = process.memoryUsage().heapUsed;
  const counters = core.snapshot().counters.length;
  await core.stop();
  process.stdout.write(`${JSON.stringify({ retainedBytes: after - before, counters })}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
