// The outcome model's world: the whole app (controller, session, the real core) on a disk
// that can be "killed" between any two file writes, against the reference service behind
// a request front. A crash snapshots the files as they were before the next write, cuts
// the dead app off the network (nothing more leaves it) and relaunches from the snapshot,
// as a process kill and a restart would. Every click, undo, answer to a flag and outcome
// is logged with how many ledger writes had started then, so the check can tell what a
// crash may lose (nothing acknowledged) from what it must not.
import { createHeadlessApp, type HeadlessApp } from '../../../dev-tools/headless/headless-app';
import type { TextFile } from '../../../src-main/app/ports';
import { RecordFile } from '../../../src-main/app/activity/record-file';
import { ActivityRecord } from '../../../src-main/app/activity/record';
import { realCoreFactory } from '../../../src-main/app/session/real-core';
import type { ChangeOutcome, CounterCore } from '../../../src-main/core/contract';
import type { CounterService } from '../../../src-service/index';
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings';
import type { ClickSource } from '../../../src-shared/domain/activity';
import type { AppStateBody } from '../../../src-shared/ipc/contract';
import type { RequestFaultFront } from '../../../dev-tools/support/request-fault-front';
import { SHARED, USERS } from '../../support/core-harness';
import { within } from './knobs';
import { never, runNetwork } from './runs';

export const ID = SHARED[0]!;
const TIMEOUT_MS = 400;

export type AppAction =
  | { kind: 'ada'; amount: number; source: Exclude<ClickSource, 'undo'> }
  | { kind: 'undo' }
  | { kind: 'alan'; amount: number }
  | { kind: 'edit'; delta: number }
  | { kind: 'slow'; longer: boolean }
  | { kind: 'loseRequest' }
  | { kind: 'dropAnswer' }
  | { kind: 'dropSockets' }
  | { kind: 'serverDown' }
  | { kind: 'serverUp' }
  | { kind: 'restart' }
  | { kind: 'crash'; afterWrites: number }
  | { kind: 'retry'; presses: number }
  | { kind: 'answer'; resend: boolean };

/**
 * In-memory files of one installation. A write "starts" when it is called and "lands" when
 * the text is in the map; `late` makes a write acknowledge at once and land 200 ms later
 * (the negative control: a ledger that writes late). An armed crash fires when a write
 * starts: the files as they are then are all a relaunch finds, and the dead app's writes hang.
 */
export class CrashableDisk {
  readonly files: Map<string, string>;
  dead = false;
  /** Writes of the ledger's file started / landed. */
  ledgerStarted = 0;
  ledgerLanded = 0;
  private armed: number | undefined;
  private backups = 0;

  constructor(
    files: ReadonlyMap<string, string>,
    private readonly late: boolean,
    private readonly crashed: (files: Map<string, string>) => void,
  ) {
    this.files = new Map(files);
  }

  /** Crash when the write after `skip` more writes starts. */
  arm(skip: number): void {
    this.armed = skip;
  }

  disarm(): void {
    this.armed = undefined;
  }

  file(name: string, ledger = false): TextFile & { remove(): Promise<void> } {
    return {
      read: async () => (this.dead ? never<string | null>() : (this.files.get(name) ?? null)),
      write: (text) => this.write(name, text, ledger),
      backup: async () => {
        const target = `${name}.corrupt-${(this.backups += 1)}.bak`;
        this.files.set(target, this.files.get(name) ?? '');
        this.files.delete(name);
        return target;
      },
      remove: async () => void this.files.delete(name),
    };
  }

  private write(name: string, text: string, ledger: boolean): Promise<void> {
    if (this.dead) return never();
    if (this.armed !== undefined) {
      if (this.armed === 0) {
        this.dead = true;
        this.crashed(new Map(this.files));
        return never();
      }
      this.armed -= 1;
    }
    if (ledger) this.ledgerStarted += 1;
    const land = () => {
      if (this.dead) return;
      this.files.set(name, text);
      if (ledger) this.ledgerLanded += 1;
    };
    if (this.late) {
      setTimeout(land, 200);
      return Promise.resolve();
    }
    return Promise.resolve().then(land);
  }
}

/** What entered one app's ledger, or came out of it, with the ledger writes started at that moment. */
interface LedgerEvent {
  app: number;
  kind: 'accepted' | ChangeOutcome['outcome'];
  amount: number;
  startedWrites: number;
  acked: boolean;
  /** False once a crash came before a write that held it. */
  durable: boolean;
}

