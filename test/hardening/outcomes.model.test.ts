// The outcome model (docs/api.md R1), property-checked. fast-check generates sequences of clicks
// by Ada (the core) and Alan (plain HTTP) on one shared counter, answers slower and faster
// than the request timeout, requests lost before the server, answers lost after it,
// dropped sockets, restarts over the same PendingStore, and the user's answers to
// "could not confirm" (send again / keep). After every sequence, by the server's own log:
//  - every change the core sent is reported once: applied, refused or unconfirmed — so
//    clicks + changes sent again = applied + refused + unconfirmed (none silently lost);
//  - Ada's requests the server applied = the applied ones plus some of the unconfirmed
//    ones (no click applied twice; every uncertain one flagged);
//  - server value = initial + Alan's applied clicks + Ada's applied requests;
//  - never more than 4 of one run's requests in any rolling second at the server (pacing is
//    per run: across a restart the service's burst, or a 429, takes the overlap; README.md).
// HARDENING_OUTCOME_RUNS widens the hunt; PROPERTY_SEED replays one.
//
// The second part grows it to every path a click takes, through the whole app (test/hardening/
// support/app-world.ts): clicks from the popup, tray, shortcut and command line, undo, an
// offline launch (the server down across a restart), Retry now pressed up to 50 times,
// value edits, restarts, and the process killed between any two file writes. After each:
//  - no click whose IPC answer came is lost by a crash (it was durable first);
//  - every click the ledger took ends in exactly one surviving outcome (applied, refused,
//    unconfirmed, withdrawn, dropped): none silently forgotten;
//  - the server's applied changes of ours = the applied outcomes plus a subset of the
//    flagged ones, never twice;
//  - the activity record since it last started afresh: "you" = our applied changes and
//    edits; "others" = the server's change minus ours (up to what an open flag may be);
//  - ≤ 4 requests of one run in any second. HARDENING_OUTCOME_APP_RUNS widens it.
// Negative control: a ledger whose writes land after they were acknowledged fails it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChangeOutcome, CounterCore } from '../../src-main/core/index';
import { CoreError, createCounterCore, createMemoryStore } from '../../src-main/core/index';
import { startCounterService } from '../../src-service/index';
import type { CounterService } from '../../src-service/index';
import { RequestFaultFront, type PassedOn } from '../../dev-tools/support/request-fault-front';
import { SHARED, USERS, fixtures } from '../support/core-harness';
import { ONCE_FAILED } from '../support/property-seeds';
import { explainedByUnconfirmed } from './support/fault-world';
import { AppWorld, ID as APP_ID, type AppAction } from './support/app-world';
import { SEED, envInt } from './support/knobs';
import { busiestRunSecond, runNetwork } from './support/runs';

const RUNS = envInt('HARDENING_OUTCOME_RUNS', 10);
const TIMEOUT_MS = 400;
/** The API's rolling window of 4 requests. */
const RATE_WINDOW_MS = 1_000;
const ID = SHARED[0]!;

type Action =
  | { kind: 'ada'; amount: number }
  | { kind: 'alan'; amount: number }
  | { kind: 'slow'; longer: boolean }
  | { kind: 'loseRequest' }
  | { kind: 'dropAnswer' }
  | { kind: 'dropSockets' }
  | { kind: 'restart' }
  | { kind: 'answer'; resend: boolean };

const amount = fc.integer({ min: 1, max: 3 }).chain((n) => fc.constantFrom(n, -n));
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: amount.map((a) => ({ kind: 'ada' as const, amount: a })) },
  { weight: 2, arbitrary: amount.map((a) => ({ kind: 'alan' as const, amount: a })) },
  { weight: 2, arbitrary: fc.boolean().map((longer) => ({ kind: 'slow' as const, longer })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'loseRequest' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'dropAnswer' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'dropSockets' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
  { weight: 2, arbitrary: fc.boolean().map((resend) => ({ kind: 'answer' as const, resend })) },
);

/**
 * A first listing slower than the 400 ms timeout (a loaded machine; the faults here touch only POSTs) fails
 * start(); the app then tries the same core again after a pause (session/launch-retry.ts), a rate window on.
 */
async function startAsTheAppDoes(core: CounterCore): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await core.start();
    } catch (error) {
      const transient = error instanceof CoreError && (error.kind === 'timeout' || error.kind === 'network');
      if (!transient || attempt === 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, RATE_WINDOW_MS));
    }
  }
}

