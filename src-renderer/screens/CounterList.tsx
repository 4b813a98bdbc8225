// The list screen: search, rows (windowed when long), and the keyboard model that ties them
// together (↑/↓, + / −, Enter, Esc, ?, Ctrl+Z). What a row asks main to do is useRowActions.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CoreSnapshot, CounterState, Direction } from '../../src-shared/domain/snapshot';
import type { AppState, CounterTrayApi } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';
import { ConnectionBar } from '../components/ConnectionBar';
import { EmptyList } from '../components/EmptyList';
import { useDocumentKeydown } from '../components/useDocumentKeydown';
import { useFixedRowWindow } from '../components/useFixedRowWindow';
import { ICON, KeysIcon, SettingsIcon } from '../components/icons';
import { KeyHints } from '../components/KeyHints';
import { useRefusalNotice } from '../components/useRefusalNotice';
import { useRowHeight } from '../components/useRowHeight';
import { useTransientNotice } from '../components/useTransientNotice';
import { useVanishedNotice } from '../components/useVanishedNotice';
import { useUndo } from '../components/useUndo';
import { useRowActions } from '../components/useRowActions';
import { useI18n } from '../i18n/I18n';
import { ResetUndoQuestion, useResetUndo } from '../components/useResetUndo';
import { rowActivity } from '../format/rowActivity';
import { visibleCounters } from '../format/counterOrder';
import { formatCounterValue } from '../../src-shared/i18n/counter-value';
import { undoBlockedReason } from '../format/undo';
import { CounterRow } from './CounterRow';

/** A selector for the same button in another row (the two steppers share a class, so by position). */
function sameButtonIn(button: HTMLElement): string {
  if (button.classList.contains('step')) return `.steppers > .step:nth-child(${button.previousElementSibling ? 2 : 1})`;
  return `.${['pin', 'detail', 'edit'].find((name) => button.classList.contains(name)) ?? 'edit'}`;
}

/** Short lists render plainly; long ones only render the rows in view. */
export const VIRTUALIZE_AFTER = 100;

interface Props {
  api: CounterTrayApi;
  state: AppState;
  core: CoreSnapshot;
  focusRequest: { id: string; at: number } | null;
  /** The current row when the list was last shown (back from Edit keeps it). */
  activeId: string | null;
  onActiveChange: (id: string | null) => void;
  /** Launch while the server is away: these are the last-known counters, saved at this time. */
  offlineSince?: number;
  onEdit: (id: string) => void;
  /** Opens a counter's activity (the row's chart button, Enter on the selected row). */
  onDetail: (id: string) => void;
  onSettings: () => void;
  onReplaceToken: () => void;
}

