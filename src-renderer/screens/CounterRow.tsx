import { memo } from 'react';
import { isDismissableFlag } from '../../src-shared/domain/counter-flags';
import type { CounterState, Direction, UnconfirmedChoice } from '../../src-shared/domain/snapshot';
import type { UndoOffer } from '../../src-shared/domain/activity';
import { DetailButton } from '../components/DetailButton';
import { UndoChip } from '../components/UndoChip';
import { todayText } from '../format/activity';
import { formatCounterValue } from '../format/days';
import { refusalReason } from '../format/refusal';

const ERROR_BADGE: Record<NonNullable<CounterState['error']>['kind'], string> = {
  unconfirmed: 'could not confirm',
  gone: 'no longer shared with you',
  rejected: 'refused',
  unreadable: 'could not be read',
};

/** Beyond this many characters a name would need a third line at the normal size. */
const LONG_NAME = 22;

/** The badge's hover text, in the user's words (the core's own message is detail for the log). */
const BADGE_HINT: Record<NonNullable<CounterState['error']>['kind'], string> = {
  unconfirmed: 'Counter Tray could not confirm that your last change reached the server.',
  gone: 'This counter is no longer shared with you.',
  rejected: 'The server refused your last change; it was undone.',
  unreadable: 'The server sent this counter in a form Counter Tray could not read; it shows what it knew last.',
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
  /** The answer to "could not confirm": send the lost change again, or keep the server's value. */
  onResolveUnconfirmed: (id: string, choice: UnconfirmedChoice) => void;
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

/** "+3" / "−2": the amount a lost change would add. */
const signed = (amount: number) => (amount > 0 ? `+${amount}` : `−${-amount}`);

interface ChoiceProps {
  counter: CounterState;
  amount: number;
  onResolve: Props['onResolveUnconfirmed'];
  tabIndex: number;
}

/**
 * Nothing is decided silently: the user sends the lost change again (↻) or keeps what the
 * server shows (✓). Symbols, with their words in title and aria-label: the row is one fixed-height line.
 */
function UnconfirmedChoiceButtons({ counter, amount, onResolve, tabIndex }: ChoiceProps) {
  return (
    <>
      <button
        type="button"
        className="badge-action"
        aria-label={`Send ${signed(amount)} to ${counter.name} again`}
        title={`Send ${signed(amount)} again`}
        tabIndex={tabIndex}
        onClick={() => onResolve(counter.id, 'resend')}
      >
        ↻
      </button>
      <button
        type="button"
        className="badge-action"
        aria-label={`Keep the server's value of ${counter.name}`}
        title={`Keep the server's value, ${counter.value}`}
        tabIndex={tabIndex}
        onClick={() => onResolve(counter.id, 'keep')}
      >
        ✓
      </button>
    </>
  );
}

export const CounterRow = memo(function CounterRow({ counter, pinned, active, onStep, onTogglePin, onEdit, onActivate, onDismissError, onResolveUnconfirmed, today, undo, onUndo, onDetail, offset }: Props) {
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
      aria-label={`${counter.name}, ${value.phrase}${counter.sendingSlowly ? ', still sending' : counter.pending ? ', not confirmed yet' : ''}${counter.error ? `, ${ERROR_BADGE[counter.error.kind]}` : ''}`}
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
            <span className="badge-text">
              {/* With its answers beside it the badge has little room: the short word, and the amount. */}
              {counter.error.amount === undefined ? ERROR_BADGE[counter.error.kind] : `${signed(counter.error.amount)} unconfirmed`}
            </span>
            {counter.error.kind === 'unconfirmed' && counter.error.amount !== undefined && (
              <UnconfirmedChoiceButtons counter={counter} amount={counter.error.amount} onResolve={onResolveUnconfirmed} tabIndex={tabIndex} />
            )}
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
        ) : counter.sendingSlowly ? (
          <span className="counter-sub sending-slowly" role="status">
            still sending…
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
      <DetailButton name={counter.name} tabIndex={tabIndex} onClick={() => onDetail(counter.id)} />
      <button type="button" className="edit" aria-label={`Edit ${counter.name}`} title="Edit" tabIndex={tabIndex} onClick={() => onEdit(counter.id)}>
        ⋯
      </button>
    </li>
  );
});