class World {
  readonly store = createMemoryStore();
  readonly outcomes: ChangeOutcome[] = [];
  clicks = 0;
  alan = 0;
  core: CounterCore | undefined;
  private runs = 0;

  constructor(
    readonly service: CounterService,
    readonly front: RequestFaultFront,
  ) {}

  async startCore(): Promise<void> {
    const network = runNetwork((this.runs += 1));
    const core = createCounterCore({
      baseUrl: this.front.url,
      fetch: network.fetch,
      webSocket: network.webSocket,
      token: USERS.ada.token,
      timezone: 'Europe/Berlin',
      store: this.store,
      requestTimeoutMs: TIMEOUT_MS,
      tuning: { reconnectBaseMs: 20, reconnectCapMs: 200, rateLimitBackoffBaseMs: 100 },
    });
    core.onChangeOutcome((o) => this.outcomes.push(o));
    this.core = core;
    await startAsTheAppDoes(core);
  }

  flagged(): boolean {
    return this.core?.snapshot().counters.find((c) => c.id === ID)?.error?.kind === 'unconfirmed';
  }

  async run(step: Action): Promise<void> {
    const core = this.core!;
    const POST = { method: 'POST', path: /\/(increment|decrement)\//, times: 1 } as const;
    switch (step.kind) {
      case 'ada':
        if (step.amount > 0) core.increment(ID, step.amount);
        else core.decrement(ID, -step.amount);
        this.clicks += step.amount;
        return;
      case 'alan': {
        const path = `/v2/counters/${ID}/${step.amount > 0 ? 'increment' : 'decrement'}/${Math.abs(step.amount)}`;
        const answer = await fetch(`${this.service.url}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${USERS.alan.token}` } });
        if (answer.status === 200) this.alan += step.amount;
        return;
      }
      case 'slow':
        return this.front.add({ ...POST, action: { kind: 'applyLate', delayMs: step.longer ? TIMEOUT_MS * 2 : TIMEOUT_MS / 3 } });
      case 'loseRequest':
      case 'dropAnswer':
        return this.front.add({ ...POST, action: { kind: step.kind } });
      case 'dropSockets':
        return this.front.dropSockets();
      case 'restart':
        await this.stopCore();
        return this.startCore();
      case 'answer':
        if (this.flagged()) core.resolveUnconfirmed(ID, step.resend ? 'resend' : 'keep');
        return;
    }
  }

  /** Lets everything land: the user answers every flag (keeping, so it ends), nothing is held any more. */
  async finish(): Promise<void> {
    this.front.clear();
    const core = this.core!;
    for (let round = 0; round < 20; round += 1) {
      await core.settled();
      await this.front.idle();
      if (!this.flagged()) break;
      core.resolveUnconfirmed(ID, 'keep');
    }
    await this.stopCore();
    await this.front.idle();
  }

  /** A quit: what the front holds of the old run reaches the server; the next run starts at once, with an empty rate window. */
  private async stopCore(): Promise<void> {
    await this.core!.stop();
    await this.front.idle();
  }
}

