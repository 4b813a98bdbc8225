import { memo } from 'react';
import { isDismissableFlag } from '../../src-shared/domain/counter-flags';
import type { CounterState, Direction } from '../../src-shared/domain/snapshot';
import { formatCounterValue } from '../format/days';
import { refusalReason } from '../format/refusal';

const ERROR_BADGE: Record<NonNullable<CounterState['error']>['kind'], string> = {
  unconfirmed: 'could not confirm',
  gone: 'no longer shared with you',
  rejected: 'refused',
};

/** Beyond this many characters a name would need a third line at the normal size. */
const LONG_NAME = 22;

/** The badge's hover text, in the user's words (the core's own message is detail for the log). */
const BADGE_HINT: Record<NonNullable<CounterState['error']>['kind'], string> = {
  unconfirmed: 'Counter Tray could not confirm that your last change reached the server.',
  gone: 'This counter is no longer shared with you.',
  rejected: 'The server refused your last change; it was undone.',
};

const dateFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

function dateLine(counter: CounterState): string | null {
  const date = counter.type === 'FromDate' ? counter.startDate : counter.type === 'ToDate' ? counter.endDate : undefined;
  if (!date) return null;
  return `${counter.type === 'FromDate' ? 'since' : 'until'} ${dateFormat.format(new Date(`${date}T00:00:00Z`))}`;
}

interface Props {
  counter: CounterState;
  pinned: boolean;
  active: boolean;
  onStep: (id: string, direction: Direction) => void;
  onTogglePin: (id: string) => void;
  onEdit: (id: string) => void;
  onActivate: (id: string) => void;
  onDismissError: (id: string) => void;
  /** Positioning when the list is virtualized. */
  offset?: number;
}

interface StepProps {
  counter: CounterState;
  direction: Direction;
  onStep: Props['onStep'];
  tabIndex: number;
}

function StepButton({ counter, direction, onStep, tabIndex }: StepProps) {
  const reason = refusalReason(counter, direction);
  const label = `${direction === 'increment' ? 'Increase' : 'Decrease'} ${counter.name}`;
  // aria-disabled, not disabled: a disabled button gets no hover or focus, and the reason is the point.
  // A click still reaches the list, which says why nothing happens (and sends nothing).
  return (
    <button
      type="button"
      className="step"
      aria-label={label}
      aria-disabled={reason !== undefined || undefined}
      aria-description={reason}
      data-reason={reason}
      title={reason ?? label}
      tabIndex={tabIndex}
      onClick={() => onStep(counter.id, direction)}
    >
      {direction === 'increment' ? '+' : '−'}
    </button>
  );
}

export const CounterRow = memo(function CounterRow({ counter, pinned, active, onStep, onTogglePin, onEdit, onActivate, onDismissError, offset }: Props) {
  const value = formatCounterValue(counter.type, counter.value);
  const sub = dateLine(counter);
  const isUpDown = counter.type === 'UpDown';
  // Roving tab stop: only the active row's buttons are in the Tab order, so Tab never walks 1000 rows.
  const tabIndex = active ? 0 : -1;
  return (
    <li
      id={`counter-${counter.id}`}
      className={`counter${active ? ' active' : ''}${isUpDown ? '' : ' dated'}`}
      data-counter-id={counter.id}
      aria-current={active || undefined}
      aria-label={`${counter.name}, ${value.phrase}${counter.pending ? ', not confirmed yet' : ''}${counter.error ? `, ${ERROR_BADGE[counter.error.kind]}` : ''}`}
      style={offset === undefined ? undefined : { transform: `translateY(${offset}px)` }}
      onPointerDown={() => onActivate(counter.id)}
      // Tab into a row's button makes it the current row: keys and highlight follow focus.
      onFocus={() => onActivate(counter.id)}
    >
      <button
        type="button"
        className={`pin${pinned ? ' pinned' : ''}`}
        aria-pressed={pinned}
        aria-label={`Pin ${counter.name}`}
        title={pinned ? 'Unpin' : 'Pin to the top'}
        tabIndex={tabIndex}
        onClick={() => onTogglePin(counter.id)}
      >
        {pinned ? '★' : '☆'}
      </button>
      <div className="counter-main">
        {/* Long names (up to 40 characters) get a smaller face so two lines hold them whole. */}
        <span className={`counter-name${counter.name.length > LONG_NAME ? ' long' : ''}`} title={counter.name}>
          {counter.name}
        </span>
        {counter.error ? (
          <span className={`badge badge-${counter.error.kind}`} title={BADGE_HINT[counter.error.kind]}>
            <span className="badge-text">{ERROR_BADGE[counter.error.kind]}</span>
            {isDismissableFlag(counter.error.kind) && (
              <button
                type="button"
                className="badge-dismiss"
                aria-label={`Dismiss “${ERROR_BADGE[counter.error.kind]}” on ${counter.name}`}
                title="Dismiss"
                tabIndex={tabIndex}
                onClick={() => onDismissError(counter.id)}
              >
                ×
              </button>
            )}
          </span>
        ) : (
          sub && <span className="counter-sub">{sub}</span>
        )}
      </div>
      <div className="counter-value" title={value.phrase}>
        {value.before && <span className="value-unit">{value.before}</span>}
        <span className="value-number" data-testid="value">
          {value.number}
        </span>
        {value.unit && <span className="value-unit">{value.unit}</span>}
        <span
          className={`pending-mark${counter.pending ? ' on' : ''}`}
          title={counter.pending ? 'Not confirmed by the server yet' : undefined}
          aria-hidden="true"
        />
      </div>
      {isUpDown && (
        <div className="steppers">
          <StepButton counter={counter} direction="decrement" onStep={onStep} tabIndex={tabIndex} />
          <StepButton counter={counter} direction="increment" onStep={onStep} tabIndex={tabIndex} />
        </div>
      )}
      <button type="button" className="edit" aria-label={`Edit ${counter.name}`} title="Edit" tabIndex={tabIndex} onClick={() => onEdit(counter.id)}>
        ⋯
      </button>
    </li>
  );
});
