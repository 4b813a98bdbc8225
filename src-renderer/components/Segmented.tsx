import { useId } from 'react';

export interface Segment<T extends string> {
  value: T;
  label: string;
  /** The label's own language (a language's name in that language). */
  lang?: string;
}

interface Props<T extends string> {
  /** The words beside it; or, without them, the id of what names it (its group's heading). */
  label: string | { labelledBy: string };
  segments: readonly Segment<T>[];
  value: T;
  onChange: (value: T) => void;
  /** Words about the current choice, under the control. */
  hint?: string;
}

/**
 * Two or three choices side by side (macOS segmented control, Windows 11 selector bar): a radio
 * group of native radios, so the arrow keys move the choice and each segment is one target.
 * Wraps under its label when the words do not fit beside it (German, 200 % zoom).
 */
export function Segmented<T extends string>({ label, segments, value, onChange, hint }: Props<T>) {
  const id = useId();
  const labelledBy = typeof label === 'string' ? `${id}-label` : label.labelledBy;
  return (
    <div className="setting segmented-row" role="radiogroup" aria-labelledby={labelledBy} aria-describedby={hint ? `${id}-hint` : undefined}>
      {typeof label === 'string' && (
        <span id={`${id}-label`} className="setting-label">
          {label}
        </span>
      )}
      <span className="segmented">
        {segments.map((segment) => (
          <label key={segment.value} className={segment.value === value ? 'segment selected' : 'segment'}>
            <input type="radio" name={id} value={segment.value} checked={segment.value === value} onChange={() => onChange(segment.value)} />
            <span lang={segment.lang}>{segment.label}</span>
          </label>
        ))}
      </span>
      {hint && (
        <span id={`${id}-hint`} className="setting-detail segmented-hint">
          {hint}
        </span>
      )}
    </div>
  );
}
