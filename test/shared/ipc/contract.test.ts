// What the contract's schemas refuse, so main's dispatcher (which checks every answer with them,
// src-main/ipc/dispatch.ts) never sends it: an accent that is more than a colour, a history out of bounds.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { AppState, invokeChannels } from '../../../src-shared/ipc/contract';
import { computeHistory } from '../../../src-main/app/activity/history';
import { ActivityRecord } from '../../../src-main/app/activity/record';
import { COFFEE_ID, signedInState } from '../../support/app-fakes';

describe('the OS accent colour crosses only as #rrggbb', () => {
  const HOSTILE = ['red', '#0078d4; --bg: url(//attacker.example/x)', 'url(javascript:alert(1))', '#0078D4', '#0078d4ff', '#07d', 'expression(alert(1))', 42];

  /** The check: a state whose accent is `accent` is refused by `schema`. */
  const refused = (schema: z.ZodType, accent: unknown) => !schema.safeParse({ ...signedInState([], []), accentColor: accent }).success;

  it('the contract refuses every hostile value and accepts a colour', () => {
    for (const accent of HOSTILE) expect(refused(AppState, accent), String(accent)).toBe(true);
    expect(refused(AppState, '#0078d4')).toBe(false);
  });

  it('negative control: with the accent a plain string (a weakened contract) the same check lets hostile values through', () => {
    const weakened = AppState.extend({ accentColor: z.unknown().optional() });
    expect(HOSTILE.filter((accent) => refused(weakened, accent))).toEqual([]);
  });
});

describe('a history answer', () => {
  it('passes with its days, shades and counts within their bounds, and not outside them', () => {
    const record = new ActivityRecord();
    record.compact(Date.UTC(2026, 10, 1), 'UTC');
    const history = computeHistory({
      counterId: COFFEE_ID,
      range: 'year',
      today: '2026-11-25',
      firstDayOfWeek: 1,
      firstRecorded: record.firstDay(Date.UTC(2026, 10, 25), 'UTC'),
      currentValue: 3,
      totalsBetween: () => new Map([['2026-11-24', { you: 2, others: 1 }]]),
      streak: { refused: { increment: false, decrement: false }, goal: null },
    });
    const schema = invokeChannels['activity:history'].response;
    expect(schema.safeParse(history).success).toBe(true);
    const tooDark = { ...history, days: history.days.map((d) => (d.recorded ? { ...d, level: 9 } : d)) };
    const tooLong = { ...history, days: [...history.days, ...history.days] };
    const unknownRange = { ...history, range: 'decade' };
    for (const value of [tooDark, tooLong, unknownRange]) expect(schema.safeParse(value).success).toBe(false);
  });
});