interface Launched {
  index: number;
  app: HeadlessApp;
  disk: CrashableDisk;
  kill: () => void;
  core?: CounterCore;
}

/** The activity record's totals for the counter, read from a file the app wrote. */
function activityTotals(files: ReadonlyMap<string, string>): { you: number; others: number } {
  const totals = { you: 0, others: 0 };
  for (const [name, text] of files) {
    if (!name.startsWith('activity-') || name.includes('.corrupt-')) continue;
    // Read through the app's own reader, so the model follows the record's file format.
    const record = ActivityRecord.fromFile(RecordFile.parse(JSON.parse(text)));
    for (const [, day] of record.logOf(ID)?.days.between('2000-01-01', '2199-12-31') ?? []) {
      totals.you += day.you;
      totals.others += day.others;
    }
  }
  return totals;
}

export class AppWorld {
  readonly events: LedgerEvent[] = [];
  /** Alan's applied clicks since the activity record last started afresh (the last crash). */
  alanInSegment = 0;
  /** Own changes the activity record must show since then: applied clicks and edits. */
  oursInSegment = 0;
  private baseline = { you: 0, others: 0 };
  private current!: Launched;
  private edits = 0;
  private editWaiters: { count: number; resolve: () => void }[] = [];
  private launches = 0;
  private down = false;
  private crashSnapshot: Map<string, string> | undefined;
  private crashedSignal!: Promise<void>;
  private signalCrash!: () => void;
  readonly log: string[] = [];

  constructor(
    readonly service: CounterService,
    readonly front: RequestFaultFront,
    private readonly late = false,
  ) {
    this.resetCrashSignal();
  }

  get app(): HeadlessApp {
    return this.current.app;
  }

  async start(): Promise<void> {
    await this.launch(new Map());
  }

  private resetCrashSignal(): void {
    this.crashedSignal = new Promise<void>((resolve) => (this.signalCrash = resolve));
  }

  private async launch(files: ReadonlyMap<string, string>): Promise<void> {
    const index = (this.launches += 1);
    const gate = runNetwork(index);
    const disk = new CrashableDisk(files, this.late, (snapshot) => this.crash(index, snapshot));
    const launched: Launched = { index, disk, kill: gate.kill, app: undefined as unknown as HeadlessApp };
    const app = createHeadlessApp({
      systemTimezone: 'UTC',
      settings: { ...DEFAULT_SETTINGS, serverUrl: this.front.url },
      storedToken: { token: USERS.ada.token, origin: new URL(this.front.url).origin, storage: 'encrypted' },
      lastKnownFile: disk.file('last-known'),
      pendingFiles: { forOwner: (owner) => disk.file(`pending-${owner.slice(0, 16)}`, true) },
      activityFiles: { forOwner: (owner) => disk.file(`activity-${owner.slice(0, 16)}`) },
      coreFactory: async (options) => (launched.core = this.watch(launched, await realCoreFactory(options))),
      coreOverrides: { requestTimeoutMs: TIMEOUT_MS, fetch: gate.fetch, webSocket: gate.webSocket, tuning: { reconnectBaseMs: 20, reconnectCapMs: 200, rateLimitBackoffBaseMs: 100 } },
    });
    launched.app = app;
    this.current = launched;
    await this.untilCrash(app.start());
    if (!this.down) await this.live();
  }

