// FromDate/ToDate values are whole calendar days in the requested IANA zone (docs/api.md §2.4), across
// local midnight and DST changes, with an injected clock. The UTC instants below were
// worked out by hand from each zone's offset, not computed by the code under test.
import { describe, expect, it } from 'vitest';
import { CounterV2 } from '../../src-shared/api/schemas';
import { startHarness } from './helpers';
import type { Harness } from './helpers';

const ADA = '0b9a6c1e-6f0e-4a59-9d61-1f7d3c1c2a10';
const FROM = '019a4f2e-8c00-7d3a-9b1e-000000000001';
const TO = '019a4f2e-8c00-7d3a-9b1e-000000000002';

function fixtures(startDate = '2026-01-01', endDate = '2027-01-01'): unknown {
  return {
    users: [{ id: ADA, displayName: 'Ada', token: 'ada' }],
    counters: [
      { id: FROM, name: 'Since new year', type: 'FromDate', startDate, created: '2026-01-01T00:00:00Z', members: [{ userId: ADA, isAdmin: true }] },
      { id: TO, name: 'Until next year', type: 'ToDate', endDate, created: '2026-01-01T00:00:00Z', members: [{ userId: ADA, isAdmin: true }] },
    ],
  };
}

async function valuesAt(h: Harness, epochMs: number, zone: string): Promise<{ from: number; to: number }> {
  h.clock.set(epochMs);
  const get = async (id: string): Promise<number> =>
    CounterV2.parse((await h.request('GET', `/v2/counters/${id}?timezone=${encodeURIComponent(zone)}`, { token: 'ada' })).body).value;
  return { from: await get(FROM), to: await get(TO) };
}

async function harness(startDate?: string, endDate?: string): Promise<Harness> {
  const h = await startHarness({ fixtures: fixtures(startDate, endDate) });
  h.autoAdvanceMs = 0;
  return h;
}

const ms = (iso: string): number => Date.parse(iso);

describe('day values at local midnight (§2.4: days in the requested timezone)', () => {
  // Each row: zone, the UTC instant of local midnight starting 2026-11-23, and why.
  it.each([
    ['UTC', '2026-11-23T00:00:00Z'],
    ['Pacific/Kiritimati', '2026-11-22T10:00:00Z'], // UTC+14
    ['Pacific/Pago_Pago', '2026-11-23T11:00:00Z'], // UTC−11
    ['Asia/Kolkata', '2026-11-22T18:30:00Z'], // UTC+5:30
    ['America/New_York', '2026-11-23T05:00:00Z'], // EST, UTC−5
  ])('%s: the values move by exactly one day at local midnight', async (zone, midnight) => {
    const h = await harness();
    const before = await valuesAt(h, ms(midnight) - 1, zone);
    const after = await valuesAt(h, ms(midnight), zone);
    // 2026-01-01 → 2026-11-22 is 325 days; 2026-11-22 → 2027-01-01 is 40 days.
    expect(before).toEqual({ from: 325, to: 40 });
    expect(after).toEqual({ from: 326, to: 39 });
  });

  it('the same instant gives different values in UTC+14 and UTC−11 (they are a day apart or more)', async () => {
    const h = await harness();
    const instant = ms('2026-11-22T10:30:00Z'); // Kiritimati: 11-23 00:30; Pago Pago: 11-21 23:30
    expect(await valuesAt(h, instant, 'Pacific/Kiritimati')).toEqual({ from: 326, to: 39 });
    expect(await valuesAt(h, instant, 'Pacific/Pago_Pago')).toEqual({ from: 324, to: 41 });
    expect(await valuesAt(h, instant, 'UTC')).toEqual({ from: 325, to: 40 });
  });
});

describe('day values across DST changes (whole calendar days, not 24-hour blocks)', () => {
  it.each([
    // zone, local midnight of the DST day, local midnight of the day after (different offsets)
    ['America/New_York spring forward', 'America/New_York', '2026-03-08T05:00:00Z', '2026-03-09T04:00:00Z', '2026-03-08'],
    ['America/New_York fall back', 'America/New_York', '2026-11-01T04:00:00Z', '2026-11-02T05:00:00Z', '2026-11-01'],
    ['Europe/Berlin spring forward', 'Europe/Berlin', '2026-03-28T23:00:00Z', '2026-03-29T22:00:00Z', '2026-03-29'],
    ['Australia/Lord_Howe half-hour DST', 'Australia/Lord_Howe', '2026-10-03T13:30:00Z', '2026-10-04T13:00:00Z', '2026-10-04'],
  ])('%s: one day from midnight to midnight, unchanged one ms before the next midnight', async (_name, zone, dayStart, nextDayStart, day) => {
    const h = await harness(day, day);
    expect(await valuesAt(h, ms(dayStart), zone)).toEqual({ from: 0, to: 0 });
    expect(await valuesAt(h, ms(dayStart) - 1, zone)).toEqual({ from: -1, to: 1 });
    expect(await valuesAt(h, ms(nextDayStart) - 1, zone)).toEqual({ from: 0, to: 0 });
    expect(await valuesAt(h, ms(nextDayStart), zone)).toEqual({ from: 1, to: -1 });
  });

  it('a year across both DST changes counts calendar days (New York, 2026-01-01 → 2027-01-01 = 365)', async () => {
    const h = await harness('2026-01-01', '2027-01-01');
    expect(await valuesAt(h, ms('2026-12-31T05:00:00Z'), 'America/New_York')).toEqual({ from: 364, to: 1 });
    expect(await valuesAt(h, ms('2027-01-01T05:00:00Z'), 'America/New_York')).toEqual({ from: 365, to: 0 });
  });

  it('a leap-day start date counts through 29 February (§2.4 FromDate)', async () => {
    const h = await harness('2024-02-29', '2028-02-29');
    expect(await valuesAt(h, ms('2025-03-01T12:00:00Z'), 'UTC')).toEqual({ from: 366, to: 1095 });
  });
});

describe('signed day values by default (not-shown #13)', () => {
  it('a FromDate in the future and a ToDate in the past give negative values', async () => {
    const h = await harness('2026-12-01', '2026-11-01');
    expect(await valuesAt(h, ms('2026-11-22T12:00:00Z'), 'UTC')).toEqual({ from: -9, to: -21 });
  });
});

describe('default timezone (not-shown #1)', () => {
  it('without ?timezone= the values are computed in UTC', async () => {
    const h = await harness();
    h.clock.set(ms('2026-11-22T11:00:00Z')); // already 11-23 in Kiritimati
    const res = await h.request('GET', `/v2/counters/${FROM}`, { token: 'ada' });
    expect(CounterV2.parse(res.body).value).toBe(325);
  });

  it('an empty ?timezone= is not a zone → 400', async () => {
    const h = await harness();
    expect((await h.request('GET', `/v2/counters/${FROM}?timezone=`, { token: 'ada' })).status).toBe(400);
  });
});
