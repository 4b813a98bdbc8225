// Day counters turn at local midnight with no request (docs/api.md R2), on a fake clock the core
// and the reference service share; DST days of 23 and 25 hours; a time-zone change across
// midnight; a value the server does not confirm is replaced by the server's and logged once;
// docs/api.md O13 (signed or clamped past days) learned from the server's own values; a wall
// clock stepped while the core runs (answers from Temporal: test/support/day-oracle.ts).
import { describe, expect, it } from 'vitest';
import { dayValueUnder, signedDayValue } from '../../../src-main/core/day-rollover';
import { nextLocalMidnight } from '../../../src-shared/time/calendar';
import type { CounterCore } from '../../../src-main/core/index';
import type { FixturesFile, VariantInput } from '../../../src-service/index';
import { FakeClock } from '../../../dev-tools/support/fake-clock';
import { FROM_DATE, TO_DATE, USERS, counter, fixtures, startCore, startService, until } from '../../support/core-harness';
import { HOUR, dateIn, daysFromTo, instantAt, stepLength } from '../../support/day-oracle';

const NO_PING = { pingIntervalMs: 1e12 }; // fake hours pass in a blink; pings would race them

async function setup(start: string, timezone: string, options: { serverLagMs?: number; variant?: VariantInput; fixtures?: FixturesFile } = {}) {
  const clock = new FakeClock(Date.parse(start));
  const service = await startService({ now: () => clock.now() - (options.serverLagMs ?? 0), variant: options.variant, fixtures: options.fixtures });
  const logged: string[] = [];
  const core = await startCore(service.url, USERS.ada.token, { clock, timezone, tuning: NO_PING, log: (line) => logged.push(line) });
  const requests = () => service.requestLog.length;
  return { clock, service, core, logged, requests };
}

const value = (core: CounterCore, id: string) => counter(core.snapshot(), id)?.value;

/** Moves the fake clock to `at` and returns the values right before it and at it, and the fake time of the first snapshot that showed the change. */
async function crossMidnight(clock: FakeClock, core: CounterCore, at: number, id = FROM_DATE) {
  await clock.advanceTo(at - 1);
  const before = value(core, id)!;
  let shownAt: number | undefined;
  const off = core.subscribe((s) => {
    if (shownAt === undefined && counter(s, id)?.value !== before) shownAt = clock.now();
  });
  await clock.advanceTo(at);
  await until(core, (s) => counter(s, id)?.value !== before, 2000, 'the day to turn');
  off();
  return { before, after: value(core, id)!, shownAt };
}

