import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { CoreSnapshot, CounterState, Direction } from '../../src-shared/domain/snapshot';
import type { AppState, CounterTrayApi } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';
import { usePushNotices } from '../components/usePushNotices';
import { useRowMenu } from '../components/useRowMenu';
import { useListWindow } from '../components/useListWindow';
import { useUndo } from '../components/useUndo';
import { useRowActions } from '../components/useRowActions';
import { useI18n } from '../i18n/I18n';
import { ResetUndoQuestion, useResetUndo } from '../components/useResetUndo';
import { secondLineAsker } from '../format/rowLines';
import { stepInOrder } from '../../src-shared/domain/arrange';
import { useArrangement } from '../components/useArrangement';
import { GroupHeader } from '../components/GroupHeader';
import { useOrganise } from '../components/useOrganise';
import { ListToolbar } from '../components/ListToolbar';
import { formatCounterValue } from '../../src-shared/i18n/counter-value';
import { undoBlockedReason } from '../format/refusal';
import { GuardedRow } from './CounterRow';
import { loadUndoChip } from './RowSubLine';
import { useListKeys } from './useListKeys';

const KeyHints = lazy(() => import('../components/KeyHints').then((module) => ({ default: module.KeyHints })));
const UpdateLine = lazy(() => import('../components/UpdateLine').then((module) => ({ default: module.UpdateLine })));
const EmptyList = lazy(() => import('../components/EmptyList').then((module) => ({ default: module.EmptyList })));

const NOTICE_MS = 5_000;

