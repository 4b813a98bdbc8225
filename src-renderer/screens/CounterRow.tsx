import { memo } from 'react';
import { isDismissableFlag } from '../../src-shared/domain/counter-flags';
import type { CounterState, Direction } from '../../src-shared/domain/snapshot';
import type { UndoOffer } from '../../src-shared/domain/activity';
import { DetailButton } from '../components/DetailButton';
import { UndoChip } from '../components/UndoChip';
import { todayText } from '../format/activity';
import { formatCounterValue } from '../format/days';

const ERROR_BADGE: Record<NonNullable<CounterState['error']>['kind'], string> = {
  unconfirmed: 'could not confirm',
  gone: 'no longer shared with you',
  rejected: 'refused',
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
  /** Today's net change from the activity record (issue 15); primitives, so memo still skips. */
  today?: number | undefined;
  /** The undo offer, passed only to the row it is about. */
  undo?: UndoOffer | undefined;
  onUndo: (id: string) => void;
  onDetail: (id: string) => void;
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
  const refusedBecause = counter.refused[direction];
  const gone = counter.error?.kind === 'gone';
  const label = `${direction === 'increment' ? 'Increase' : 'Decrease'} ${counter.name}`;
  // aria-disabled, not disabled: a disabled button gets no hover, and the tooltip is the point.
  const blocked = refusedBecause !== undefined || gone;
  return (
    <button
      type="button"
      className="step"
      aria-label={label}
      aria-disabled={blocked || undefined}
      title={refusedBecause ?? (gone ? 'No longer shared with you' : label)}
      tabIndex={tabIndex}
      onClick={() => {
        if (!blocked) onStep(counter.id, direction);
      }}
    >
      {direction === 'increment' ? '+' : '−'}
    </button>
  );
}

export const CounterRow = memo(function CounterRow({ counter, pinned, active, onStep, onTogglePin, onEdit, onActivate, onDismissError, today, undo, onUndo, onDetail, offset }: Props) {
  const value = formatCounterValue(counter.type, counter.value);
  const todayLine = counter.type === 'UpDown' ? todayText(today) : null;
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
        <span className="counter-name">{counter.name}</span>
        {counter.error ? (
          <span className={`badge badge-${counter.error.kind}`} title={counter.error.message}>
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
        ) : undo || todayLine ? (
          // Under the name, not in the value's cell: a longer text there would move the row's layout.
          <span className="counter-sub activity-line">
            {todayLine && <span data-testid="today">{todayLine}</span>}
            {undo && <UndoChip offer={undo} onUndo={onUndo} tabIndex={tabIndex} />}
          </span>
        ) : (
          sub && <span className="counter-sub">{sub}</span>
        )}
      </div>
      <div className="counter-value" title={value.phrase}>
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
      <DetailButton name={counter.name} tabIndex={tabIndex} onClick={() => onDetail(counter.id)} />
      <button type="button" className="edit" aria-label={`Edit ${counter.name}`} title="Edit" tabIndex={tabIndex} onClick={() => onEdit(counter.id)}>
        ⋯
      </button>
    </li>
  );
});
