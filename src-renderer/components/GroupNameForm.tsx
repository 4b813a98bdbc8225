import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useI18n } from '../i18n/I18n';

interface Props {
  title: string;
  initial: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<string | null>;
  onCancel: () => void;
}

export function GroupNameForm({ title, initial, submitLabel, onSubmit, onCancel }: Props) {
  const i18n = useI18n();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const problem = await onSubmit(name);
    setBusy(false);
    setError(problem);
    if (problem) input.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    // Not the list's document-level keys.
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  }

  return (
    <form className="callout group-form" aria-label={title} onSubmit={(e) => void submit(e)} onKeyDown={onKeyDown}>
      <p className="group-form-title">{title}</p>
      <div className="field">
        <label htmlFor={`${id}-name`}>{i18n.t('group.nameLabel')}</label>
        <input
          ref={input}
          id={`${id}-name`}
          autoFocus
          maxLength={120}
          spellCheck={false}
          value={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <p id={`${id}-error`} className="error-text" role="alert">
        {error}
      </p>
      <div className="row-actions">
        <button type="button" className="secondary" onClick={onCancel}>
          {i18n.t('common.cancel')}
        </button>
        <button type="submit" className="primary" aria-disabled={busy || undefined}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