/** A footer message that goes by itself. */
function useTransientNotice(): [string | null, (message: string | null) => void] {
  const [notice, setNotice] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const say = useCallback((message: string | null) => {
    clearTimeout(timer.current);
    setNotice(message);
    if (message) timer.current = setTimeout(() => setNotice(null), NOTICE_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [notice, say];
}

interface Props {
  api: CounterTrayApi;
  state: AppState;
  core: CoreSnapshot;
  focusRequest: { id: string; at: number } | null;
  activeId: string | null;
  onActiveChange: (id: string | null) => void;
  /** Last-known counters, saved at this time. */
  offlineSince?: number | undefined;
  onEdit: (id: string) => void;
  onDetail: (id: string) => void;
  onSettings: () => void;
}

export function CounterList({ api, state, core, focusRequest, activeId, onActiveChange: setActiveId, offlineSince, onEdit, onDetail, onSettings }: Props) {
  const i18n = useI18n();
  const [query, setQueryRaw] = useState('');
  const [notice, say] = useTransientNotice();
  const [hintsOpen, setHintsOpen] = useState(false);
  // Drawn for the keyboard only.
  const [selectionShown, setSelectionShown] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const { settings, organise: organisation } = state;
  const { pinned } = settings;
  const [showHidden, setShowHidden] = useState(false);
  // Made on first use: only the name sort compares, and a fresh renderer's first Collator costs milliseconds.
  const compareNames = useMemo(() => {
    let collator: Intl.Collator | undefined;
    return (a: string, b: string) => (collator ??= new Intl.Collator(i18n.locale.formats, { sensitivity: 'base', numeric: true })).compare(a, b);
  }, [i18n.locale.formats]);

  const arranged = useArrangement({ counters: core.counters, organisation, pinned, query, showHidden, compareNames });
  const { counters: visible, items } = arranged;
  // A push keeps rows in place: the last index is tried before a scan.
  const lastActiveIndex = useRef(0);
  const activeIndex = activeId === null ? 0 : visible[lastActiveIndex.current]?.id === activeId ? lastActiveIndex.current : Math.max(0, visible.findIndex((c) => c.id === activeId));
  lastActiveIndex.current = activeIndex;
  const active = visible[activeIndex];

  const today = state.activity.today;
  const offer = state.activity.undo ?? undefined;
  const reset = state.resetUndo ?? undefined;
  const extras = state.extras;
  const clicksWait = core.connection.status !== 'live' || core.outbox.held !== undefined;
  // "Add…" is open on this counter's row (its second line says how, or what is wrong).
  const [amountFor, setAmountFor] = useState<string | null>(null);
  const lineContext = useMemo(() => ({ today, offer, reset, extras, clicksWait, amountFor }), [today, offer, reset, extras, clicksWait, amountFor]);
  const twoLines = useMemo(() => secondLineAsker(lineContext), [lineContext]);
  const list = useListWindow(scrollRef, items, lineContext);
  const { scrollToKey } = list;
  const scrollToRow = useCallback((index: number, id: string) => scrollToKey(id, index), [scrollToKey]);

  const setQuery = useCallback(
    (next: string | ((current: string) => string)) => {
      setQueryRaw(next);
      setActiveId(null);
    },
    [setActiveId],
  );

  useEffect(() => void loadUndoChip(), []);

  useEffect(() => {
    if (!focusRequest) return;
    setQueryRaw('');
    setActiveId(focusRequest.id);
    searchRef.current?.focus();
  }, [focusRequest, setActiveId]);

  usePushNotices(core.counters, say);

  const { step, dismissError, resolveUnconfirmed, togglePin, toggleMute } = useRowActions(api, core.counters, settings, say);
  const undo = useUndo(api, state.activity.undo, core.counters, say);
  const resetUndo = useResetUndo(api, state.resetUndo, say);

  const offline = offlineSince !== undefined;
  const edit = useCallback((id: string) => (offline ? say(i18n.t('list.offlineEdit')) : onEdit(id)), [offline, onEdit, say, i18n]);
  const detail = useCallback((id: string) => (offline ? say(i18n.t('list.offlineActivity')) : onDetail(id)), [offline, onDetail, say, i18n]);
  const openAmount = useCallback(
    (id: string) => {
      const counter = core.counters.find((c) => c.id === id);
      if (counter?.type === 'UpDown') setAmountFor(id);
      else if (counter) say(i18n.t('list.countsDays', { name: counter.name }));
    },
    [core.counters, say, i18n],
  );
  const closeAmount = useCallback((id: string, restoreFocus: boolean) => {
    flushSync(() => setAmountFor((open) => (open === id ? null : open)));
    if (restoreFocus) document.getElementById(`counter-${id}`)?.querySelector<HTMLElement>('.steppers > .step:nth-child(2)')?.focus();
  }, []);
  const addAmount = useCallback((id: string, direction: Direction, amount: number) => void step(id, direction, true, amount), [step]);
  const organise = useOrganise(api, organisation, core.counters, say);
  const { place, fold, openMove, openGroupMenu, toggleHidden } = organise;
  const rowMenu = useRowMenu(core.counters, settings, { togglePin, toggleMute, detail, edit, say, addAmount: openAmount, ...(organisation ? { moveToGroup: openMove, toggleHidden } : {}) }, organisation?.hidden);
  const manual = (organisation?.sort ?? 'manual') === 'manual' && query === '';
  const moveActive = (delta: -1 | 1) => {
    if (!active || !organisation) return;
    if (!manual) return say(i18n.t('move.needsManual'));
    const to = stepInOrder(arranged, pinned, active.id, delta);
    if (to) void place(active.id, to.group, to.before);
  };
  const dropOnRow = useCallback(
    (targetId: string, draggedId: string) => {
      const group = organisation?.groups.find((g) => g.counters.includes(targetId))?.id ?? null;
      void place(draggedId, group, targetId);
    },
    [organisation, place],
  );
  const dropOnHeader = useCallback((groupId: string | null, counterId: string) => void place(counterId, groupId, null), [place]);
  const toggleHints = useCallback(() => setHintsOpen((open) => !open), []);

  useListKeys({
    visible,
    activeIndex,
    query,
    searchRef,
    setQuery,
    clearQuery: () => setQueryRaw(''),
    setActiveId,
    showSelection: () => setSelectionShown(true),
    scrollToRow,
    step,
    detail,
    openAmount,
    openMenu: rowMenu.open,
    moveActive,
    escapeInside: () => {
      if (organise.escape()) return true;
      if (resetUndo.question) void resetUndo.answer('keep');
      else if (hintsOpen) setHintsOpen(false);
      else return false;
      return true;
    },
    toggleHints,
    hide: () => void call(api, 'window:hide', {}),
    say,
  });

  const rowProps = {
    onStep: step,
    onAmountAdd: addAmount,
    onAmountClose: closeAmount,
    onActivate: setActiveId,
    onMenu: rowMenu.open,
    onDismissError: dismissError,
    onResolveUnconfirmed: resolveUnconfirmed,
    onUndo: undo,
    onUndoReset: resetUndo.undoReset,
    isMac: state.platform === 'darwin',
    clicksWait,
  };
  const blocked = offer ? undoBlockedReason(i18n, offer, core.counters.find((c) => c.id === offer.counterId)) : undefined;
  const hiddenTag = i18n.t('row.hiddenTag');
  const rowOf = (counter: CounterState, hidden = false, groupName: string | null = null) => (
    <GuardedRow
      key={counter.id}
      counter={counter}
      tag={[hidden ? hiddenTag : '', groupName ? i18n.t('row.inGroup', { group: groupName }) : ''].filter(Boolean).join(' · ') || undefined}
      draggable={manual && organisation !== undefined && !pinned.includes(counter.id)}
      onDropCounter={manual && organisation !== undefined ? dropOnRow : undefined}
      pinned={pinned.includes(counter.id)}
      active={counter === active}
      selected={selectionShown && counter === active}
      twoLine={twoLines(counter)}
      menuOpen={rowMenu.openId === counter.id}
      step={settings.steps[counter.id] ?? 1}
      amountOpen={amountFor === counter.id}
      {...rowProps}
      activity={{ today, offer, blocked, reset, extras }}
    />
  );
  const activeText = active ? `${active.name}, ${formatCounterValue(i18n, active.type, active.value).phrase}` : '';
  const listShown = items.length > 0;
  const itemOf = (item: (typeof items)[number]) =>
    item.kind === 'header' ? <GroupHeader key={item.key} {...item.header} onFold={fold} onMenu={openGroupMenu} onDropCounter={dropOnHeader} /> : rowOf(item.counter, item.hidden, item.groupName);
  const stale = offline || core.connection.status === 'offline' || core.connection.status === 'unauthorized';

  return (
    <main className={`screen list-screen${stale ? ' stale' : ''}`} onPointerDown={() => setSelectionShown(false)}>
      <h1 className="sr-only">{i18n.t('list.heading')}</h1>
      <ListToolbar
        api={api}
        keepOpen={state.keepOpen === true}
        searchRef={searchRef}
        query={query}
        onQuery={setQuery}
        listShown={listShown}
        onOrganise={state.organise ? organise.openOrganiseMenu : undefined}
        hintsOpen={hintsOpen}
        onToggleHints={toggleHints}
        onSettings={onSettings}
      />
      {state.updates?.status.kind === 'ready' && (
        <Suspense fallback={null}>
          <UpdateLine api={api} updates={state.updates} say={say} />
        </Suspense>
      )}
      <div className="list-scroll" ref={scrollRef}>
        {!listShown ? (
          <Suspense fallback={null}>
            <EmptyList api={api} state={state} query={query} onClearSearch={() => setQuery('')} />
          </Suspense>
        ) : (
          <ul
            id="counter-list"
            role="list"
            aria-label={i18n.t('list.heading')}
            className="counters virtual"
            style={list.style}
          >
            {list.shown.map(itemOf)}
          </ul>
        )}
        {arranged.hiddenCount > 0 && (
          <p className="hidden-line">
            <span>{i18n.t('list.hiddenCount', { count: arranged.hiddenCount })}</span>
            <button type="button" className="link" aria-pressed={showHidden} onClick={() => setShowHidden((shown) => !shown)}>
              {i18n.t(showHidden ? 'list.hideHidden' : 'list.showHidden')}
            </button>
          </p>
        )}
      </div>
      {rowMenu.menu}
      {organise.menus}
      <div className="footer">
        {organise.footer}
        {resetUndo.question && <ResetUndoQuestion question={resetUndo.question} onAnswer={(choice) => void resetUndo.answer(choice)} />}
        <p className="notice" role="status">
          {notice}
        </p>
        {hintsOpen && (
          <Suspense fallback={null}>
            <KeyHints isMac={state.platform === 'darwin'} />
          </Suspense>
        )}
      </div>
      <p id="list-keys" className="sr-only">
        {i18n.t('list.keysDescription')}
      </p>
      <p className="sr-only" aria-live="polite">
        {activeText}
      </p>
    </main>
  );
}