/** Ada's requests the server applied, as signed amounts. */
function adaApplied(service: CounterService): number[] {
  return service.requestLog
    .filter((e) => e.userId === USERS.ada.id && e.status === 200 && e.method === 'POST')
    .map((e) => {
      const match = /\/(increment|decrement)\/(\d+)$/.exec(e.path);
      if (!match) throw new Error(`unexpected POST ${e.path}`);
      return (match[1] === 'increment' ? 1 : -1) * Number(match[2]);
    });
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** The model; `pace` counts the busiest second of the requests the front passed on (per run, unless a control says otherwise). */
const outcomeModel = (pace = (passedOn: readonly PassedOn[]) => busiestRunSecond(passedOn)) =>
  fc.asyncProperty(fc.array(action, { minLength: 4, maxLength: 14 }), async (steps) => {
    const service = await startCounterService({ port: 0, fixtures: fixtures() });
    const front = await RequestFaultFront.start(service.port);
    const world = new World(service, front);
    try {
      const initial = service.getCounter(ID)!.value!;
      await world.startCore();
      for (const step of steps) await world.run(step);
      await world.finish();

      const by = (kind: ChangeOutcome['outcome']) => world.outcomes.filter((o) => o.outcome === kind).map((o) => o.amount);
      const [applied, refused, unconfirmed, resent] = [by('applied'), by('refused'), by('unconfirmed'), by('resent')];
      const landed = adaApplied(service);
      const story = JSON.stringify({ steps, outcomes: world.outcomes.map((o) => `${o.outcome} ${o.amount}`), landed });
      // Every click (and every change sent again) ends in exactly one reported outcome.
      expect(world.clicks + sum(resent), story).toBe(sum(applied) + sum(refused) + sum(unconfirmed));
      // What the server applied of Ada's: the applied changes plus some of the flagged ones, never more.
      expect(landed.length, story).toBeGreaterThanOrEqual(applied.length);
      expect(landed.length, story).toBeLessThanOrEqual(applied.length + unconfirmed.length);
      expect(explainedByUnconfirmed(sum(applied) - sum(landed), unconfirmed), story).toBe(true);
      expect(service.getCounter(ID)!.value, story).toBe(initial + world.alan + sum(landed));
      const busiest = pace(front.passedOn);
      expect(busiest.most, `${story}\nbusiest second:\n${busiest.log}`).toBeLessThanOrEqual(4);
    } finally {
      await world.core?.stop();
      await front.close();
      await service.close();
    }
  });

describe('outcome model', () => {
  it('two users, slow and lost answers, dropped sockets, restarts: no click doubled or silently lost, every uncertain one flagged', async () => {
    await fc.assert(outcomeModel(), { numRuns: RUNS, seed: SEED, endOnFailure: true });
  }, 120_000);

  const replay = { ...ONCE_FAILED.restartOverlap, numRuns: 1, endOnFailure: true };
  it(`seed ${replay.seed} again: restarts right after a quit with a change on its way keep every promise, and each run its pace`, async () => {
    await fc.assert(outcomeModel(), replay);
  }, 60_000);

  it(`negative control: seed ${replay.seed} counted as one token, as the model did before, is over 4 in a second (the replay meets the overlap)`, async () => {
    const asOneToken = (passedOn: readonly PassedOn[]) => busiestRunSecond(passedOn, () => 'one token');
    await expect(fc.assert(outcomeModel(asOneToken), replay)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/busiest second:[^]*: expected \d+ to be less than or equal to 4$/) } });
  }, 60_000);
});

const APP_RUNS = envInt('HARDENING_OUTCOME_APP_RUNS', 5);

const source = fc.constantFrom('popup' as const, 'tray' as const, 'shortcut' as const, 'commandLine' as const);
const appAction: fc.Arbitrary<AppAction> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('ada' as const), amount, source }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'undo' as const }) },
  { weight: 2, arbitrary: amount.map((a) => ({ kind: 'alan' as const, amount: a })) },
  { weight: 1, arbitrary: fc.integer({ min: -5, max: 5 }).map((delta) => ({ kind: 'edit' as const, delta })) },
  { weight: 1, arbitrary: fc.boolean().map((longer) => ({ kind: 'slow' as const, longer })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'loseRequest' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'dropAnswer' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'dropSockets' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'serverDown' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'serverUp' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 3 }).map((afterWrites) => ({ kind: 'crash' as const, afterWrites })) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 50 }).map((presses) => ({ kind: 'retry' as const, presses })) },
  { weight: 1, arbitrary: fc.boolean().map((resend) => ({ kind: 'answer' as const, resend })) },
);