describe('issue 18: day counters turn at local midnight without a request', () => {
  it('turns at 00:00:00 local with 0 requests, and the next resync agrees without a log line', async () => {
    const { clock, core, logged, requests } = await setup('2026-11-22T12:00:00Z', 'Pacific/Kiritimati');
    const until0 = value(core, TO_DATE)!;
    const midnight = nextLocalMidnight('Pacific/Kiritimati', clock.now());
    const sent = requests();
    const stats = core.snapshot().stats;
    const turn = await crossMidnight(clock, core, midnight);
    expect(turn.after).toBe(turn.before + 1);
    expect(turn.shownAt).toBe(midnight); // not a second later
    expect(value(core, TO_DATE)).toBe(until0 - 1);
    expect(requests()).toBe(sent);
    expect(core.snapshot().stats).toMatchObject({ requests: stats.requests, resyncs: stats.resyncs });
    // The next natural resync (a wake-up) brings the server's values: they agree.
    core.notifyResume();
    await until(core, (s) => s.stats.resyncs > stats.resyncs && s.connection.status === 'live', 5000, 'a resync');
    expect(value(core, FROM_DATE)).toBe(turn.after);
    expect(logged).toEqual([]);
  });

  it('a 23-hour day (DST starts in Europe/Berlin): two midnights 23 h apart, 0 requests', async () => {
    const { clock, core, requests } = await setup('2026-03-28T12:00:00Z', 'Europe/Berlin');
    const sent = requests();
    const first = await crossMidnight(clock, core, Date.parse('2026-03-28T23:00:00Z')); // CET
    const second = await crossMidnight(clock, core, Date.parse('2026-03-29T22:00:00Z')); // CEST, 23 h later
    expect([first.after - first.before, second.after - second.before]).toEqual([1, 1]);
    expect(second.shownAt).toBe(Date.parse('2026-03-29T22:00:00Z'));
    expect(requests()).toBe(sent);
  });

  it('a 25-hour day (DST ends in Europe/Berlin): two midnights 25 h apart, 0 requests', async () => {
    const { clock, core, requests } = await setup('2026-10-24T12:00:00Z', 'Europe/Berlin');
    const sent = requests();
    const first = await crossMidnight(clock, core, Date.parse('2026-10-24T22:00:00Z')); // CEST
    await clock.advanceTo(Date.parse('2026-10-25T22:30:00Z')); // 24.5 h later: still the 25th in Berlin
    expect(value(core, FROM_DATE)).toBe(first.after);
    const second = await crossMidnight(clock, core, Date.parse('2026-10-25T23:00:00Z')); // CET, 25 h later
    expect(second.after).toBe(first.after + 1);
    expect(requests()).toBe(sent);
  });

  it('a time-zone change across midnight: the date goes back at once, the new zone’s midnight turns it, and the server agrees', async () => {
    const { clock, core, logged, requests } = await setup('2026-11-22T22:30:00Z', 'Europe/Berlin');
    const turned = await crossMidnight(clock, core, Date.parse('2026-11-22T23:00:00Z')); // Berlin: the 23rd
    await clock.advanceTo(Date.parse('2026-11-22T23:30:00Z'));
    const { resyncs } = core.snapshot().stats;
    core.setTimezone('America/New_York'); // 18:30 on the 22nd there
    expect(value(core, FROM_DATE)).toBe(turned.before);
    await until(core, (s) => s.stats.resyncs > resyncs && s.connection.status === 'live', 5000, "the new zone's resync");
    expect(value(core, FROM_DATE)).toBe(turned.before);
    const sent = requests();
    const newYork = await crossMidnight(clock, core, Date.parse('2026-11-23T05:00:00Z'));
    expect(newYork.after).toBe(turned.after);
    expect(newYork.shownAt).toBe(Date.parse('2026-11-23T05:00:00Z'));
    expect(requests()).toBe(sent);
    expect(logged).toEqual([]);
  });

  it("a value the server does not confirm is replaced by the server's at the next resync and logged once", async () => {
    // The server's day turns three hours after ours (its clock lags): at our midnight we are ahead of it.
    const { clock, core, logged } = await setup('2026-11-22T12:00:00Z', 'UTC', { serverLagMs: 3 * 3_600_000 });
    const turn = await crossMidnight(clock, core, Date.parse('2026-11-23T00:00:00Z'));
    expect(turn.after).toBe(turn.before + 1);
    for (let resync = 0; resync < 2; resync += 1) {
      const { resyncs } = core.snapshot().stats;
      core.notifyResume();
      await until(core, (s) => s.stats.resyncs > resyncs && s.connection.status === 'live', 5000, 'a resync');
      expect(value(core, FROM_DATE)).toBe(turn.before); // the server's value wins
    }
    expect(logged).toHaveLength(2); // once for each day counter we rolled over (FromDate and ToDate), not once per resync
    expect(logged.join('\n')).toContain(FROM_DATE);
    expect(logged.join('\n')).toContain(TO_DATE);
  });

  it('a date someone changed after our midnight is no disagreement: no log line', async () => {
    const { clock, service, core, logged } = await setup('2026-11-22T12:00:00Z', 'UTC');
    const turn = await crossMidnight(clock, core, Date.parse('2026-11-23T00:00:00Z'));
    const alan = await startCore(service.url, USERS.alan.token, { clock, timezone: 'UTC', tuning: NO_PING });
    await alan.update(FROM_DATE, { startDate: '2026-11-13' }); // 10 days before the 23rd
    await until(core, (s) => counter(s, FROM_DATE)?.value === 10 && counter(s, FROM_DATE)?.startDate === '2026-11-13', 5000, "Alan's new date");
    expect(turn.after).not.toBe(10);
    const { resyncs } = core.snapshot().stats;
    core.notifyResume();
    await until(core, (s) => s.stats.resyncs > resyncs && s.connection.status === 'live', 5000, 'a resync');
    expect(value(core, FROM_DATE)).toBe(10);
    expect(logged).toEqual([]);
  });

  it.each([
    ['signed', -1],
    ['clamped', 0],
  ] as const)('not-shown #13 (%s): a ToDate that passes at midnight follows the rule the server showed', async (dayValues, expected) => {
    const base = fixtures();
    const everyone = base.counters[0]!.members;
    const passedLong = '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0c30';
    const endsToday = '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0c31';
    const dated: FixturesFile = {
      ...base,
      counters: [
        ...base.counters,
        { id: passedLong, name: 'Trip we took', type: 'ToDate', endDate: '2026-01-01', created: '2025-10-01T12:00:00Z', members: everyone },
        { id: endsToday, name: 'Trip today', type: 'ToDate', endDate: '2026-11-22', created: '2026-10-01T12:00:00Z', members: everyone },
      ],
    };
    const { clock, core, requests } = await setup('2026-11-22T12:00:00Z', 'UTC', { variant: { dayValues }, fixtures: dated });
    expect(value(core, endsToday)).toBe(0);
    const since = value(core, FROM_DATE)!;
    const sent = requests();
    await clock.advanceTo(Date.parse('2026-11-23T00:00:00Z'));
    await until(core, (s) => counter(s, FROM_DATE)?.value === since + 1, 2000, 'the day to turn');
    expect(value(core, endsToday)).toBe(expected);
    expect(requests()).toBe(sent);
  });
});

