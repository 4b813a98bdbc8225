// src-renderer/README.md, "Keys on the list".
import { useEffect, useRef, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import type { CounterState, Direction } from '../../src-shared/domain/snapshot';
import { useDocumentKeydown } from '../components/useDocumentKeydown';
import { useI18n } from '../i18n/I18n';
import type { MenuAnchor } from './CounterRow';

/** The steppers share a class: by position. */
function sameButtonIn(button: HTMLElement): string {
  if (button.classList.contains('step')) return `.steppers > .step:nth-child(${button.previousElementSibling ? 2 : 1})`;
  return '.row-more';
}

interface ListKeys {
  visible: readonly CounterState[];
  activeIndex: number;
  query: string;
  searchRef: RefObject<HTMLInputElement | null>;
  setQuery: (next: (current: string) => string) => void;
  clearQuery: () => void;
  setActiveId: (id: string) => void;
  showSelection: () => void;
  scrollToRow: (index: number, id: string) => void;
  step: (id: string, direction: Direction, fromKeyboard?: boolean) => Promise<void>;
  detail: (id: string) => void;
  openAmount: (id: string) => void;
  openMenu: (id: string, anchor: MenuAnchor) => void;
  /** True when something open took Esc. */
  escapeInside: () => boolean;
  toggleHints: () => void;
  hide: () => void;
  say: (message: string | null) => void;
  moveActive: (delta: -1 | 1) => void;
}

export function useListKeys({ visible, activeIndex, query, searchRef, setQuery, clearQuery, setActiveId, showSelection, scrollToRow, step, detail, openAmount, openMenu, escapeInside, toggleHints, hide, say, moveActive }: ListKeys): void {
  const i18n = useI18n();
  const focusFollows = useRef<string | null>(null);
  /** Focus that fell back to ⋯, and the button it stands in for. */
  const fellBackTo = useRef<HTMLElement | null>(null);
  const fellBackFrom = useRef<string>('.row-more');
  const active = visible[activeIndex];
  const activeKey = active?.id;

  useEffect(() => {
    if (activeKey === undefined) return;
    scrollToRow(activeIndex, activeKey);
    const follow = focusFollows.current;
    focusFollows.current = null;
    if (follow) {
      const row = document.getElementById(`counter-${activeKey}`);
      const same = row?.querySelector<HTMLElement>(follow);
      // A day counter has no steppers: its ⋯ instead.
      const target = same ?? row?.querySelector<HTMLElement>('.row-more');
      fellBackTo.current = same ? null : (target ?? null);
      fellBackFrom.current = follow;
      target?.focus();
    }
  }, [activeKey, activeIndex, scrollToRow]);

  function move(delta: number, from: HTMLElement) {
    const next = visible[Math.min(visible.length - 1, Math.max(0, activeIndex + delta))];
    if (!next) return;
    showSelection();
    const wanted = from === fellBackTo.current ? fellBackFrom.current : sameButtonIn(from);
    focusFollows.current = from.closest('.counter') && next.id !== activeKey ? wanted : null;
    setActiveId(next.id);
  }

  function actOnActive(direction: Direction) {
    if (!active) return;
    if (active.type !== 'UpDown') return say(i18n.t('list.countsDays', { name: active.name }));
    void step(active.id, direction, true);
  }

  function menuOfActive() {
    if (!active) return;
    showSelection();
    const moreOf = (id: string) => document.getElementById(`counter-${id}`)?.querySelector<HTMLElement>('.row-more');
    // Out of the window it is not drawn: back in now, so the menu opens beside it.
    if (!moreOf(active.id)) flushSync(() => scrollToRow(activeIndex, active.id));
    const more = moreOf(active.id);
    if (more) openMenu(active.id, { element: more });
  }

  useDocumentKeydown((event) => {
    if (event.ctrlKey || event.metaKey || event.defaultPrevented || event.isComposing) return;
    const target = event.target as HTMLElement;
    const inSearch = target === searchRef.current;
    const isStep = event.key === '+' || event.key === '=' || event.key === '-';
    if (event.altKey && !event.shiftKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      if (active) moveActive(event.key === 'ArrowUp' ? -1 : 1);
      event.preventDefault();
      return;
    }
    if (event.altKey && !isStep) return;
    // "check-ins" or "c++" is a search, never a change.
    if (isStep && query !== '' && !event.altKey) {
      if (inSearch) return;
      searchRef.current?.focus();
      setQuery((current) => current + event.key);
      event.preventDefault();
      return;
    }
    // Shift+Enter types no character, so it never clashes with the search.
    if (event.key === 'Enter' && event.shiftKey) {
      if (active) openAmount(active.id);
      event.preventDefault();
      return;
    }
    if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
      menuOfActive();
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
        detail(active.id);
        break;
      case 'Escape':
        if (escapeInside()) break;
        if (query) clearQuery();
        else hide();
        break;
      case '?':
        if (query === '') toggleHints();
        else if (inSearch) return;
        else {
          searchRef.current?.focus();
          setQuery((current) => current + event.key);
        }
        break;
      default:
        if (inSearch || event.key.length !== 1 || event.key === ' ') return;
        searchRef.current?.focus();
        setQuery((current) => current + event.key);
    }
    event.preventDefault();
  });
}
