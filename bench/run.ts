// `npm run bench`: every scenario against the reference service on 127.0.0.1, one
// markdown table of medians (p99 where stated) on stdout, raw figures in
// bench/results.json. Benchmarks report; they never fail on timing.
//   npm run bench -- --only=storm,latency   run some scenarios
//   npm run bench -- --no-naive             skip the ~50 s naive-client storm
//   npm run bench -- --readme               also put the table into bench/README.md
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { BenchBrowser } from './browser';
import { removeTempFixtures } from './fixtures';
import { markdownTable } from './report';
import type { Row, ScenarioResult } from './report';
import { runActivity } from './scenarios/activity';
import { runBoot } from './scenarios/boot';
import { runIdle } from './scenarios/idle';
import { runLimits } from './scenarios/limits';
import { runLatencyCore } from './scenarios/latency-core';
import { runLatencyDom } from './scenarios/latency-dom';
import { runMidnight } from './scenarios/midnight';
import { runHerd } from './scenarios/herd';
import { runHistory } from './scenarios/history';
import { runRecovery } from './scenarios/recovery';
import { runRetryNow } from './scenarios/retry-now';
import { runScale } from './scenarios/scale';
import { runSize } from './scenarios/size';
import { runSlowAnswers } from './scenarios/slow-answers';
import { runStorm } from './scenarios/storm';

const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const naive = !args.includes('--no-naive');
const verbose = args.includes('--verbose');
const readme = args.includes('--readme');

const README = fileURLToPath(new URL('./README.md', import.meta.url));
const TABLE_START = '<!-- bench:table:start -->';
const TABLE_END = '<!-- bench:table:end -->';

/** Replaces the text between the README's table markers. */
function writeReadmeTable(block: string): void {
  const text = readFileSync(README, 'utf8');
  const start = text.indexOf(TABLE_START);
  const end = text.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`bench/README.md has no ${TABLE_START} … ${TABLE_END} markers`);
  writeFileSync(README, `${text.slice(0, start + TABLE_START.length)}\n${block}\n${text.slice(end)}`);
}

const log = (line: string) => {
  if (verbose) process.stderr.write(`${line}\n`);
};

type Scenario = () => Promise<ScenarioResult>;

// One Chromium for every scenario that needs it, launched on first use.
let launched: Promise<BenchBrowser> | undefined;
const browser = (): Promise<BenchBrowser> => (launched ??= BenchBrowser.launch());


const scenarios: Record<string, Scenario> = {
  storm: () => runStorm({ coreRuns: 5, naive, log }),
  latency: () => runLatencyCore({ samples: 200 }),
  dom: () => runLatencyDom({ samples: 200, browser }),
  scale: () => runScale({ browser, log }),
  size: () => runSize(),
  idle: () => runIdle(),
  recovery: () => runRecovery({ clients: 100, log }),
  herd: () => Promise.resolve(runHerd()),
  midnight: () => runMidnight({ cores: 120, log }),
  slow: () => runSlowAnswers({ clicks: 20, log }),
  retry: () => runRetryNow({ runs: 3, log }),
  boot: () => runBoot({ launches: 5, clicks: 20, log }),
  activity: () => runActivity({ browser, detailOpens: 30 }),
  history: () => runHistory({ browser, opens: 30 }),
  limits: () => runLimits(),
};

async function main(): Promise<void> {
  const started = performance.now();
  const rows: Row[] = [];
  const data: Record<string, unknown> = {};
  const durations: Record<string, number> = {};
  for (const [name, scenario] of Object.entries(scenarios)) {
    if (only && !only.includes(name)) continue;
    const t0 = performance.now();
    process.stderr.write(`bench: ${name}…\n`);
    try {
      const result = await scenario();
      rows.push(...result.rows);
      data[name] = result.data;
    } catch (error) {
      // One broken scenario must not hide the others' figures.
      const message = error instanceof Error ? error.message : String(error);
      rows.push({ scenario: name, measure: 'error', app: 'failed to run', how: message });
      data[name] = { error: message };
    }
    durations[name] = Math.round(performance.now() - t0);
  }
  if (launched) await (await launched).close();
  removeTempFixtures();
  const totalMs = Math.round(performance.now() - started);
  const table = markdownTable(rows);
  const date = new Date().toISOString();
  const footer = `${date} · Node ${process.version} · ${cpus().length} cores · ${(totalMs / 1000).toFixed(0)} s total${only ? ` · only ${only.join(', ')}` : ''}`;
  process.stdout.write(`\n${table}\n\n${footer}\n`);
  if (readme) writeReadmeTable(`${table}\n\n${footer}`);
  const out = fileURLToPath(new URL('./results.json', import.meta.url));
  writeFileSync(out, `${JSON.stringify({ date, node: process.version, cpus: cpus().length, totalMs, durations, rows, data }, null, 2)}\n`);
}

main().then(
  () => process.exit(0), // a stray handle (a browser, a socket) must not keep the bench alive
  (error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
