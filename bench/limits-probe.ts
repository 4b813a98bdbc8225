// Runs in a child process (`node --expose-gc` with tsx's loader), one measure per process,
// so memory one measure leaves behind is not the next one's. Prints one JSON line.
// Usage: limits-probe.ts zones <bounded|per-spelling> | answer <capped|uncapped> <MiB>
import { createServer } from 'node:http';
import { createApiClient } from '../src-main/core/api-client';
import { DEFAULT_TUNING } from '../src-main/core/tuning';
import { realClock } from '../src-main/core/clock';
import { createZoneCache } from '../src-shared/time/zone-cache';

const gc = (globalThis as { gc?: () => void }).gc;
const MiB = 1024 * 1024;
const settledRss = () => {
  gc?.();
  gc?.();
  return process.memoryUsage().rss;
};

/** 8 000 letter-case spellings of one zone: what settings:update accepted one by one in 0.2. */
function spellings(count: number): string[] {
  const zone = 'America/Argentina/Buenos_Aires';
  const out = new Set<string>();
  for (let i = 0; out.size < count; i += 1) out.add([...zone].map((c, j) => ((i >> (j % 30)) & 1 ? c.toUpperCase() : c.toLowerCase())).join(''));
  return [...out];
}

function zones(kind: string): object {
  const names = spellings(8000);
  const before = settledRss();
  const make = (timeZone: string) => new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  let held: number;
  if (kind === 'bounded') {
    const cache = createZoneCache(make);
    for (const name of names) cache.get(name);
    held = cache.zones().length;
  } else {
    const map = new Map<string, Intl.DateTimeFormat>();
    for (const name of names) map.set(name, make(name));
    held = map.size;
  }
  return { rssBytes: settledRss() - before, held };
}

async function answer(kind: string, mib: number): Promise<object> {
  const chunk = Buffer.alloc(MiB, 0x78);
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.write('["');
    let sent = 0;
    const pump = () => {
      while (sent < mib) {
        sent += 1;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end('"]');
    };
    res.on('close', () => undefined);
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const api = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, token: 'bench', fetch, clock: realClock, timeoutMs: 120_000, shutdown: new AbortController().signal, maxAnswerBytes: kind === 'capped' ? DEFAULT_TUNING.maxAnswerBytes : Number.POSITIVE_INFINITY });
  const before = process.resourceUsage().maxRSS * 1024;
  const outcome = await api.listCounters('UTC').then(
    () => 'read',
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  const peak = process.resourceUsage().maxRSS * 1024;
  server.closeAllConnections();
  server.close();
  return { peakRssGrowthBytes: peak - before, outcome };
}

async function main(): Promise<void> {
  const [what, kind, size] = process.argv.slice(2);
  const result = what === 'zones' ? zones(kind ?? 'bounded') : await answer(kind ?? 'capped', Number(size ?? 256));
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
