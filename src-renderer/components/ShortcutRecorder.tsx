import { useId, useState, type KeyboardEvent } from 'react';
import { acceleratorFromKeyPress, displayAccelerator, keyLabel } from '../format/accelerator';
import { useI18n } from '../i18n/I18n';

interface Props {
  label: string;
  value: string | null | undefined;
  isMac: boolean;
  conflictOf: (accelerator: string) => string | null;
  /** Why the OS refused the current value. */
  failure?: string;
  note?: string;
  onChange: (accelerator: string | null) => void;
}

export function ShortcutRecorder({ label, value, isMac, conflictOf, failure, note, onChange }: Props) {
  const i18n = useI18n();
  const id = useId();
  const [recording, setRecording] = useState(false);
  const [hint, setHint] = useState<string | null>(null);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (!recording) return;
    event.preventDefault();
    event.stopPropagation();
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey && !event.shiftKey;
    if (plain && event.key === 'Escape') {
      setRecording(false);
      setHint(null);
      return;
    }
    if (plain && (event.key === 'Backspace' || event.key === 'Delete')) {
      setRecording(false);
      setHint(null);
      onChange(null);
      return;
    }
    const outcome = acceleratorFromKeyPress(event, isMac);
    if (outcome.kind === 'incomplete') return;
    if (outcome.kind === 'needsModifier') {
      const modifiers = (isMac ? ['Command', 'Alt', 'Control'] : ['Control', 'Alt']).map((part) => keyLabel(i18n, part, isMac));
      setHint(i18n.t('shortcut.needsModifier', { modifiers: i18n.orList(modifiers), key: keyLabel(i18n, outcome.key, isMac) }));
      return;
    }
    const conflict = conflictOf(outcome.accelerator);
    if (conflict) {
      setHint(i18n.t('shortcut.conflict', { keys: displayAccelerator(i18n, outcome.accelerator, isMac), other: conflict }));
      return;
    }
    setRecording(false);
    setHint(null);
    onChange(outcome.accelerator);
  }

  const problem = hint ?? (failure ? i18n.t('shortcut.failure', { keys: displayAccelerator(i18n, value ?? '', isMac), reason: failure }) : null);
  return (
    <div className="setting shortcut" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="shortcut-label">
        {label}
      </span>
      <span className="shortcut-value">{value ? <kbd>{displayAccelerator(i18n, value, isMac)}</kbd> : <span className="muted">{i18n.t('shortcut.none')}</span>}</span>
      <button
        type="button"
        className={recording ? 'secondary recording' : 'secondary'}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onClick={() => {
          setRecording((r) => !r);
          setHint(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setRecording(false)}
      >
        {recording ? i18n.t('shortcut.pressKeys') : i18n.t('shortcut.record')}
      </button>
      {value && !recording && (
        <button type="button" className="quiet" aria-label={i18n.t('shortcut.clearLabel', { label })} onClick={() => onChange(null)}>
          {i18n.t('shortcut.clear')}
        </button>
      )}
      {problem && (
        <p id={`${id}-problem`} className="error-text shortcut-problem" role="alert">
          {problem}
        </p>
      )}
      {note && <p className="setting-detail shortcut-problem">{note}</p>}
    </div>
  );
}
