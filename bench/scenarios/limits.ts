// Scenario 12, limits: what a hostile server or hostile input costs main now and
// in 0.2. Memory is measured in a fresh child process per run (bench/limits-probe.ts);
// the sanitizer's cost on the resync path in this process.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sanitizeServerText, TEXT_LIMITS } from '../../src-shared/text/server-text';
import type { Row, ScenarioResult } from '../report';
import { median } from '../stats';

const PROBE = fileURLToPath(new URL('../limits-probe.ts', import.meta.url));
const RUNS = 3;
const MiB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MiB).toFixed(1)} MB`;

function probe(args: string[]): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [...process.execArgv, '--expose-gc', PROBE, ...args], { timeout: 300_000, maxBuffer: 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`limits probe failed: ${stderr || error.message}`));
      resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>);
    });
  });
}

async function medianOf(args: string[], field: string): Promise<number> {
  const values: number[] = [];
  for (let i = 0; i < RUNS; i += 1) values.push(Number((await probe(args))[field]));
  return median(values);
}

export async function runLimits(): Promise<ScenarioResult> {
  const zones = { bounded: await medianOf(['zones', 'bounded'], 'rssBytes'), perSpelling: await medianOf(['zones', 'per-spelling'], 'rssBytes') };
  const answer = { capped: await medianOf(['answer', 'capped', '256'], 'peakRssGrowthBytes'), uncapped: await medianOf(['answer', 'uncapped', '256'], 'peakRssGrowthBytes') };
  const names = Array.from({ length: 5000 }, (_, i) => `Counter number ${i} of the list`);
  const times: number[] = [];
  for (let r = 0; r < 15; r += 1) {
    const t0 = performance.now();
    for (const name of names) sanitizeServerText(name, { secrets: ['ct_live_5d1e0c9b8a7f6e5d4c3b2a19'], maxLength: TEXT_LIMITS.name });
    times.push(performance.now() - t0);
  }
  const rows: Row[] = [
    { scenario: 'Limits', measure: '8 000 spellings of one time zone', app: `+${mb(zones.bounded)} RSS (1 formatter)`, naive: `0.2: +${mb(zones.perSpelling)} (8 000)`, how: `RSS after gc() in a fresh child per run, bounded zone cache vs 0.2's Map per spelling; median of ${RUNS}` },
    { scenario: 'Limits', measure: 'a 256 MB answer', app: `+${mb(answer.capped)} peak RSS (abandoned at 8 MiB)`, naive: `0.2: +${mb(answer.uncapped)} (read whole)`, how: `growth of maxRSS while the API client reads GET /v2/counters from a loopback server streaming 256 MB; fresh child per run, median of ${RUNS}` },
    { scenario: 'Limits', measure: 'sanitize 5 000 counter names (a resync)', app: `${median(times).toFixed(1)} ms`, how: 'performance.now() around sanitizeServerText over 5 000 names with one known token; median of 15' },
  ];
  return { rows, data: { zones, answer, sanitizeMs: times } };
}
