import { useId, useState, type KeyboardEvent } from 'react';
import { acceleratorFromKeyPress, displayAccelerator } from '../format/accelerator';

interface Props {
  label: string;
  value: string | null | undefined;
  isMac: boolean;
  /** Who else uses this accelerator, if anyone. */
  conflictOf: (accelerator: string) => string | null;
  /** Why the OS refused to register the current value, if it did. */
  failure?: string;
  onChange: (accelerator: string | null) => void;
}

/** Press "Record", then the keys: captures an Electron accelerator; Esc cancels, Backspace clears. */
export function ShortcutRecorder({ label, value, isMac, conflictOf, failure, onChange }: Props) {
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
      setHint(`Add ${isMac ? '⌘, ⌥ or ⌃' : 'Ctrl or Alt'} to ${outcome.key}: without one the key would be taken from every app.`);
      return;
    }
    const conflict = conflictOf(outcome.accelerator);
    if (conflict) {
      setHint(`${displayAccelerator(outcome.accelerator, isMac)} is already used by ${conflict}. Try another.`);
      return;
    }
    setRecording(false);
    setHint(null);
    onChange(outcome.accelerator);
  }

  const problem = hint ?? (failure ? `Could not register ${displayAccelerator(value ?? '', isMac)}: ${failure}` : null);
  return (
    <div className="shortcut" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="shortcut-label">
        {label}
      </span>
      <span className="shortcut-value">{value ? <kbd>{displayAccelerator(value, isMac)}</kbd> : <span className="muted">None</span>}</span>
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
        {recording ? 'Press keys…' : 'Record'}
      </button>
      {value && !recording && (
        <button type="button" className="quiet" aria-label={`Clear ${label} shortcut`} onClick={() => onChange(null)}>
          Clear
        </button>
      )}
      {problem && (
        <p id={`${id}-problem`} className="error-text shortcut-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
