// @vitest-environment happy-dom
// The list is windowed at every size: at 100 counters the DOM holds only the rows in view and a
// margin, and the arrow keys walking past the window's edge bring the current row into view.
// Headers are items like rows: they take their own height and the keys find rows after them.
// Negative controls: a window that renders every row, and one that does not scroll to the
// current row, each fail the same checks.
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CounterState } from '../../../src-shared/domain/snapshot';
import { rowItems, type ListItem } from '../../../src-renderer/components/listItems';
import { useListWindow } from '../../../src-renderer/components/useListWindow';
import { ROW_HEIGHTS } from '../../../src-renderer/components/useRowHeight';
import { FIRST_PAINT_OVERSCAN, useRowWindow } from '../../../src-renderer/components/useRowWindow';
import type * as RowWindowModule from '../../../src-renderer/components/useRowWindow';
import type { LineContext } from '../../../src-renderer/format/rowLines';
import { appState, counter, fakeApi } from '../fixtures';

const VIEWPORT = 400;
const ONE = ROW_HEIGHTS.one;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.doUnmock('../../../src-renderer/components/useRowWindow');
  vi.resetModules();
});

const countersOf = (count: number): CounterState[] =>
  Array.from({ length: count }, (_, i) => counter({ id: `019a4f2e-8c00-7d3a-9b1e-${String(i).padStart(12, '0')}`, name: `Counter number ${i}`, type: 'UpDown', value: i }));

interface Facts {
  /** Rows in the DOM on the first render. */
  rendered: number;
  /** After ↓ `steps` times: the current row is in the DOM and inside the scrolled viewport. */
  currentInView: boolean;
}

/** Renders the app (imported afresh, so a mocked window module takes effect) and walks down with the arrow keys. */
async function walk(count: number, steps: number): Promise<Facts> {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(VIEWPORT);
  const { App } = await import('../../../src-renderer/App');
  const fake = fakeApi(appState({ counters: countersOf(count) }));
  render(<App api={fake.api} />);
  await screen.findByRole('list', { name: 'Counters' }, { timeout: 10_000 });
  const rendered = screen.getAllByRole('listitem').length;
  const search = screen.getByLabelText('Search counters');
  for (let i = 0; i < steps; i += 1) fireEvent.keyDown(search, { key: 'ArrowDown' });
  const current = screen.queryByRole('listitem', { name: new RegExp(`^Counter number ${steps},`) });
  const scroller = document.querySelector<HTMLElement>('.list-scroll')!;
  // Every row is one line here, so row i spans [36 i, 36 (i + 1)).
  const top = steps * ONE;
  const inViewport = scroller.scrollTop <= top && top + ONE <= scroller.scrollTop + VIEWPORT;
  return { rendered, currentInView: current?.getAttribute('aria-current') === 'true' && inViewport };
}

const fitsTheWindow = (facts: Facts, count: number) => facts.rendered < Math.min(count, Math.ceil(VIEWPORT / ONE) + 2 * 8 + 2);

describe('the list is windowed at every size', () => {
  for (const count of [10, 100, 1000, 5000]) {
    it(`renders at most the rows in view and a margin at ${count} counters, and the arrows bring the current row into view`, async () => {
      const steps = Math.min(count - 1, 40);
      const facts = await walk(count, steps);
      if (count > 30) expect(fitsTheWindow(facts, count), `${facts.rendered} rows in the DOM`).toBe(true);
      else expect(facts.rendered).toBe(count);
      expect(facts.currentInView).toBe(true);
    });
  }

  it('negative control: a window that renders every row fails the size check at 100 counters', async () => {
    vi.doMock('../../../src-renderer/components/useRowWindow', async (importOriginal) => {
      const real = await importOriginal<typeof RowWindowModule>();
      return { useRowWindow: (...args: Parameters<typeof real.useRowWindow>) => ({ ...real.useRowWindow(...args), start: 0, end: args[1].length }) };
    });
    const facts = await walk(100, 40);
    expect(facts.rendered).toBe(100);
    expect(fitsTheWindow(facts, 100)).toBe(false);
  });

  it('negative control: a window that does not scroll to the current row fails the keyboard check', async () => {
    vi.doMock('../../../src-renderer/components/useRowWindow', async (importOriginal) => {
      const real = await importOriginal<typeof RowWindowModule>();
      return { useRowWindow: (...args: Parameters<typeof real.useRowWindow>) => ({ ...real.useRowWindow(...args), scrollToIndex: () => undefined }) };
    });
    const facts = await walk(100, 40);
    expect(facts.currentInView).toBe(false);
  });
});

