// The sync core from a plain Node script, outside any test: proves the contract works
// against a running Counter Service.
//
//   npm run service -- --port 8787 --fixtures demo     (prints the demo token)
//   npx tsx scripts/core-demo.ts http://127.0.0.1:8787 demo-token-ada [--watch]
//
// Syncs, clicks the first UpDown counter (+3, -1), waits until the server confirmed it,
// prints the counters, then stops — or with --watch keeps printing remote changes until Ctrl-C.
import { createCounterCore, CoreError } from '../src-main/core/index';
import type { CoreSnapshot } from '../src-shared/domain/snapshot';

const [baseUrl, token] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const watch = process.argv.includes('--watch');
if (!baseUrl || !token) {
  console.error('usage: npx tsx scripts/core-demo.ts <url> <token> [--watch]');
  process.exit(2);
}

function print(snapshot: CoreSnapshot): void {
  console.log(`connection: ${snapshot.connection.status}${snapshot.connection.message ? ` (${snapshot.connection.message})` : ''}`);
  for (const c of snapshot.counters) {
    const extra = [c.startDate && `since ${c.startDate}`, c.endDate && `until ${c.endDate}`, c.pending && 'pending', c.error && `${c.error.kind}: ${c.error.message}`]
      .filter(Boolean)
      .join(', ');
    console.log(`  ${c.name.padEnd(28)} ${String(c.value).padStart(6)}  ${c.type}${extra ? `  (${extra})` : ''}`);
  }
  const { requests, rateLimited, notifications, resyncs } = snapshot.stats;
  console.log(`  requests=${requests} 429s=${rateLimited} notifications=${notifications} resyncs=${resyncs}`);
}

const core = createCounterCore({ baseUrl, token });
core.onRemoteChange((change) => console.log(`remote: ${change.name} ${change.from} → ${change.to}`));

try {
  await core.start();
} catch (error) {
  console.error(`start failed: ${error instanceof CoreError ? `${error.kind}: ${error.message}` : String(error)}`);
  process.exit(1);
}
print(core.snapshot());

const target = core.snapshot().counters.find((c) => c.type === 'UpDown' && c.refused.increment === undefined && c.refused.decrement === undefined);
if (target) {
  console.log(`\nclicking "${target.name}": +1 +1 +1 -1`);
  core.increment(target.id);
  core.increment(target.id);
  core.increment(target.id);
  core.decrement(target.id);
  console.log(`  shown at once: ${core.snapshot().counters.find((c) => c.id === target.id)?.value}`);
  await core.settled();
  console.log('  confirmed by the server:');
  print(core.snapshot());
}

if (watch) {
  console.log('\nwatching for remote changes (Ctrl-C to stop)');
  process.on('SIGINT', () => void core.stop().then(() => process.exit(0)));
} else {
  await core.stop();
}
