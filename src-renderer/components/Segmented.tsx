import { useId } from 'react';

interface Segment<T extends string> {
  value: T;
  label: string;
  lang?: string;
}

interface Props<T extends string> {
  /** Or, without words, the id of what names it. */
  label: string | { labelledBy: string };
  segments: readonly Segment<T>[];
  value: T;
  onChange: (value: T) => void;
  hint?: string;
}

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
