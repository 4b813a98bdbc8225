// `npm run service -- --port 8787 --fixtures path|demo [--variant k=v,...] [--state FILE] [--host H]`
// Prints exactly one line on stdout when ready; the demo token goes to stderr so the
// stdout contract stays one line. A bad fixtures file exits 1 before listening.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEMO_TOKEN } from './demo-fixtures';
import { startCounterService } from './service';
import { parseVariantArg } from './variants';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', default: '8787' },
        host: { type: 'string', default: '127.0.0.1' },
        fixtures: { type: 'string' },
        variant: { type: 'string' },
        state: { type: 'string' },
      },
      strict: true,
    }));
  } catch (e) {
    fail(`Usage: --port N --fixtures PATH|demo [--variant k=v,...] [--state FILE] [--host H]\n${(e as Error).message}`);
  }
  if (!values.fixtures) fail('--fixtures PATH|demo is required');
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`Invalid --port ${values.port}`);

  let fixtures: unknown = 'demo';
  if (values.fixtures !== 'demo') {
    try {
      fixtures = JSON.parse(readFileSync(values.fixtures, 'utf8'));
    } catch (e) {
      fail(`Cannot read fixtures ${values.fixtures}: ${(e as Error).message}`);
    }
  }
  const service = await startCounterService({
    port,
    host: values.host,
    fixtures,
    variant: values.variant ? parseVariantArg(values.variant) : {},
    statePath: values.state,
  });
  if (values.fixtures === 'demo') process.stderr.write(`Demo token: ${DEMO_TOKEN}\n`);
  process.stdout.write(`Counter Service listening on ${service.url}\n`);

  const shutdown = (): void => {
    service.close().finally(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((e: unknown) => fail(e instanceof Error ? e.message : String(e)));