  /** The core as the app uses it, with every click it takes into its ledger and every outcome it reports logged. */
  private watch(launched: Launched, core: CounterCore): CounterCore {
    const record = (kind: LedgerEvent['kind'], amount: number) => {
      if (launched.disk.dead || amount === 0) return;
      this.events.push({ app: launched.index, kind, amount, startedWrites: launched.disk.ledgerStarted, acked: false, durable: true });
    };
    core.onRemoteChange((change) => {
      if (!launched.disk.dead) this.log.push(`  remote ${change.from} → ${change.to}`);
    });
    core.onChangeOutcome((outcome) => {
      if (launched.disk.dead) return;
      this.log.push(`  ${outcome.outcome} ${outcome.amount}${outcome.edit ? ` (${outcome.edit.from} → ${outcome.edit.to})` : ''}`);
      if (outcome.outcome === 'edited') {
        this.oursInSegment += outcome.amount;
        this.edits += 1;
        for (const waiter of this.editWaiters.filter((w) => w.count <= this.edits)) waiter.resolve();
        this.editWaiters = this.editWaiters.filter((w) => w.count > this.edits);
      } else record(outcome.outcome, outcome.amount);
      if (outcome.outcome === 'applied') this.oursInSegment += outcome.amount;
    });
    return new Proxy(core, {
      get(target, property, receiver) {
        if (property === 'increment' || property === 'decrement') {
          return (id: string, amount = 1) => {
            const before = target.localDelta(id);
            target[property](id, amount);
            record('accepted', target.localDelta(id) - before);
          };
        }
        if (property === 'undo') {
          return (id: string, amount: number) => {
            const result = target.undo(id, amount);
            record('accepted', result.opposite);
            return result;
          };
        }
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  /** The process dies before this write: what its ledger had not written yet is gone with it. */
  private crash(index: number, snapshot: Map<string, string>): void {
    const launched = this.current;
    if (launched.index !== index) return;
    launched.kill();
    for (const event of this.events) if (event.app === index) event.durable = launched.disk.ledgerLanded >= event.startedWrites + 1;
    this.crashSnapshot = snapshot;
    this.log.push(`crash of run ${index} (${launched.disk.ledgerLanded} ledger writes landed)`);
    this.signalCrash();
  }

  /** Awaits `work`, unless the app is killed first (then it never finishes, as in a dead process). */
  private untilCrash<T>(work: Promise<T>): Promise<T | undefined> {
    return Promise.race([work, this.crashedSignal.then(() => undefined)]);
  }

  private state(): AppStateBody {
    return this.app.controller.getState();
  }

  private isLive = (s: AppStateBody) => s.session.status === 'signedIn' && s.core?.connection.status === 'live';

  /** Nothing of ours on the wire and the server's current value shown: every notification so far is judged. */
  private showsServerValue(s: AppStateBody): boolean {
    const shown = s.core?.counters.find((c) => c.id === ID);
    return shown?.pending === false && shown.value === this.service.getCounter(ID)?.value;
  }

  /** Waits until the app's state satisfies `predicate` (or the app is killed meanwhile). */
  private async until(predicate: (s: AppStateBody) => boolean, what: string): Promise<void> {
    const app = this.app;
    const reached = new Promise<void>((resolve) => {
      if (predicate(app.controller.getState())) return resolve();
      const off = app.controller.on('state:changed', (s) => {
        if (!predicate(s)) return;
        off();
        resolve();
      });
    });
    await within(this.untilCrash(reached), 20_000, what);
  }

  private live(): Promise<void> {
    return this.until(this.isLive, 'the app to be live');
  }

  private async relaunchIfCrashed(): Promise<void> {
    const snapshot = this.crashSnapshot;
    if (!snapshot) return;
    this.crashSnapshot = undefined;
    void this.current.app.stop(); // its writes hang and its network is cut: it only lets go of its timers
    this.resetCrashSignal();
    await this.front.idle(); // what the dead run left on the wire has arrived
    // The activity record starts from what the snapshot holds; its later writes were lost with the process.
    this.baseline = activityTotals(snapshot);
    this.alanInSegment = 0;
    this.oursInSegment = 0;
    await this.launch(snapshot);
  }

  private async dispatchClick(run: () => Promise<unknown>): Promise<void> {
    const from = this.events.length;
    const index = this.current.index;
    const answered = await this.untilCrash(run());
    if (answered === undefined || this.current.disk.dead) return;
    for (const event of this.events.slice(from)) if (event.app === index && event.kind === 'accepted') event.acked = true;
  }

  async run(step: AppAction): Promise<void> {
    await this.relaunchIfCrashed();
    this.log.push(JSON.stringify(step));
    const { app, front } = this;
    const POST = { method: 'POST', path: /\/(increment|decrement)\//, times: 1 } as const;
    switch (step.kind) {
      case 'ada': {
        const channel = step.amount > 0 ? 'counter:increment' : 'counter:decrement';
        const dispatch = step.source === 'popup' ? app.dispatch : app.controller.dispatchFrom(step.source);
        return this.dispatchClick(() => dispatch(channel, { id: ID, amount: Math.abs(step.amount) }));
      }
      case 'undo':
        return this.dispatchClick(() => app.dispatch('counter:undo', { id: ID }));
      case 'alan': {
        const path = `/v2/counters/${ID}/${step.amount > 0 ? 'increment' : 'decrement'}/${Math.abs(step.amount)}`;
        const answer = await fetch(`${this.service.url}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${USERS.alan.token}` } }).catch(() => undefined);
        if (answer?.status !== 200) return;
        this.alanInSegment += step.amount;
        // The app sees it (its notification, or the resync of a socket that was down) and has
        // judged it (a notification held while a change of ours is on the wire is judged when
        // that one lands) before the user does anything else: quitting before that leaves it
        // out of the record (the next start's list is its baseline).
        if (this.down) return;
        return this.until((s) => this.isLive(s) && this.showsServerValue(s), "the other member's change to be seen");
      }
      case 'edit': {
        if (!this.isLive(this.state())) return;
        const edits = this.edits + 1;
        const value = (this.service.getCounter(ID)?.value ?? 0) + step.delta;
        const answer = await this.untilCrash(app.dispatch('counter:update', { id: ID, patch: { value } }));
        // The edit is placed once its echo arrives: the next step comes after that.
        if (answer?.ok) await within(this.untilCrash(this.editReported(edits)), 15_000, 'the edit to be reported');
        return;
      }
      case 'slow':
        return front.add({ ...POST, action: { kind: 'applyLate', delayMs: step.longer ? TIMEOUT_MS * 2 : TIMEOUT_MS / 3 } });
      case 'loseRequest':
      case 'dropAnswer':
        return front.add({ ...POST, action: { kind: step.kind } });
      case 'dropSockets':
        return front.dropSockets();
      case 'serverDown':
        this.down = true;
        return this.service.suspend();
      case 'serverUp':
        if (!this.down) return;
        this.down = false;
        await this.service.resume();
        await this.untilCrash(app.dispatch('session:retryNow', {}));
        return this.live();
      case 'restart':
        await this.untilCrash(app.stop());
        if (this.crashSnapshot) return;
        await front.idle();
        return this.launch(this.current.disk.files);
      case 'crash':
        return this.current.disk.arm(step.afterWrites);
      case 'retry':
        for (let press = 0; press < step.presses; press += 1) await this.untilCrash(app.dispatch('session:retryNow', {}));
        return;
      case 'answer':
        if (this.state().core?.counters.find((c) => c.id === ID)?.error?.kind !== 'unconfirmed') return;
        return this.dispatchClick(() => app.dispatch('counter:resolveUnconfirmed', { id: ID, choice: step.resend ? 'resend' : 'keep' }));
    }
  }

  /** Resolves once the app has reported `count` edits (each once its echo placed it). */
  private editReported(count: number): Promise<void> {
    if (this.edits >= count) return Promise.resolve();
    return new Promise((resolve) => this.editWaiters.push({ count, resolve }));
  }

  /** Lets everything land: the server is back, the user keeps the server's value on every flag, the app quits in order. */
  async finish(): Promise<void> {
    await this.relaunchIfCrashed();
    this.current.disk.disarm();
    this.front.clear();
    if (this.down) await this.run({ kind: 'serverUp' });
    for (let round = 0; round < 20; round += 1) {
      await within(this.current.core?.settled() ?? Promise.resolve(), 20_000, 'the core to settle');
      await this.front.idle();
      if (this.state().core?.counters.find((c) => c.id === ID)?.error?.kind !== 'unconfirmed') break;
      await this.app.dispatch('counter:resolveUnconfirmed', { id: ID, choice: 'keep' });
    }
    await this.app.stop();
    await this.front.idle();
  }

  /** What the record shows since it last started afresh. */
  activityInSegment(): { you: number; others: number } {
    const now = activityTotals(this.current.disk.files);
    return { you: now.you - this.baseline.you, others: now.others - this.baseline.others };
  }

  /** Every event that survived (a crash takes what its ledger had not written). */
  durable(kind: LedgerEvent['kind']): number[] {
    return this.events.filter((e) => e.durable && e.kind === kind).map((e) => e.amount);
  }

  /** Clicks the user was told were taken (their IPC answer came) that a crash then lost. */
  lostAcknowledged(): LedgerEvent[] {
    return this.events.filter((e) => e.acked && !e.durable);
  }

  async close(): Promise<void> {
    const { app, disk, kill } = this.current;
    kill();
    if (disk.dead) void app.stop();
    else await app.stop().catch(() => undefined);
  }
}