/** Signed amounts that some of the flagged changes, each taken as ours, not ours or someone else's, can make. */
function explainedBySigned(difference: number, flagged: readonly number[]): boolean {
  let reachable = new Set<number>([0]);
  for (const amount of flagged) reachable = new Set([...reachable].flatMap((total) => [total, total + amount, total - amount]));
  return reachable.has(difference);
}

/** What broke the promise in this world, in words (empty: nothing). */
function violations(world: AppWorld, service: CounterService): string[] {
  const found: string[] = [];
  const lost = world.lostAcknowledged();
  if (lost.length > 0) found.push(`acknowledged clicks lost by a crash: ${lost.map((e) => e.amount).join(', ')}`);
  const [applied, refused, unconfirmed, withdrawn, dropped] = (['applied', 'refused', 'unconfirmed', 'withdrawn', 'dropped'] as const).map((kind) => world.durable(kind));
  const taken = sum(world.durable('accepted')) + sum(world.durable('resent'));
  const ended = sum(applied!) + sum(refused!) + sum(unconfirmed!) + sum(withdrawn!) + sum(dropped!);
  if (taken !== ended) found.push(`clicks taken ${taken} ≠ outcomes ${ended} (applied ${applied}, refused ${refused}, unconfirmed ${unconfirmed}, withdrawn ${withdrawn}, dropped ${dropped})`);
  const landed = adaApplied(service);
  if (landed.length < applied!.length || landed.length > applied!.length + unconfirmed!.length || !explainedByUnconfirmed(sum(applied!) - sum(landed), unconfirmed!)) {
    found.push(`the server applied ${JSON.stringify(landed)}; reported applied ${JSON.stringify(applied)}, flagged ${JSON.stringify(unconfirmed)}`);
  }
  const activity = world.activityInSegment();
  if (activity.you !== world.oursInSegment) found.push(`activity "you" ${activity.you} ≠ our applied changes and edits ${world.oursInSegment}`);
  if (!explainedBySigned(activity.others - world.alanInSegment, unconfirmed!)) found.push(`activity "others" ${activity.others} ≠ the other member's ${world.alanInSegment} (flagged: ${JSON.stringify(unconfirmed)})`);
  const pace = busiestRunSecond(world.front.passedOn);
  if (pace.most > 4) found.push(`${pace.most} requests of one run in one second:\n${pace.log}`);
  return found;
}

async function playApp(steps: readonly AppAction[], late = false): Promise<{ found: string[]; story: string }> {
  const service = await startCounterService({ port: 0, fixtures: fixtures() });
  const front = await RequestFaultFront.start(service.port);
  const world = new AppWorld(service, front, late);
  try {
    await world.start();
    for (const step of steps) await world.run(step);
    await world.finish();
    return { found: violations(world, service), story: world.log.join('\n') };
  } finally {
    await world.close();
    await front.close();
    await service.close();
  }
}

describe('every click counted once, whatever path it takes', () => {
  it('undo, offline launch, Retry now, edits, restarts and a kill between any two file writes: nothing acknowledged lost, nothing doubled, the record adds up', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(appAction, { minLength: 4, maxLength: 12 }), async (steps) => {
        const { found, story } = await playApp(steps);
        expect(found, story).toEqual([]);
      }),
      { numRuns: APP_RUNS, seed: SEED, endOnFailure: true },
    );
  }, 240_000);

  // A click, then the process killed at its next file write (here: quitting): the real ledger
  // acknowledged the click only once it was on disk, so the relaunch knows it.
  const killedAfterClick: AppAction[] = [{ kind: 'ada', amount: 2, source: 'shortcut' }, { kind: 'crash', afterWrites: 0 }, { kind: 'restart' }, { kind: 'alan', amount: 1 }];

  it('negative control: a ledger whose writes land after the click is acknowledged loses it to a kill, and the model says so', async () => {
    const late = await playApp(killedAfterClick, true);
    expect(late.found.join('\n'), late.story).toMatch(/acknowledged clicks lost by a crash: 2/);
    const real = await playApp(killedAfterClick);
    expect(real.found, real.story).toEqual([]);
  }, 60_000);
});

void APP_ID;
