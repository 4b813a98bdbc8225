// Next local midnight of an IANA zone, including DST days and a day that starts at 01:00.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidTimeZone, localDateKey, nextLocalMidnight } from '../../../src-main/core/midnight';

const iso = (ms: number) => new Date(ms).toISOString();
const localTime = (zone: string, ms: number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);

describe('nextLocalMidnight', () => {
  it('UTC and a far-east zone', () => {
    const noon = Date.parse('2026-11-22T12:00:00Z');
    expect(iso(nextLocalMidnight('UTC', noon))).toBe('2026-11-23T00:00:00.000Z');
    // Kiritimati is UTC+14: 12:00Z is already 02:00 on the 23rd there.
    expect(iso(nextLocalMidnight('Pacific/Kiritimati', noon))).toBe('2026-11-23T10:00:00.000Z');
  });

  it('is exactly midnight, never the instant itself', () => {
    const midnight = Date.parse('2026-11-23T00:00:00Z');
    expect(iso(nextLocalMidnight('UTC', midnight))).toBe('2026-11-24T00:00:00.000Z');
    expect(iso(nextLocalMidnight('UTC', midnight - 1))).toBe('2026-11-23T00:00:00.000Z');
  });

  it('spring forward and fall back in Europe/Berlin (23- and 25-hour days)', () => {
    const first = nextLocalMidnight('Europe/Berlin', Date.parse('2026-03-28T12:00:00Z'));
    expect(iso(first)).toBe('2026-03-28T23:00:00.000Z'); // CET
    expect(iso(nextLocalMidnight('Europe/Berlin', first)) ).toBe('2026-03-29T22:00:00.000Z'); // CEST: 23 h later
    const autumn = nextLocalMidnight('Europe/Berlin', Date.parse('2026-10-25T00:30:00Z'));
    expect(iso(autumn)).toBe('2026-10-25T23:00:00.000Z'); // 25-hour day
  });

  it('a day whose midnight does not exist starts at 01:00 (America/Santiago, September)', () => {
    // Chile springs forward at 24:00 on the first Saturday of September: the next day starts at 01:00.
    const next = nextLocalMidnight('America/Santiago', Date.parse('2026-09-05T16:00:00Z'));
    expect(localDateKey('America/Santiago', next)).toBe(20260906);
    expect(localDateKey('America/Santiago', next - 1)).toBe(20260905);
    expect(localTime('America/Santiago', next)).toBe('01:00');
  });

  it('property: the result is the first instant of the next local date', () => {
    const zones = ['UTC', 'Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Chatham', 'America/Santiago'];
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: Date.parse('2024-01-01'), max: Date.parse('2030-01-01') }), (zone, now) => {
        const next = nextLocalMidnight(zone, now);
        expect(next).toBeGreaterThan(now);
        expect(next - now).toBeLessThanOrEqual(26 * 3_600_000);
        expect(localDateKey(zone, next)).toBeGreaterThan(localDateKey(zone, now));
        expect(localDateKey(zone, next - 1)).toBe(localDateKey(zone, now));
      }),
      { numRuns: 300 },
    );
  });

  it('knows valid zones', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});
