import { useEffect, useRef } from 'react';
import { useI18n } from '../i18n/I18n';

interface Props {
  question: string;
  detail?: string;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  danger?: boolean;
}

/** Inline: a native dialog would take the popup from the tray. Focus starts on the safe choice. */
export function ConfirmBar({ question, detail, confirmLabel, cancelLabel, onConfirm, onCancel, danger = false }: Props) {
  const i18n = useI18n();
  const safe = useRef<HTMLButtonElement>(null);
  useEffect(() => safe.current?.focus(), []);
  return (
    <div className="callout confirm" role="alertdialog" aria-label={question} aria-describedby="confirm-question">
      <p id="confirm-question">
        {question}
        {detail && <span className="confirm-detail"> {detail}</span>}
      </p>
      <div className="row-actions">
        <button ref={safe} type="button" className="secondary" onClick={onCancel}>
          {cancelLabel ?? i18n.t('common.cancel')}
        </button>
        <button type="button" className={danger ? 'primary danger' : 'primary'} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </div>
  );
}
