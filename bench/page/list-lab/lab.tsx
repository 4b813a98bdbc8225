// The bench's list lab: the list's windowing and real rows, fed items straight from the page (no
// IPC, no preload), so a list of items with group headers can be measured before groups exist in
// AppState: 5 000 counters in 50 groups, half folded (folded groups' rows left out). The same
// page shows the same counters without groups, so the two compare on one machine in one run.
import { useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { CounterState } from '../../../src-shared/domain/snapshot';
import { I18n, guessLocale } from '../../../src-renderer/i18n/I18n';
import { CounterRow } from '../../../src-renderer/screens/CounterRow';
import { rowItems, type ListItem } from '../../../src-renderer/components/listItems';
import { useListWindow } from '../../../src-renderer/components/useListWindow';
import type { LineContext } from '../../../src-renderer/format/rowLines';

interface Group {
  name: string;
  count: number;
  folded: boolean;
}

export interface LabList {
  counters: CounterState[];
  /** Groups of equal size; every `foldEvery`-th is folded (0: none). */
  groups: number;
  foldEvery: number;
}

const CONTEXT: LineContext = { today: {}, offer: undefined, reset: undefined, extras: undefined, clicksWait: false };
const noop = () => undefined;

/** Rows under their group's header; a folded group is its header alone. */
function itemsOf({ counters, groups, foldEvery }: LabList): ListItem<Group>[] {
  if (groups === 0) return rowItems(counters);
  const size = Math.ceil(counters.length / groups);
  const items: ListItem<Group>[] = [];
  for (let g = 0; g < groups; g += 1) {
    const members = counters.slice(g * size, (g + 1) * size);
    const folded = foldEvery > 0 && g % foldEvery === 0;
    items.push({ kind: 'header', key: `group:${g}`, header: { name: `Group ${g}`, count: members.length, folded } });
    if (!folded) items.push(...rowItems(members));
  }
  return items;
}

/** A list and its items: a change patches both, as the popup's applyDelta and arrangement do. */
interface Shown {
  list: LabList;
  items: ListItem<Group>[];
}

function LabListView({ items }: { items: ListItem<Group>[] }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const shown = useListWindow(scrollRef, items, CONTEXT);
  return (
    <div className="list-scroll" ref={scrollRef} style={{ height: 400 }}>
      <ul className="counters virtual" style={shown.style}>
        {shown.shown.map((item) =>
          item.kind === 'row' ? (
            <CounterRow
              key={item.key}
              counter={item.counter}
              pinned={false}
              active={false}
              selected={false}
              twoLine={false}
              menuOpen={false}
              step={1}
              amountOpen={false}
              clicksWait={false}
              isMac={false}
              onStep={noop}
              onAmountAdd={noop}
              onAmountClose={noop}
              onActivate={noop}
              onMenu={noop}
              onDismissError={noop}
              onResolveUnconfirmed={noop}
              onUndo={noop}
              onUndoReset={noop}
            />
          ) : (
            <li key={item.key} className="lab-header" style={{ height: shown.headerHeight }}>
              {item.header.name} ({item.header.count}){item.header.folded ? ' ▸' : ' ▾'}
            </li>
          ),
        )}
      </ul>
    </div>
  );
}

let show: (next: Shown | null) => void = () => undefined;
let current: Shown | null = null;

function Lab() {
  const [shown, setShown] = useState<Shown | null>(null);
  show = setShown;
  return <I18n locale={guessLocale()}>{shown ? <LabListView items={shown.items} /> : <p>empty</p>}</I18n>;
}

/** `shown` with the counter at `at` replaced, every other counter and item the same object (as applyDelta keeps them). */
function patched({ list, items }: Shown, at: number, counter: CounterState): Shown {
  const counters = list.counters.slice();
  counters[at] = counter;
  return { list: { ...list, counters }, items: items.map((item) => (item.key === counter.id ? { kind: 'row', key: counter.id, counter } : item)) };
}

/** Resolves with the time from `act()` until `done()` holds after a DOM change, layout forced (as bench-preload.js does). */
function timeUntil(done: () => boolean, act: () => void, root: Node = document): Promise<number> {
  return new Promise((resolve) => {
    let start = 0;
    const observer = new MutationObserver(() => {
      if (!done()) return;
      observer.disconnect();
      void document.body.offsetHeight;
      resolve(performance.now() - start);
    });
    observer.observe(root, { subtree: true, childList: true, characterData: true });
    start = performance.now();
    act();
  });
}

const rendered = () => document.querySelectorAll('ul.counters > li').length;

/** What the bench calls in the page (bench/list-lab.ts). */
const labBench = {
  ready: () => rendered() >= 0 && document.querySelector('#root > *') !== null,
  /** An empty screen, then `list`: the time until its rows are laid out. */
  async render(list: LabList): Promise<{ ms: number; items: number }> {
    show(null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const ms = await timeUntil(
      () => document.querySelector('li.counter') !== null,
      () => {
        current = { list, items: itemsOf(list) };
        show(current);
      },
    );
    return { ms, items: rendered() };
  },
  /** A counter on screen gets a new value (a new object, patched into the list and its items as the popup does): the time until its text shows it. */
  async change(): Promise<number> {
    const was = current!;
    const rows = [...document.querySelectorAll<HTMLElement>('li[data-counter-id]')];
    const target = rows[Math.min(3, rows.length - 1)]!;
    const at = was.list.counters.findIndex((c) => c.id === target.dataset.counterId);
    const counter = { ...was.list.counters[at]!, value: was.list.counters[at]!.value + 1 };
    const value = target.querySelector('[data-testid="value"]')!;
    const before = value.textContent;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    return timeUntil(
      () => value.textContent !== before,
      () => {
        current = patched(was, at, counter);
        show(current);
      },
      target,
    );
  },
};
Object.defineProperty(globalThis, '__labBench', { value: labBench });

createRoot(document.getElementById('root') as HTMLElement).render(<Lab />);
