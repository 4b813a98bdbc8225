// Day counters turn at local midnight without a request (docs/api.md R2); the past-date rule (O13) is
// learned from the server, which stays the truth (README.md, "Choices for what the API leaves open").
import type { CounterType, CounterV2 } from '../../src-shared/api/schemas';
import type { Clock } from './contract';
import type { CounterView } from './counter-merge';
import { daysBetween, dayKeyIn } from '../../src-shared/time/calendar';
import type { DayWatch } from './midnight';

type DayRule = 'signed' | 'clamped';

/** The signed day difference shown in `timeZone` at `now`; undefined for UpDown or a missing date. */
export function signedDayValue(counter: DayDates, timeZone: string, now: number): number | undefined {
  return signedDayValueOn(counter, dayKeyIn(timeZone, now));
}

type DayDates = { type: CounterType; startDate?: string; endDate?: string };

function signedDayValueOn(counter: DayDates, today: string): number | undefined {
  if (counter.type === 'FromDate' && counter.startDate !== undefined) return daysBetween(counter.startDate, today);
  if (counter.type === 'ToDate' && counter.endDate !== undefined) return daysBetween(today, counter.endDate);
  return undefined;
}

/** The value to show under `rule`; undefined when the rule is unknown and the two rules disagree. */
export function dayValueUnder(signed: number, rule: DayRule | undefined): number | undefined {
  if (signed >= 0 || rule === 'signed') return signed;
  return rule === 'clamped' ? 0 : undefined;
}

interface DayHost {
  clock: Clock;
  timezone(): string;
  /** The app's one watch, or the core's own (`ownWatch`: stopped with the core). */
  days: DayWatch;
  ownWatch: boolean;
  records(): Iterable<CounterView>;
  turn(record: CounterView, value: number): void;
  changed(): void;
  log(message: string): void;
}

export class DayRollover {
  private rule: DayRule | undefined;
  /** Counters whose server value matched our computation when last seen: only these roll over. */
  private readonly trusted = new Set<string>();
  private readonly computed = new Map<string, number>();
  private unfollow: (() => void) | undefined;

  constructor(private readonly host: DayHost) {}

  /** Counters fresh from the server, before the merge, judged for `requestedAt` (yesterday, for a list that came after midnight). */
  observe(counters: readonly CounterV2[], requestedAt: number): void {
    const today = dayKeyIn(this.host.timezone(), requestedAt);
    for (const counter of counters) {
      const signed = signedDayValueOn(counter, today);
      if (signed === undefined) continue;
      const ours = this.computed.get(counter.id);
      this.computed.delete(counter.id);
      const agrees = counter.value === signed || (signed < 0 && counter.value === 0);
      // A new value that our computation gives too (someone changed the date) is no disagreement.
      if (ours !== undefined && ours !== counter.value && !agrees) {
        this.host.log(`Day counter ${counter.id}: computed ${ours} at local midnight, the server says ${counter.value}; showing the server's value`);
      }
      if (!agrees) {
        this.trusted.delete(counter.id); // we would compute something else: leave it to the server
        continue;
      }
      this.trusted.add(counter.id);
      if (signed < 0) this.rule = counter.value === 0 ? 'clamped' : 'signed';
    }
  }

  /** Recomputes the trusted day counters for today; no request. */
  rollOver(): void {
    const today = dayKeyIn(this.host.timezone(), this.host.clock.now());
    let changed = false;
    for (const record of this.host.records()) {
      if (!this.trusted.has(record.id)) continue;
      const signed = signedDayValueOn(record, today);
      const value = signed === undefined ? undefined : dayValueUnder(signed, this.rule);
      if (value === undefined || value === record.confirmed) continue;
      this.host.turn(record, value);
      this.computed.set(record.id, value);
      changed = true;
    }
    if (changed) this.host.changed();
  }

  /** From a sync on, every new day the watch sees turns the day counters. */
  follow(): void {
    this.unfollow ??= this.host.days.onDayChanged(() => this.rollOver());
    this.host.days.check();
  }

  /** Today may be another date in the new zone, its midnight another instant. */
  zoneChanged(): void {
    this.rollOver();
    this.host.days.check();
  }

  dispose(): void {
    this.unfollow?.();
    this.unfollow = undefined;
    if (this.host.ownWatch) this.host.days.stop();
  }
}
