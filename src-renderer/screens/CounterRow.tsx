import { memo, type ReactNode } from 'react';
import { isDismissableFlag, type CounterFlagKind } from '../../src-shared/domain/counter-flags';
import type { CounterState, Direction, UnconfirmedChoice } from '../../src-shared/domain/snapshot';
import type { UndoOffer } from '../../src-shared/domain/activity';
import type { ResetOffer } from '../../src-shared/domain/goals';
import { DetailButton } from '../components/DetailButton';
import { DismissIcon, ICON, KeepIcon, MilestoneIcon, MinusIcon, MoreIcon, PinIcon, PlusIcon, ResendIcon } from '../components/icons';
import { UndoChip } from '../components/UndoChip';
import { todayText } from '../format/activity';
import { dateLine } from '../format/days';
import { formatCounterValue } from '../../src-shared/i18n/counter-value';
import { refusalReason } from '../format/refusal';
import { useI18n } from '../i18n/I18n';
import type { PlainKey } from '../../src-shared/i18n/messages';


const ERROR_BADGE = {
  unconfirmed: 'badge.unconfirmed',
  gone: 'badge.gone',
  rejected: 'badge.rejected',
  unreadable: 'badge.unreadable',
} as const satisfies Record<CounterFlagKind, PlainKey>;

/** The badge's hover text, in the user's words (the core's own message is detail for the log). */
const BADGE_HINT = {
  unconfirmed: 'badgeHint.unconfirmed',
  gone: 'counter.gone',
  rejected: 'badgeHint.rejected',
  unreadable: 'badgeHint.unreadable',
} as const satisfies Record<CounterFlagKind, PlainKey>;

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
  /** Today's net change from the activity record; primitives, so memo still skips. */
  today?: number | undefined;
  /** The undo offer, passed only to the row it is about, with why it is blocked (app's words). */
  undo?: UndoOffer | undefined;
  undoBlocked?: string | undefined;
  onUndo: (id: string) => void;
  onDetail: (id: string) => void;
  /** This period's goal ("5 / 8 today"), how full (0–1) and whether reached; primitives, so memo still skips. */
  goalText?: string | undefined;
  goalFraction?: number | undefined;
  goalReached?: boolean | undefined;
  /** A day counter's next milestone ("100 days on Mar 5"). */
  milestone?: string | undefined;
  /** A reset or start again that can still be undone, passed only to its row. */
  reset?: ResetOffer | undefined;
  onUndoReset: (id: string) => void;
  /** Positioning when the list is virtualized. */
  offset?: number;
  /** macOS spells Ctrl+Z as ⌘+Z. */
  isMac: boolean;
}

interface StepProps {
  counter: CounterState;
  direction: Direction;
  onStep: Props['onStep'];
  tabIndex: number;
}

function StepButton({ counter, direction, onStep, tabIndex }: StepProps) {
  const i18n = useI18n();
  const reason = refusalReason(i18n, counter, direction);
  const label = direction === 'increment' ? i18n.t('row.increase', { name: counter.name }) : i18n.t('row.decrease', { name: counter.name });
  const Icon = direction === 'increment' ? PlusIcon : MinusIcon;
  // aria-disabled, not disabled: a disabled button gets no hover or focus, and the reason is the point.
  // A click still reaches the list, which says why nothing happens (and sends nothing).
  return (
    <button
      type="button"
      className="step"
      aria-label={label}
      aria-disabled={reason !== undefined || undefined}
      aria-description={reason}
      title={reason ?? label}
      tabIndex={tabIndex}
      onClick={() => onStep(counter.id, direction)}
    >
      <Icon {...ICON} />
    </button>
  );
}

interface ChoiceProps {
  counter: CounterState;
  amount: number;
  onResolve: Props['onResolveUnconfirmed'];
  tabIndex: number;
}

