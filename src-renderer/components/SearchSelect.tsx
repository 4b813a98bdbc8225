// The WAI-ARIA APG's editable combobox with list autocomplete, in the page's flow: the popup never clips it.
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { CollapseIcon, ICON } from './icons';

export interface Choice {
  value: string;
  label: string;
}

interface Props {
  label: string;
  choices: readonly Choice[];
  value: string;
  onChange: (value: string) => void;
  listLabel: string;
  noMatch: (query: string) => string;
}

const normal = (text: string) => text.toLowerCase().replace(/[_/,()-]+/g, ' ');

/** Every typed word in the label: "york new" finds America/New_York. */
function matching(choices: readonly Choice[], query: string): readonly Choice[] {
  const words = normal(query).split(' ').filter(Boolean);
  if (words.length === 0) return choices;
  return choices.filter((choice) => {
    const label = normal(choice.label);
    return words.every((word) => label.includes(word));
  });
}

export function SearchSelect({ label, choices, value, onChange, listLabel, noMatch }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const chosen = choices.find((choice) => choice.value === value);
  const shown = chosen?.label ?? value;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const matches = useMemo(() => matching(choices, query ?? ''), [choices, query]);

  const optionId = (index: number) => `${id}-option-${index}`;
  const reveal = (index: number) => {
    setActive(index);
    requestAnimationFrame(() => list.current?.querySelector(`[id="${optionId(index)}"]`)?.scrollIntoView({ block: 'nearest' }));
  };
  const openList = () => {
    setOpen(true);
    reveal(Math.max(0, matches.findIndex((choice) => choice.value === value)));
  };
  const close = () => {
    setOpen(false);
    setQuery(null);
    setActive(-1);
  };
  const pick = (choice: Choice | undefined) => {
    close();
    if (choice && choice.value !== value) onChange(choice.value);
  };

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = matches.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else if (!event.altKey) reveal(Math.min(active + 1, last));
        return;
      case 'ArrowUp':
        event.preventDefault();
        if (event.altKey) close();
        else if (!open) openList();
        else reveal(Math.max(active - 1, 0));
        return;
      case 'PageDown':
      case 'PageUp':
        if (!open) return;
        event.preventDefault();
        reveal(event.key === 'PageDown' ? Math.min(active + 8, last) : Math.max(active - 8, 0));
        return;
      case 'Enter':
        event.preventDefault();
        if (open) pick(matches[active]);
        else openList();
        return;
      case 'Escape':
        // Else the screen's Esc (back).
        if (!open && query === null) return;
        event.preventDefault();
        close();
        return;
      case 'Tab':
        close();
        return;
    }
  }

  return (
    <div className="setting search-select">
      <label className="setting-label" htmlFor={`${id}-input`}>
        {label}
      </label>
      <span className="search-select-field">
        <input
          ref={input}
          id={`${id}-input`}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          aria-activedescendant={open && active >= 0 && matches[active] ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          value={query ?? shown}
          onFocus={(event) => event.target.select()}
          onClick={() => (open ? undefined : openList())}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
        <button
          type="button"
          className="icon search-select-toggle"
          tabIndex={-1}
          aria-label={listLabel}
          aria-expanded={open}
          aria-controls={`${id}-list`}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            input.current?.focus();
            if (open) close();
            else openList();
          }}
        >
          <CollapseIcon {...ICON} />
        </button>
      </span>
      <ul ref={list} id={`${id}-list`} role="listbox" aria-label={listLabel} className="search-select-list" hidden={!open || matches.length === 0}>
        {open &&
          matches.map((choice, index) => (
            <li
              key={choice.value}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={choice.value === value ? 'current' : undefined}
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => index !== active && setActive(index)}
              onClick={() => pick(choice)}
            >
              {choice.label}
            </li>
          ))}
      </ul>
      <p className="setting-detail search-select-empty" aria-live="polite">
        {open && matches.length === 0 ? noMatch(query ?? '') : null}
      </p>
    </div>
  );
}
