import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CoreSnapshot, Direction } from '../../src-shared/domain/snapshot';
import type { AppState, CounterTrayApi } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';
import { ConnectionBar } from '../components/ConnectionBar';
import { useDocumentKeydown } from '../components/useDocumentKeydown';
import { useFixedRowWindow } from '../components/useFixedRowWindow';
import { useUndo } from '../components/useUndo';
import { visibleCounters } from '../format/counterOrder';
import { formatCounterValue } from '../format/days';
import { CounterRow } from './CounterRow';

/** Short lists render plainly; long ones only render the rows in view. */
export const VIRTUALIZE_AFTER = 100;
/** Fixed row height (matches .counter in styles.css): a value change can never shift the layout. */
export const ROW_HEIGHT = 52;

interface Props {
  api: CounterTrayApi;
  state: AppState;
  core: CoreSnapshot;
  focusRequest: { id: string; at: number } | null;
  onEdit: (id: string) => void;
  /** Opens a counter's activity (the row's chart button, Enter on the selected row). */
  onDetail: (id: string) => void;
  onSettings: () => void;
  onReplaceToken: () => void;
}

export function CounterList({ api, state, core, focusRequest, onEdit, onDetail, onSettings, onReplaceToken }: Props) {
  const [query, setQueryRaw] = useState('');
  const [activeId, setActiveId] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const pinned = state.settings.pinned;

  const visible = useMemo(() => visibleCounters(core.counters, pinned, query), [core.counters, pinned, query]);
  const activeIndex = Math.max(0, visible.findIndex((c) => c.id === activeId));
  const active = visible[activeIndex];
  const virtual = visible.length > VIRTUALIZE_AFTER;
  const rows = useFixedRowWindow(scrollRef, virtual ? visible.length : 0, ROW_HEIGHT);
  const { scrollToIndex } = rows;

  const setQuery = useCallback((next: string | ((current: string) => string)) => {
    setQueryRaw(next);
    setActiveId(null); // the first match becomes active
  }, []);

  useEffect(() => {
    if (!focusRequest) return;
    setQueryRaw('');
    setActiveId(focusRequest.id);
    searchRef.current?.focus();
  }, [focusRequest]);

  const activeKey = active?.id;
  useEffect(() => {
    if (activeKey === undefined) return;
    if (virtual) scrollToIndex(activeIndex);
    else document.getElementById(`counter-${activeKey}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeKey, activeIndex, virtual, scrollToIndex]);

  const step = useCallback(
    async (id: string, direction: Direction) => {
      setNotice(null);
      const result = await call(api, direction === 'increment' ? 'counter:increment' : 'counter:decrement', { id });
      if (!result.ok) setNotice(result.error.message);
    },
    [api],
  );

  const dismissError = useCallback(
    async (id: string) => {
      const result = await call(api, 'counter:dismissError', { id });
      if (!result.ok) setNotice(result.error.message);
    },
    [api],
  );

  const togglePin = useCallback(
    async (id: string) => {
      const next = pinned.includes(id) ? pinned.filter((p) => p !== id) : [...pinned, id];
      const result = await call(api, 'settings:update', { pinned: next });
      if (!result.ok) setNotice(result.error.message);
    },
    [api, pinned],
  );

  const undo = useUndo(api, state.activity?.undo, setNotice);

  function actOnActive(direction: Direction) {
    if (!active) return;
    if (active.type !== 'UpDown') return setNotice(`${active.name} counts days; it cannot be changed with + or −.`);
    const refused = active.refused[direction];
    if (refused) return setNotice(refused);
    void step(active.id, direction);
  }

  function move(delta: number) {
    const next = visible[Math.min(visible.length - 1, Math.max(0, activeIndex + delta))];
    if (next) setActiveId(next.id);
  }

  useDocumentKeydown((event) => {
    // isComposing: an input method owns the arrows and Enter while it composes.
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || event.isComposing) return;
    const target = event.target as HTMLElement;
    const inSearch = target === searchRef.current;
    switch (event.key) {
      case 'ArrowDown':
        move(1);
        break;
      case 'ArrowUp':
        move(-1);
        break;
      case '+':
      case '=':
        actOnActive('increment');
        break;
      case '-':
        actOnActive('decrement');
        break;
      case 'Enter':
        if (target.tagName === 'BUTTON' || !active) return; // a focused button does its own thing
        onDetail(active.id);
        break;
      case 'Escape':
        if (query) setQuery('');
        else void call(api, 'window:hide', {});
        break;
      default:
        // Typing anywhere in the list filters it.
        if (inSearch || event.key.length !== 1 || event.key === ' ') return;
        searchRef.current?.focus();
        setQuery((current) => current + event.key);
    }
    event.preventDefault();
  });

  const rowProps = { onStep: step, onTogglePin: togglePin, onEdit, onActivate: setActiveId, onDismissError: dismissError, onUndo: undo, onDetail };
  const today = state.activity?.today;
  const offer = state.activity?.undo ?? undefined;
  const activityOf = (id: string) => ({ today: today?.[id], undo: offer?.counterId === id ? offer : undefined });
  const activeText = active ? `${active.name}, ${formatCounterValue(active.type, active.value).phrase}` : '';

  return (
    <main className="screen list-screen">
      <header className="toolbar">
        <input
          ref={searchRef}
          className="search"
          type="search"
          placeholder="Search counters"
          aria-label="Search counters"
          aria-describedby="list-keys"
          aria-controls="counter-list"
          autoFocus
          spellCheck={false}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <button type="button" className="icon" aria-label="Settings" title="Settings" onClick={onSettings}>
          ⚙
        </button>
      </header>
      <ConnectionBar connection={core.connection} demo={state.session.mode === 'demo'} onReplaceToken={onReplaceToken} />
      <div className="list-scroll" ref={scrollRef}>
        {visible.length === 0 ? (
          <p className="empty">{query ? `No counter matches “${query.trim()}”.` : 'No counters are shared with you yet.'}</p>
        ) : (
          <ul
            id="counter-list"
            role="list"
            aria-label="Counters"
            className={`counters${virtual ? ' virtual' : ''}`}
            style={virtual ? { height: rows.totalHeight } : undefined}
          >
            {virtual
              ? visible.slice(rows.start, rows.end).map((counter, offset) => {
                  const index = rows.start + offset;
                  return (
                    <CounterRow key={counter.id} counter={counter} pinned={pinned.includes(counter.id)} active={index === activeIndex} offset={index * ROW_HEIGHT} {...rowProps} {...activityOf(counter.id)} />
                  );
                })
              : visible.map((counter, index) => (
                  <CounterRow key={counter.id} counter={counter} pinned={pinned.includes(counter.id)} active={index === activeIndex} {...rowProps} {...activityOf(counter.id)} />
                ))}
          </ul>
        )}
      </div>
      <footer className="footer">
        <p className="notice" role="status">
          {notice}
        </p>
        <p id="list-keys" className="keys">
          <kbd>↑</kbd>
          <kbd>↓</kbd> choose · <kbd>+</kbd>
          <kbd>−</kbd> change · <kbd>Enter</kbd> activity · <kbd>Esc</kbd> close
        </p>
      </footer>
      <p className="sr-only" aria-live="polite">
        {activeText}
      </p>
    </main>
  );
}
