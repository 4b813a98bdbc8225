import { memo } from 'react';
import { useI18n } from '../i18n/I18n';
import type { MenuAnchor } from '../screens/CounterRow';
import { CollapseIcon, ExpandIcon, ICON, MoreIcon } from './icons';

interface Props {
  /** null: "Ungrouped" (no actions, no fold). */
  id: string | null;
  name: string | null;
  folded: boolean;
  count: number;
  onFold: (id: string, folded: boolean) => void;
  onMenu: (id: string, anchor: MenuAnchor) => void;
  onDropCounter: (groupId: string | null, counterId: string) => void;
}

export const GroupHeader = memo(function GroupHeader({ id, name, folded, count, onFold, onMenu, onDropCounter }: Props) {
  const i18n = useI18n();
  const shown = name ?? i18n.t('group.ungrouped');
  const countText = i18n.t('group.count', { count });
  return (
    <li
      className={`group-header${id === null ? ' ungrouped' : ''}`}
      data-group-id={id ?? ''}
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault();
        const counterId = event.dataTransfer.getData('application/x-counter-id');
        if (counterId) onDropCounter(id, counterId);
      }}
    >
      {id === null ? (
        <span className="group-title">
          <span className="group-name">{shown}</span> <span className="group-count">{countText}</span>
        </span>
      ) : (
        <>
          <button type="button" className="group-title" aria-expanded={!folded} onClick={() => onFold(id, !folded)} title={shown}>
            {folded ? <ExpandIcon {...ICON} size={14} /> : <CollapseIcon {...ICON} size={14} />}
            <span className="group-name">{shown}</span> <span className="group-count">{countText}</span>
          </button>
          <button type="button" className="group-more" aria-label={i18n.t('group.actions', { name: shown })} aria-haspopup="menu" onClick={(event) => onMenu(id, { element: event.currentTarget })}>
            <MoreIcon {...ICON} />
          </button>
        </>
      )}
    </li>
  );
});