describe('headers are items with a height of their own', () => {
  const context: LineContext = { today: {}, offer: undefined, reset: undefined, extras: undefined, clicksWait: false };
  type Group = { name: string };
  /** Five groups of 20 counters; the second folded (its rows left out). */
  function grouped(counters: readonly CounterState[]): ListItem<Group>[] {
    const items: ListItem<Group>[] = [];
    for (let g = 0; g < 5; g += 1) {
      items.push({ kind: 'header', key: `group:${g}`, header: { name: `Group ${g}` } });
      if (g !== 1) items.push(...rowItems(counters.slice(g * 20, g * 20 + 20)));
    }
    return items;
  }

  it('places rows after headers by both heights, and scrolls to a row past them by its key', () => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(VIEWPORT);
    const element = document.createElement('div');
    document.body.append(element);
    const ref = { current: element };
    const items = grouped(countersOf(100));
    const { result } = renderHook(() => useListWindow(ref, items, context));
    // 4 headers and 80 rows: the list is as tall as both together.
    expect(result.current.style.height).toBe(5 * ROW_HEIGHTS.header + 80 * ONE);
    expect(result.current.headerHeight).toBe(ROW_HEIGHTS.header);
    expect(result.current.shown[0]).toMatchObject({ kind: 'header', key: 'group:0' });
    // Counter 99 is the last row: after 5 headers and 79 rows.
    const last = countersOf(100)[99]!.id;
    act(() => result.current.scrollToKey(last));
    const bottom = 5 * ROW_HEIGHTS.header + 80 * ONE;
    expect(element.scrollTop).toBe(bottom - VIEWPORT);
    expect(result.current.shown.at(-1)).toMatchObject({ kind: 'row', key: last });
    // The items above the window are padding as tall as they are, headers at their own height.
    const above = items.slice(0, result.current.start);
    expect(result.current.start).toBeGreaterThan(0);
    expect(result.current.style.paddingTop).toBe(above.reduce((sum, item) => sum + (item.kind === 'header' ? ROW_HEIGHTS.header : ONE), 0));
    element.remove();
  });
});

describe('the frame that first shows a list draws the rows in view, the margin after it', () => {
  // The scrolling margin is 8 rows each way; the first frame of a list has no scroll to cover, so it
  // draws the rows in view and one more, and the margin follows once that frame is painted. A list
  // that empties (a search with no match) and fills again starts narrow again.
  const inView = Math.ceil(VIEWPORT / ONE); // rows 0 … 11 touch the viewport
  function windowOver(count: number) {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(VIEWPORT);
    const ref = { current: document.body.appendChild(document.createElement('div')) };
    return renderHook(({ heights }) => useRowWindow(ref, heights), { initialProps: { heights: new Array<number>(count).fill(ONE) } });
  }

  it('renders the rows in view and one more first, then the whole margin', async () => {
    const { result, rerender } = windowOver(100);
    expect(result.current.end).toBe(inView + FIRST_PAINT_OVERSCAN);
    await waitFor(() => expect(result.current.end).toBe(inView + 8));
    rerender({ heights: [] });
    expect(result.current.end).toBe(0);
    rerender({ heights: new Array<number>(100).fill(ONE) });
    expect(result.current.end).toBe(inView + FIRST_PAINT_OVERSCAN);
    await waitFor(() => expect(result.current.end).toBe(inView + 8));
  });

  it('shows a list that fits at once, and does not render it again to widen it', async () => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(VIEWPORT);
    const ref = { current: document.body.appendChild(document.createElement('div')) };
    const heights = new Array<number>(5).fill(ONE);
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useRowWindow(ref, heights);
    });
    expect(result.current.end).toBe(5);
    const settled = renders;
    // Two frames and a task: the widening, had there been one, is done by then.
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 20))));
    expect(renders).toBe(settled);
  });

  it('negative control: a window that keeps the first paint narrow fails the margin check', async () => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(VIEWPORT);
    const ref = { current: document.body.appendChild(document.createElement('div')) };
    const heights = new Array<number>(100).fill(ONE);
    const { result } = renderHook(() => useRowWindow(ref, heights, FIRST_PAINT_OVERSCAN));
    await expect(waitFor(() => expect(result.current.end).toBe(inView + 8), { timeout: 300 })).rejects.toThrow();
  });
});
