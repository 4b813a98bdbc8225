// Scenario 7, answers slower than the timeout: every POST reaches the
// service only after 1.2 × the core's request timeout (a front server holds it), and every
// fifth answer is lost after the service applied it. The service's request log is the
// referee: a click applied twice would show as a value above the clicks; a click lost
// silently as one that is neither applied nor flagged "could not confirm".
import { createCounterCore } from '../../src-main/core/index';
import type { ChangeOutcome } from '../../src-main/core/index';
import { startCounterService } from '../../src-service/index';
import { RequestFaultFront } from '../../dev-tools/support/request-fault-front';
import { readFixtures, writeFixtures } from '../fixtures';
import type { ScenarioResult } from '../report';
import { sum } from '../stats';

const TIMEOUT_MS = 300;
const LATE_MS = TIMEOUT_MS * 1.2;
const LOSE_EVERY = 5;

export interface SlowAnswersRun {
  clicks: number;
  /** Server value − start value. */
  applied: number;
  doubled: number;
  lost: number;
  flagged: number;
}

export async function runSlowAnswers(options: { clicks: number; log: (line: string) => void }): Promise<ScenarioResult> {
  const fx = writeFixtures({ counters: 1, readers: 1, others: 0 });
  const service = await startCounterService({ port: 0, fixtures: readFixtures(fx.file) });
  const front = await RequestFaultFront.start(service.port);
  const id = fx.upDownIds[0]!;
  const start = service.getCounter(id)?.value ?? 0;
  const outcomes: ChangeOutcome[] = [];
  const core = createCounterCore({ baseUrl: front.url, token: fx.readers[0]!.token, timezone: 'UTC', requestTimeoutMs: TIMEOUT_MS });
  core.onChangeOutcome((o) => outcomes.push(o));
  try {
    await core.start();
    for (let n = 1; n <= options.clicks; n += 1) {
      const lose = n % LOSE_EVERY === 0;
      front.add({ method: 'POST', path: /\/increment\//, times: 1, action: lose ? { kind: 'dropAnswer' } : { kind: 'applyLate', delayMs: LATE_MS } });
      core.increment(id);
      await core.settled(); // one request per click, each slower than the timeout
      // The user keeps the server's value: the change was applied, as the service log shows.
      if (lose) core.resolveUnconfirmed(id, 'keep');
    }
    await front.idle();
    const applied = (service.getCounter(id)?.value ?? 0) - start;
    const by = (kind: ChangeOutcome['outcome']) => outcomes.filter((o) => o.outcome === kind).map((o) => o.amount);
    const flagged = by('unconfirmed').length;
    const run: SlowAnswersRun = {
      clicks: options.clicks,
      applied,
      doubled: Math.max(0, applied - options.clicks),
      // Clicks with no outcome reported, plus clicks reported applied that the service does not show.
      lost: Math.max(0, options.clicks - sum(by('applied')) - sum(by('unconfirmed'))) + Math.max(0, sum(by('applied')) - applied),
      flagged,
    };
    options.log(`slow answers: ${JSON.stringify(run)}`);
    return {
      rows: [
        {
          scenario: `Answers slower than the timeout: ${options.clicks} clicks`,
          measure: 'clicks doubled / lost / flagged',
          app: `doubled ${run.doubled}, lost ${run.lost}, flagged ${run.flagged}`,
          target: 'doubled 0, lost 0',
          met: run.doubled === 0 && run.lost === 0,
          how: `every POST reaches the service ${LATE_MS} ms after it is sent (a front server holds it; the core's request timeout is ${TIMEOUT_MS} ms), one click at a time; every ${LOSE_EVERY}th answer is lost after the service applied it, and the user keeps the server's value; doubled = service value above the clicks, lost = clicks neither reported applied nor flagged (onChangeOutcome), flagged = 'unconfirmed' outcomes`,
        },
      ],
      data: run,
    };
  } finally {
    await core.stop();
    await front.close();
    await service.close();
  }
}
