import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useI18n } from '../i18n/I18n';
import { ICON, KeepIcon } from './icons';

/** `disabled`: shown, with its reason. */
export interface MenuItem {
  id: string;
  label: string;
  checked?: boolean;
  disabled?: string | undefined;
  group?: boolean;
  run: () => void;
}

/** Below an element's bottom-right corner, or at a pointer position. */
export type MenuAt = DOMRect | { x: number; y: number };

interface Props {
  label: string;
  items: MenuItem[];
  anchor: MenuAt;
  onClose: (restoreFocus: boolean) => void;
}

const GAP = 4;

/** The WAI-ARIA menu pattern, kept inside the window. */
export function RowMenu({ label, items, anchor, onClose }: Props) {
  const i18n = useI18n();
  const menuRef = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ left: number; top: number } | null>(null);

  useLayoutEffect(() => {
    const menu = menuRef.current;
    if (!menu) return;
    const { innerWidth, innerHeight } = window;
    const width = menu.offsetWidth;
    const height = menu.offsetHeight;
    const right = 'right' in anchor ? anchor.right : anchor.x + width;
    const below = 'bottom' in anchor ? anchor.bottom + GAP : anchor.y;
    const above = 'top' in anchor ? anchor.top - GAP - height : anchor.y - height;
    const top = below + height <= innerHeight || above < 0 ? below : above;
    setPlace({ left: Math.max(GAP, Math.min(right - width, innerWidth - width - GAP)), top: Math.max(GAP, Math.min(top, innerHeight - height - GAP)) });
  }, [anchor]);

  const placed = place !== null;
  useEffect(() => {
    if (placed) menuRef.current?.querySelector<HTMLElement>('[role^="menuitem"]:not([aria-disabled="true"])')?.focus();
  }, [placed, anchor]);

  useEffect(() => {
    const outside = (event: PointerEvent) => {
      if (!menuRef.current?.contains(event.target as Node)) onClose(false);
    };
    const away = () => onClose(false);
    document.addEventListener('pointerdown', outside, true);
    window.addEventListener('blur', away);
    window.addEventListener('resize', away);
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      window.removeEventListener('blur', away);
      window.removeEventListener('resize', away);
    };
  }, [onClose]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const entries = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const go = (index: number) => entries[(index + entries.length) % entries.length]?.focus();
    // Not the list's document-level keys.
    event.stopPropagation();
    switch (event.key) {
      case 'ArrowDown':
        go(at + 1);
        break;
      case 'ArrowUp':
        go(at - 1);
        break;
      case 'Home':
        go(0);
        break;
      case 'End':
        go(entries.length - 1);
        break;
      case 'Escape':
      case 'Tab':
        onClose(true);
        break;
      case 'Enter':
      case ' ':
        return; // the item's own click chooses it
      default: {
        if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
        const letter = event.key.toLocaleLowerCase(i18n.locale.formats);
        const order = [...entries.slice(at + 1), ...entries.slice(0, at + 1)];
        order.find((entry) => entry.textContent?.trim().toLocaleLowerCase(i18n.locale.formats).startsWith(letter))?.focus();
      }
    }
    event.preventDefault();
  }

  return (
    <div
      ref={menuRef}
      id="row-menu"
      role="menu"
      aria-label={label}
      className="row-menu"
      style={place ? { left: place.left, top: place.top } : { visibility: 'hidden', left: 0, top: 0 }}
      onKeyDown={onKeyDown}
    >
      {items.map((item) => [
        item.group && <div key={`${item.id}-group`} role="separator" className="row-menu-separator" />,
        <button
          key={item.id}
          type="button"
          role={item.checked === undefined ? 'menuitem' : 'menuitemcheckbox'}
          aria-checked={item.checked}
          aria-disabled={item.disabled ? true : undefined}
          aria-description={item.disabled}
          title={item.disabled}
          tabIndex={-1}
          className="row-menu-item"
          data-item={item.id}
          onClick={() => {
            if (item.disabled) return;
            item.run();
          }}
        >
          <span className="row-menu-check">{item.checked && <KeepIcon {...ICON} size={14} />}</span>
          {item.label}
        </button>,
      ])}
    </div>
  );
}
