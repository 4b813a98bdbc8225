// @vitest-environment happy-dom
// Row heights for the window, kept across state pushes: only rows whose counter or whose entry in
// the line context changed are asked again, and an unchanged result is the same array.
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rowItems } from '../../../src-renderer/components/listItems';
import { useLineHeights } from '../../../src-renderer/components/useLineHeights';
import { ROW_HEIGHTS } from '../../../src-renderer/components/useRowHeight';
import type { LineContext } from '../../../src-renderer/format/rowLines';
import { counter } from '../fixtures';

const many = Array.from({ length: 300 }, (_, i) => counter({ id: `019a4f2e-8c00-7d3a-9b1e-${String(i).padStart(12, '0')}`, name: `Counter number ${i}`, type: 'UpDown', value: i }));
const context = (patch: Partial<LineContext> = {}): LineContext => ({ today: {}, offer: undefined, reset: undefined, extras: undefined, clicksWait: false, ...patch });

describe('useLineHeights', () => {
  it('asks again only what changed: a changed counter, a new today entry far down; the same array when nothing moved', () => {
    const { result, rerender } = renderHook(({ counters, ctx }) => useLineHeights(rowItems(counters), ctx, ROW_HEIGHTS), { initialProps: { counters: many, ctx: context() } });
    const first = result.current;
    expect(new Set(first)).toEqual(new Set([36]));
    // A new value on one counter (a new object, as applyDelta makes): no height moves, the same array.
    const valued = many.map((c, i) => (i === 5 ? { ...c, value: 99 } : c));
    rerender({ counters: valued, ctx: context() });
    expect(result.current).toBe(first);
    // Today's change for a counter whose object did not change (the record moved on its own): its row grows.
    rerender({ counters: valued, ctx: context({ today: { [many[250]!.id]: 3 } }) });
    expect(result.current[250]).toBe(48);
    expect(result.current.filter((h) => h === 48)).toHaveLength(1);
    // A flag on another: it grows too; the first keeps its second line.
    const flagged = valued.map((c, i) => (i === 7 ? { ...c, error: { kind: 'rejected' as const, message: 'refused' } } : c));
    rerender({ counters: flagged, ctx: context({ today: { [many[250]!.id]: 3 } }) });
    expect([result.current[7], result.current[250]]).toEqual([48, 48]);
    // Today's change gone (a new day): back to one line.
    rerender({ counters: flagged, ctx: context() });
    expect([result.current[7], result.current[250]]).toEqual([48, 36]);
  });

  it('"Add…" opened on a row far down grows it, and it shrinks back when it closes', () => {
    const { result, rerender } = renderHook(({ ctx }) => useLineHeights(rowItems(many), ctx, ROW_HEIGHTS), { initialProps: { ctx: context() } });
    rerender({ ctx: context({ amountFor: many[280]!.id }) });
    expect(result.current[280]).toBe(48);
    expect(result.current.filter((h) => h === 48)).toHaveLength(1);
    rerender({ ctx: context({ amountFor: null }) });
    expect(result.current[280]).toBe(36);
  });

  it('asks every row again when the held-clicks state flips or the order changes', () => {
    const pending = many.map((c, i) => (i % 100 === 0 ? { ...c, pending: true, waiting: 1 } : c));
    const { result, rerender } = renderHook(({ counters, ctx }) => useLineHeights(rowItems(counters), ctx, ROW_HEIGHTS), { initialProps: { counters: pending, ctx: context() } });
    expect(result.current.filter((h) => h === 48)).toHaveLength(0);
    rerender({ counters: pending, ctx: context({ clicksWait: true }) });
    expect(result.current.filter((h) => h === 48)).toHaveLength(3);
    const reversed = [...pending].reverse();
    rerender({ counters: reversed, ctx: context({ clicksWait: true }) });
    expect(result.current.map((h, i) => (h === 48 ? i : -1)).filter((i) => i >= 0)).toEqual([99, 199, 299]);
  });
});