/** Nothing is decided silently: the user sends the lost change again or keeps what the server shows. */
function UnconfirmedChoiceButtons({ counter, amount, onResolve, tabIndex }: ChoiceProps) {
  const i18n = useI18n();
  const signedAmount = i18n.signed(amount);
  return (
    <>
      <button type="button" className="badge-action" aria-label={i18n.t('row.resend', { amount: signedAmount, name: counter.name })} title={i18n.t('row.resendTitle', { amount: signedAmount })} tabIndex={tabIndex} onClick={() => onResolve(counter.id, 'resend')}>
        <ResendIcon {...ICON} size={12} />
      </button>
      <button type="button" className="badge-action" aria-label={i18n.t('row.keep', { name: counter.name })} title={i18n.t('row.keepTitle', { value: i18n.number(counter.value) })} tabIndex={tabIndex} onClick={() => onResolve(counter.id, 'keep')}>
        <KeepIcon {...ICON} size={12} />
      </button>
    </>
  );
}

function Badge({ counter, onDismissError, onResolveUnconfirmed, tabIndex }: Pick<Props, 'counter' | 'onDismissError' | 'onResolveUnconfirmed'> & { tabIndex: number }) {
  const i18n = useI18n();
  const error = counter.error;
  if (!error) return null;
  const flag = i18n.t(ERROR_BADGE[error.kind]);
  return (
    <span className={`badge badge-${error.kind}`} title={i18n.t(BADGE_HINT[error.kind])}>
      <span className="badge-text">{error.amount === undefined ? flag : i18n.t('row.unconfirmedAmount', { amount: i18n.signed(error.amount) })}</span>
      {error.kind === 'unconfirmed' && error.amount !== undefined && <UnconfirmedChoiceButtons counter={counter} amount={error.amount} onResolve={onResolveUnconfirmed} tabIndex={tabIndex} />}
      {isDismissableFlag(error.kind) && (
        <button type="button" className="badge-action bare" aria-label={i18n.t('row.dismissFlag', { flag, name: counter.name })} title={i18n.t('row.dismiss')} tabIndex={tabIndex} onClick={() => onDismissError(counter.id)}>
          <DismissIcon {...ICON} size={12} />
        </button>
      )}
    </span>
  );
}

/** "reset to 0 · Undo": a reset can be taken back for a minute (the undo PATCHes the earlier value back, or asks). */
function ResetChip({ offer, onUndo, tabIndex }: { offer: ResetOffer; onUndo: (id: string) => void; tabIndex: number }) {
  const i18n = useI18n();
  return (
    <span className="undo-chip" data-testid="reset-chip">
      <span aria-hidden="true">{i18n.t(offer.kind === 'reset' ? 'reset.chip' : 'reset.chipStartedAgain')} · </span>
      <button type="button" className="link" tabIndex={tabIndex} aria-label={i18n.t('reset.undoLabel', { kind: offer.kind, name: offer.name })} onClick={() => onUndo(offer.counterId)}>
        {i18n.t('undo.button')}
      </button>
    </span>
  );
}

/**
 * One counter on one line: the name takes the width, the value sits right in tabular
 * figures, then − / +. Below them one sub-line: the date of a day counter, or today's change
 * with Undo, or a problem; on its right the pin, activity and edit buttons, which show on
 * hover, focus or selection but always keep their place, so nothing in the row moves.
 */