describe('issue 49: a wall clock stepped while the core runs', () => {
  // FROM_DATE counts from 2024-02-29. The step is what the wall clock does alone (NTP at boot, a
  // user fixing the date); timers keep their pace. Within an hour of it, the value is the new date's.
  it.each([
    ['forward an hour, over midnight', 'Asia/Kathmandu', '2026-11-22T22:30', { hours: 1 }],
    ['back an hour, over midnight', 'Europe/Berlin', '2026-11-23T00:10', { hours: -1 }],
    ['forward a day', 'America/Santiago', '2026-09-05T12:00', { days: 1 }],
    ['back a day', 'Australia/Lord_Howe', '2026-10-04T12:00', { days: -1 }],
    ['forward a week', 'Asia/Beirut', '2026-03-25T12:00', { weeks: 1 }],
    ['back a week', 'Pacific/Chatham', '2026-11-22T12:00', { weeks: -1 }],
    ['forward a year, from 29 February', 'Asia/Kathmandu', '2028-02-29T12:00', { years: 1 }],
    ['back a year', 'UTC', '2026-11-22T12:00', { years: -1 }],
  ] as const)('%s (%s): the value is the new date’s within the hour, with 0 requests', async (_name, zone, local, step) => {
    const start = instantAt(zone, local);
    const { clock, core, requests } = await setup(new Date(start).toISOString(), zone);
    expect(value(core, FROM_DATE)).toBe(daysFromTo('2024-02-29', dateIn(zone, start)));
    const sent = requests();
    clock.stepWall(stepLength(zone, start, step));
    await clock.advance(HOUR);
    expect(value(core, FROM_DATE)).toBe(daysFromTo('2024-02-29', dateIn(zone, clock.now())));
    expect(requests()).toBe(sent);
  });

  it('after a step, the following midnights turn on the dot again', async () => {
    const zone = 'Asia/Kathmandu';
    const start = instantAt(zone, '2026-11-22T12:00');
    const { clock, core } = await setup(new Date(start).toISOString(), zone);
    clock.stepWall(stepLength(zone, start, { days: 3, hours: 11 })); // 23:00 on the 25th
    const midnight = instantAt(zone, '2026-11-26T00:00');
    const turn = await crossMidnight(clock, core, midnight);
    expect(turn.after).toBe(daysFromTo('2024-02-29', '2026-11-26'));
    expect(turn.shownAt).toBe(midnight);
  });
});

