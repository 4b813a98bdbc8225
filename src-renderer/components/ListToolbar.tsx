import { memo, type RefObject } from 'react';
import type { CounterTrayApi } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';
import { useI18n } from '../i18n/I18n';
import type { MenuAnchor } from '../screens/CounterRow';
import { ICON, KeysIcon, MiniWindowIcon, OrganiseIcon, PinIcon, SearchIcon, SettingsIcon } from './icons';
import { useNarrow } from './useRowHeight';

interface Props {
  api: CounterTrayApi;
  /** The popup's pin: main keeps it open when it loses focus. */
  keepOpen: boolean;
  searchRef: RefObject<HTMLInputElement | null>;
  query: string;
  onQuery: (query: string) => void;
  listShown: boolean;
  onOrganise: ((anchor: MenuAnchor) => void) | undefined;
  hintsOpen: boolean;
  onToggleHints: () => void;
  onSettings: () => void;
}

export const ListToolbar = memo(function ListToolbar({ api, keepOpen, searchRef, query, onQuery, listShown, onOrganise, hintsOpen, onToggleHints, onSettings }: Props) {
  const i18n = useI18n();
  // At 180 CSS px no words fit: a magnifier instead.
  const narrow = useNarrow();
  return (
    <header className="toolbar">
      <div className="search-box">
        {narrow && <SearchIcon {...ICON} className="search-icon" />}
        <input
          ref={searchRef}
          className="search"
          type="search"
          placeholder={narrow ? undefined : i18n.t('list.search')}
          aria-label={i18n.t('list.search')}
          aria-describedby="list-keys"
          aria-controls={listShown ? 'counter-list' : undefined}
          autoFocus
          spellCheck={false}
          value={query}
          onChange={(e) => onQuery(e.target.value)}
        />
      </div>
      {onOrganise && (
        <button type="button" className="icon" aria-label={i18n.t('organise.button')} title={i18n.t('organise.button')} aria-haspopup="menu" onClick={(event) => onOrganise({ element: event.currentTarget })}>
          <OrganiseIcon {...ICON} />
        </button>
      )}
      <button type="button" className="icon" aria-label={i18n.t('list.keepOnTop')} title={i18n.t('list.keepOnTopTitle')} onClick={() => void call(api, 'window:mini', { open: true })}>
        <MiniWindowIcon {...ICON} />
      </button>
      <button type="button" className="icon keep-open" aria-label={i18n.t('list.keepOpen')} title={i18n.t('list.keepOpenTitle')} aria-pressed={keepOpen} onClick={() => void call(api, 'window:keepOpen', { keep: !keepOpen })}>
        <PinIcon {...ICON} />
      </button>
      <button type="button" className="icon" aria-label={i18n.t('list.keys')} title={i18n.t('list.keysTitle')} aria-expanded={hintsOpen} aria-controls={hintsOpen ? 'key-hints' : undefined} onClick={onToggleHints}>
        <KeysIcon {...ICON} />
      </button>
      <button type="button" className="icon" aria-label={i18n.t('list.settings')} title={i18n.t('list.settings')} onClick={onSettings}>
        <SettingsIcon {...ICON} />
      </button>
    </header>
  );
});