export const CounterRow = memo(function CounterRow({ counter, pinned, active, onStep, onTogglePin, onEdit, onActivate, onDismissError, onResolveUnconfirmed, today, undo, undoBlocked, onUndo, onDetail, offset, isMac, goalText, goalFraction, goalReached, milestone, reset, onUndoReset }: Props) {
  const i18n = useI18n();
  const value = formatCounterValue(i18n, counter.type, counter.value);
  const isUpDown = counter.type === 'UpDown';
  const todayLine = isUpDown ? todayText(i18n, today) : null;
  const date = dateLine(i18n, counter);
  // Roving tab stop: only the active row's buttons are in the Tab order, so Tab never walks 1000 rows.
  const tabIndex = active ? 0 : -1;
  let sub: ReactNode = null;
  if (counter.error) sub = <Badge counter={counter} onDismissError={onDismissError} onResolveUnconfirmed={onResolveUnconfirmed} tabIndex={tabIndex} />;
  else if (counter.sendingSlowly) sub = <span className="sending-slowly" role="status">{i18n.t('row.sendingSlowly')}</span>;
  else if (undo || todayLine || goalText || reset) {
    sub = (
      <span className="activity-line">
        {goalText && (
          <span data-testid="goal" className={`goal-text${goalReached ? ' reached' : ''}`}>
            {goalText}
          </span>
        )}
        {todayLine && <span data-testid="today">{todayLine}</span>}
        {!isUpDown && date}
        {reset ? <ResetChip offer={reset} onUndo={onUndoReset} tabIndex={tabIndex} /> : undo && <UndoChip offer={undo} blockedReason={undoBlocked} onUndo={onUndo} tabIndex={tabIndex} isMac={isMac} />}
      </span>
    );
  } else if (date) {
    sub = milestone ? (
      <span className="activity-line">
        <span className="date-text">{date}</span>
        <span className="milestone" data-testid="milestone" title={i18n.t('milestone.next', { milestone })}>
          <MilestoneIcon {...ICON} size={11} />
          {milestone}
        </span>
      </span>
    ) : (
      date
    );
  }
  return (
    <li
      id={`counter-${counter.id}`}
      className={`counter${active ? ' active' : ''}${isUpDown ? '' : ' dated'}${pinned ? ' is-pinned' : ''}`}
      data-counter-id={counter.id}
      aria-current={active || undefined}
      aria-label={[
        counter.name,
        value.phrase,
        goalText ? (goalReached ? i18n.t('row.stateGoalReached', { goal: goalText }) : i18n.t('row.stateGoal', { goal: goalText })) : '',
        milestone ? i18n.t('row.stateMilestone', { milestone }) : '',
        counter.sendingSlowly ? i18n.t('row.stateSendingSlowly') : counter.pending ? i18n.t('row.statePending') : '',
        counter.error ? i18n.t(ERROR_BADGE[counter.error.kind]) : '',
      ]
        .filter(Boolean)
        .join(', ')}
      style={offset === undefined ? undefined : { transform: `translateY(${offset}px)` }}
      onPointerDown={() => onActivate(counter.id)}
      // Tab into a row's button makes it the current row: keys and highlight follow focus.
      onFocus={() => onActivate(counter.id)}
    >
      <span className="counter-name" title={counter.name}>
        {counter.name}
      </span>
      <span className="counter-value" title={value.phrase} data-testid="value-phrase">
        {value.before && <span className="value-unit">{value.before} </span>}
        <span className="value-number" data-testid="value">
          {value.number}
        </span>
        {value.unit && <span className="value-unit"> {value.unit}</span>}
        <span className={`pending-mark${counter.pending ? ' on' : ''}`} title={counter.pending ? i18n.t('row.pendingMark') : undefined} aria-hidden="true" />
      </span>
      {isUpDown && (
        <span className="steppers">
          <StepButton counter={counter} direction="decrement" onStep={onStep} tabIndex={tabIndex} />
          <StepButton counter={counter} direction="increment" onStep={onStep} tabIndex={tabIndex} />
        </span>
      )}
      <span className="counter-sub">{sub}</span>
      {goalText && (
        // The bar lies on the row's bottom edge, out of the layout: it never moves or resizes the row.
        <span className="goal-bar" aria-hidden="true">
          <span className={`goal-fill${goalReached ? ' reached' : ''}`} style={{ transform: `scaleX(${goalFraction ?? 0})` }} />
        </span>
      )}
      <span className="row-actions-bar">
        <button type="button" className={`row-action pin${pinned ? ' pinned' : ''}`} aria-pressed={pinned} aria-label={i18n.t('row.pin', { name: counter.name })} title={pinned ? i18n.t('row.unpinTitle') : i18n.t('row.pinTitle')} tabIndex={tabIndex} onClick={() => onTogglePin(counter.id)}>
          <PinIcon {...ICON} size={14} fill={pinned ? 'currentColor' : 'none'} />
        </button>
        <DetailButton name={counter.name} tabIndex={tabIndex} onClick={() => onDetail(counter.id)} />
        <button type="button" className="row-action edit" aria-label={i18n.t('row.edit', { name: counter.name })} title={i18n.t('row.editTitle')} tabIndex={tabIndex} onClick={() => onEdit(counter.id)}>
          <MoreIcon {...ICON} />
        </button>
      </span>
    </li>
  );
});
