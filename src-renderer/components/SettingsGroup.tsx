import { useId, type ReactNode } from 'react';
import { ExpandIcon, ICON } from './icons';

interface Props {
  title: string;
  children: ReactNode;
  className?: string;
  /** A group that folds: whether it is open. */
  open?: boolean;
  headingId?: string;
}

export function SettingsGroup({ title, children, className, open, headingId }: Props) {
  const ownId = useId();
  const id = headingId ?? ownId;
  const classes = ['group', className].filter(Boolean).join(' ');
  const heading = (
    <h2 id={id} className="subtitle">
      {title}
    </h2>
  );
  if (open === undefined) {
    return (
      <section className={classes} aria-labelledby={id}>
        {heading}
        <div className="group-body">{children}</div>
      </section>
    );
  }
  return (
    <section className={classes} aria-labelledby={id}>
      <details className="group-fold" open={open}>
        <summary className="group-summary">
          {heading}
          <ExpandIcon {...ICON} size={14} className="group-chevron" />
        </summary>
        <div className="group-body">{children}</div>
      </details>
    </section>
  );
}
