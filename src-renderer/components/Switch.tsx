import { useId, type ReactNode } from 'react';

interface Props {
  label: ReactNode;
  detail?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

export function Switch({ label, detail, checked, disabled = false, onChange }: Props) {
  const id = useId();
  return (
    <label className="setting switch-row" htmlFor={id}>
      <span className="setting-text">
        <span id={`${id}-label`}>{label}</span>
        {detail && (
          <span id={`${id}-detail`} className="setting-detail">
            {detail}
          </span>
        )}
      </span>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch"
        checked={checked}
        disabled={disabled}
        aria-labelledby={`${id}-label`}
        aria-describedby={detail ? `${id}-detail` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
    </label>
  );
}