export function CounterList({ api, state, core, focusRequest, activeId, onActiveChange: setActiveId, offlineSince, onEdit, onDetail, onSettings, onReplaceToken }: Props) {
  const i18n = useI18n();
  const [query, setQueryRaw] = useState('');
  const [notice, say] = useTransientNotice();
  const [hintsOpen, setHintsOpen] = useState(false);
  const rowHeight = useRowHeight();
  /** After ↑/↓ from a row's button, focus moves to the same button of the new current row. */
  const focusFollows = useRef<string | null>(null);
  const fellBackTo = useRef<HTMLElement | null>(null);
  const fellBackFrom = useRef<string>('.edit');
  const searchRef = useRef<HTMLInputElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const pinned = state.settings.pinned;

  const visible = useMemo(() => visibleCounters(core.counters, pinned, query), [core.counters, pinned, query]);
  // No active id (just opened, or a search just typed): the first row, without a scan of every counter.
  const activeIndex = activeId === null ? 0 : Math.max(0, visible.findIndex((c) => c.id === activeId));
  const active = visible[activeIndex];
  const virtual = visible.length > VIRTUALIZE_AFTER;
  const rows = useFixedRowWindow(scrollRef, virtual ? visible.length : 0, rowHeight);
  const { scrollToIndex } = rows;

  const setQuery = useCallback(
    (next: string | ((current: string) => string)) => {
      setQueryRaw(next);
      setActiveId(null); // the first match becomes active
    },
    [setActiveId],
  );

  useEffect(() => {
    if (!focusRequest) return;
    setQueryRaw('');
    setActiveId(focusRequest.id);
    searchRef.current?.focus();
  }, [focusRequest, setActiveId]);

  useVanishedNotice(core.counters, say);
  useRefusalNotice(core.counters, say);

  const activeKey = active?.id;
  useEffect(() => {
    if (activeKey === undefined) return;
    if (virtual) scrollToIndex(activeIndex);
    else document.getElementById(`counter-${activeKey}`)?.scrollIntoView?.({ block: 'nearest' });
    const follow = focusFollows.current;
    focusFollows.current = null;
    if (follow) {
      const row = document.getElementById(`counter-${activeKey}`);
      const same = row?.querySelector<HTMLElement>(follow);
      // A day counter has no steppers: its edit button is the nearest useful place.
      const target = same ?? row?.querySelector<HTMLElement>('.edit');
      fellBackTo.current = same ? null : (target ?? null);
      fellBackFrom.current = follow;
      target?.focus();
    }
  }, [activeKey, activeIndex, virtual, scrollToIndex]);

  const { step, dismissError, resolveUnconfirmed, togglePin } = useRowActions(api, core.counters, pinned, say);

  const undo = useUndo(api, state.activity.undo, core.counters, say);
  const resetUndo = useResetUndo(api, state.resetUndo, say);

  function actOnActive(direction: Direction) {
    if (!active) return;
    if (active.type !== 'UpDown') return say(i18n.t('list.countsDays', { name: active.name }));
    void step(active.id, direction, true);
  }

  function move(delta: number, from: HTMLElement) {
    const next = visible[Math.min(visible.length - 1, Math.max(0, activeIndex + delta))];
    if (!next) return;
    // Focus on a row's button moves with the highlight, so Space/Enter act on the row you see.
    // Passing a day counter (no steppers) lands on its edit button; the next row gets the stepper back.
    const wanted = from === fellBackTo.current ? fellBackFrom.current : sameButtonIn(from);
    focusFollows.current = from.closest('.counter') && next.id !== activeKey ? wanted : null;
    setActiveId(next.id);
  }

  useDocumentKeydown((event) => {
    // isComposing: an input method owns the arrows and Enter while it composes.
    if (event.ctrlKey || event.metaKey || event.defaultPrevented || event.isComposing) return;
    const target = event.target as HTMLElement;
    const inSearch = target === searchRef.current;
    const isStep = event.key === '+' || event.key === '=' || event.key === '-';
    // Alt is for shortcuts only (Alt + / Alt − change a counter even while searching).
    if (event.altKey && !isStep) return;
    // Typed text belongs to the search: "check-ins" or "c++" is a search, never a change.
    if (isStep && query !== '' && !event.altKey) {
      if (inSearch) return;
      searchRef.current?.focus();
      setQuery((current) => current + event.key);
      event.preventDefault();
      return;
    }
    switch (event.key) {
      case 'ArrowDown':
        move(1, target);
        break;
      case 'ArrowUp':
        move(-1, target);
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
        // Enter opens the selected counter's activity; + and − change it.
        detail(active.id);
        break;
      case 'Escape':
        if (resetUndo.question) void resetUndo.answer('keep');
        else if (hintsOpen) setHintsOpen(false);
        // Clearing the search keeps the chosen row: the next + must change what was chosen.
        else if (query) setQueryRaw('');
        else void call(api, 'window:hide', {});
        break;
      case '?':
        // With an empty search "?" shows the keys; typed into a search it is search text.
        if (query === '') setHintsOpen((open) => !open);
        else if (inSearch) return;
        else {
          searchRef.current?.focus();
          setQuery((current) => current + event.key);
        }
        break;
      default:
        // Typing anywhere in the list filters it.
        if (inSearch || event.key.length !== 1 || event.key === ' ') return;
        searchRef.current?.focus();
        setQuery((current) => current + event.key);
    }
    event.preventDefault();
  });

  // Offline at launch there is no server to save an edit to: say so instead of opening a form that cannot work.
  const offline = offlineSince !== undefined;
  const edit = useCallback((id: string) => (offline ? say(i18n.t('list.offlineEdit')) : onEdit(id)), [offline, onEdit, say, i18n]);
  const detail = useCallback((id: string) => (offline ? say(i18n.t('list.offlineActivity')) : onDetail(id)), [offline, onDetail, say, i18n]);
  const rowProps = { onStep: step, onTogglePin: togglePin, onEdit: edit, onActivate: setActiveId, onDismissError: dismissError, onResolveUnconfirmed: resolveUnconfirmed, onUndo: undo, onDetail: detail, onUndoReset: resetUndo.undoReset, isMac: state.platform === 'darwin' };
  const today = state.activity.today;
  const offer = state.activity.undo ?? undefined;
  const reset = state.resetUndo ?? undefined;
  const extras = state.extras;
  const blocked = offer ? undoBlockedReason(i18n, offer, core.counters.find((c) => c.id === offer.counterId)) : undefined;
  const activityOf = (counter: CounterState) => rowActivity(i18n, counter, { today, offer, blocked, reset, extras });
  const activeText = active ? `${active.name}, ${formatCounterValue(i18n, active.type, active.value).phrase}` : '';
  const listShown = visible.length > 0;

  return (
    <main className={`screen list-screen${offlineSince === undefined ? '' : ' stale'}`}>
      <h1 className="sr-only">{i18n.t('list.heading')}</h1>
      <header className="toolbar">
        <input
          ref={searchRef}
          className="search"
          type="search"
          placeholder={i18n.t('list.search')}
          aria-label={i18n.t('list.search')}
          aria-describedby="list-keys"
          // Only while the list exists: aria-controls must name an element on the page.
          aria-controls={listShown ? 'counter-list' : undefined}
          autoFocus
          spellCheck={false}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <button type="button" className="icon" aria-label={i18n.t('list.keys')} title={i18n.t('list.keysTitle')} aria-expanded={hintsOpen} aria-controls={hintsOpen ? 'key-hints' : undefined} onClick={() => setHintsOpen((open) => !open)}>
          <KeysIcon {...ICON} />
        </button>
        <button type="button" className="icon" aria-label={i18n.t('list.settings')} title={i18n.t('list.settings')} onClick={onSettings}>
          <SettingsIcon {...ICON} />
        </button>
      </header>
      <ConnectionBar
        connection={core.connection}
        demo={state.session.mode === 'demo'}
        {...(offlineSince === undefined ? {} : { offlineSince })}
        onReplaceToken={onReplaceToken}
        onRetry={() => void call(api, 'session:retryNow', {})}
      />
      <div className="list-scroll" ref={scrollRef}>
        {!listShown ? (
          <EmptyList api={api} state={state} query={query} onClearSearch={() => setQuery('')} />
        ) : (
          <ul
            id="counter-list"
            role="list"
            aria-label={i18n.t('list.heading')}
            className={`counters${virtual ? ' virtual' : ''}`}
            style={virtual ? { height: rows.totalHeight } : undefined}
          >
            {virtual
              ? visible.slice(rows.start, rows.end).map((counter, offset) => {
                  const index = rows.start + offset;
                  return (
                    <CounterRow key={counter.id} counter={counter} pinned={pinned.includes(counter.id)} active={index === activeIndex} offset={index * rowHeight} {...rowProps} {...activityOf(counter)} />
                  );
                })
              : visible.map((counter, index) => (
                  <CounterRow key={counter.id} counter={counter} pinned={pinned.includes(counter.id)} active={index === activeIndex} {...rowProps} {...activityOf(counter)} />
                ))}
          </ul>
        )}
      </div>
      <footer className="footer">
        {resetUndo.question && <ResetUndoQuestion question={resetUndo.question} onAnswer={(choice) => void resetUndo.answer(choice)} />}
        <p className="notice" role="status">
          {notice}
        </p>
        {hintsOpen && <KeyHints isMac={state.platform === 'darwin'} />}
      </footer>
      <p id="list-keys" className="sr-only">
        {i18n.t('list.keysDescription')}
      </p>
      <p className="sr-only" aria-live="polite">
        {activeText}
      </p>
    </main>
  );
}