describe('a day that did not exist: Pacific/Apia went from 29 to 31 December 2011', () => {
  const APIA = 'Pacific/Apia';
  const JUMP = Date.parse('2011-12-30T10:00:00Z'); // 24:00 −10:00 on the 29th became 00:00 +14:00 on the 31st

  it('a day counter turns by two dates at the jump, on the dot, with 0 requests, and the server agrees', async () => {
    const since = '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0c32';
    const base = fixtures();
    const dated: FixturesFile = { ...base, counters: [...base.counters, { id: since, name: 'Since the 29th', type: 'FromDate', startDate: '2011-12-29', created: '2011-12-29T12:00:00Z', members: base.counters[0]!.members }] };
    const { clock, core, logged, requests } = await setup('2011-12-30T06:00:00Z', APIA, { fixtures: dated }); // 20:00 on the 29th
    const sent = requests();
    const turn = await crossMidnight(clock, core, JUMP, since);
    expect([turn.before, turn.after, turn.shownAt]).toEqual([0, 2, JUMP]);
    expect(value(core, TO_DATE)).toBe(daysFromTo('2011-12-31', '2027-03-01'));
    await crossMidnight(clock, core, Date.parse('2011-12-31T10:00:00Z'), since); // 1 January 2012
    expect(value(core, since)).toBe(3);
    expect(requests()).toBe(sent);
    const { resyncs } = core.snapshot().stats;
    core.notifyResume();
    await until(core, (s) => s.stats.resyncs > resyncs && s.connection.status === 'live', 5000, 'a resync');
    expect(value(core, since)).toBe(3);
    expect(logged).toEqual([]);
  });

  it('the values on both sides, for dates before, on and after the missing day, as Temporal counts them', () => {
    for (const date of ['2011-12-29', '2011-12-30', '2011-12-31']) {
      for (const at of [JUMP - 1, JUMP]) {
        const today = dateIn(APIA, at);
        expect(signedDayValue({ type: 'FromDate', startDate: date }, APIA, at), `${date} at ${today}`).toBe(daysFromTo(date, today));
        expect(signedDayValue({ type: 'ToDate', endDate: date }, APIA, at), `${date} at ${today}`).toBe(daysFromTo(today, date));
      }
    }
    // Written out: from the 29th, from the 30th (a date Samoa never saw) and from the 31st.
    expect([JUMP - 1, JUMP].map((at) => ['2011-12-29', '2011-12-30', '2011-12-31'].map((startDate) => signedDayValue({ type: 'FromDate', startDate }, APIA, at)))).toEqual([
      [0, -1, -2],
      [2, 1, 0],
    ]);
  });
});

describe('day values (pure)', () => {
  it('counts calendar days in the zone, signed', () => {
    const at = Date.parse('2026-11-22T23:30:00Z'); // the 23rd in Berlin, the 22nd in New York
    expect(signedDayValue({ type: 'FromDate', startDate: '2026-11-20' }, 'Europe/Berlin', at)).toBe(3);
    expect(signedDayValue({ type: 'FromDate', startDate: '2026-11-20' }, 'America/New_York', at)).toBe(2);
    expect(signedDayValue({ type: 'ToDate', endDate: '2026-11-20' }, 'Europe/Berlin', at)).toBe(-3);
    expect(signedDayValue({ type: 'UpDown' }, 'UTC', at)).toBeUndefined();
  });

  it('leaves a negative value to the server until it showed its rule', () => {
    expect(dayValueUnder(2, undefined)).toBe(2);
    expect(dayValueUnder(-1, undefined)).toBeUndefined();
    expect(dayValueUnder(-1, 'signed')).toBe(-1);
    expect(dayValueUnder(-1, 'clamped')).toBe(0);
  });
});
