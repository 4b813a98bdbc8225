import { memo, type MouseEvent } from 'react';
import type { CounterState, Direction } from '../../src-shared/domain/snapshot';
import { ICON, MinusIcon, MoreIcon, PinIcon, PlusIcon } from '../components/icons';
import { formatCounterValue } from '../../src-shared/i18n/counter-value';
import { AmountField } from '../components/AmountField';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { refusalReason } from '../format/refusal';
import { rowActivity, type ListActivity } from '../format/rowActivity';
import { useI18n } from '../i18n/I18n';
import { ERROR_BADGE, RowSubLine, type SubLineProps } from './RowSubLine';

export type MenuAnchor = { element: HTMLElement } | { x: number; y: number };

interface Props extends Omit<SubLineProps, 'tabIndex'> {
  pinned: boolean;
  active: boolean;
  selected: boolean;
  twoLine: boolean;
  menuOpen: boolean;
  /** What + and − move it by (main applies it). */
  step: number;
  /** "Add…" is open on this row. */
  amountOpen: boolean;
  onStep: (id: string, direction: Direction) => void;
  onAmountAdd: (id: string, direction: Direction, amount: number) => void;
  onAmountClose: (id: string, restoreFocus: boolean) => void;
  onActivate: (id: string) => void;
  onMenu: (id: string, anchor: MenuAnchor) => void;
  goalFraction?: number | undefined;
  /** "hidden", "in Work". */
  tag?: string | undefined;
  draggable?: boolean;
  onDropCounter?: (targetId: string, draggedId: string) => void;
}

function StepButton({ counter, direction, step, onStep, tabIndex }: { counter: CounterState; direction: Direction; step: number; onStep: Props['onStep']; tabIndex: number }) {
  const i18n = useI18n();
  const reason = refusalReason(i18n, counter, direction);
  const by = { name: counter.name, amount: i18n.number(step) };
  const increase = step === 1 ? i18n.t('row.increase', by) : i18n.t('row.increaseBy', by);
  const label = direction === 'increment' ? increase : step === 1 ? i18n.t('row.decrease', by) : i18n.t('row.decreaseBy', by);
  const Icon = direction === 'increment' ? PlusIcon : MinusIcon;
  // aria-disabled: the reason is the point.
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

export const CounterRow = memo(function CounterRow(props: Props) {
  const { counter, pinned, active, selected, twoLine, menuOpen, step, amountOpen, onStep, onAmountAdd, onAmountClose, onActivate, onMenu, goalText, goalFraction, goalReached, milestone, clicksWait, tag, draggable, onDropCounter } = props;
  const i18n = useI18n();
  const value = formatCounterValue(i18n, counter.type, counter.value);
  const isUpDown = counter.type === 'UpDown';
  const tabIndex = active ? 0 : -1;
  const openMenu = (event: MouseEvent) => {
    event.preventDefault();
    onMenu(counter.id, { x: event.clientX, y: event.clientY });
  };
  const waiting = clicksWait && counter.waiting ? i18n.t('row.waiting', { count: counter.waiting }) : '';
  return (
    <li
      id={`counter-${counter.id}`}
      className={`counter${twoLine ? ' two-line' : ''}${selected ? ' active' : ''}${isUpDown ? '' : ' dated'}${pinned ? ' is-pinned' : ''}${tag ? ' tagged' : ''}`}
      draggable={draggable || undefined}
      onDragStart={draggable ? (event) => event.dataTransfer.setData('application/x-counter-id', counter.id) : undefined}
      onDragOver={onDropCounter ? (event) => event.preventDefault() : undefined}
      onDrop={
        onDropCounter
          ? (event) => {
              event.preventDefault();
              const dragged = event.dataTransfer.getData('application/x-counter-id');
              if (dragged && dragged !== counter.id) onDropCounter(counter.id, dragged);
            }
          : undefined
      }
      data-counter-id={counter.id}
      aria-current={active || undefined}
      aria-label={[
        counter.name,
        value.phrase,
        pinned ? i18n.t('row.statePinned') : '',
        tag ?? '',
        goalText ? (goalReached ? i18n.t('row.stateGoalReached', { goal: goalText }) : i18n.t('row.stateGoal', { goal: goalText })) : '',
        milestone ? i18n.t('row.stateMilestone', { milestone }) : '',
        counter.sendingSlowly ? i18n.t('row.stateSendingSlowly') : waiting || (counter.pending ? i18n.t('row.statePending') : ''),
        counter.error ? i18n.t(ERROR_BADGE[counter.error.kind]) : '',
      ]
        .filter(Boolean)
        .join(', ')}
      onPointerDown={() => onActivate(counter.id)}
      onContextMenu={openMenu}
      onFocus={() => onActivate(counter.id)}
    >
      <span className="counter-name" title={counter.name}>
        {pinned && <PinIcon {...ICON} size={12} className="pin-mark" fill="currentColor" />}
        {counter.name}
        {tag && <span className="counter-tag"> · {tag}</span>}
      </span>
      <span className="counter-value" title={value.phrase} data-testid="value-phrase">
        <span className={`pending-mark${counter.pending ? ' on' : ''}`} title={counter.pending ? i18n.t('row.pendingMark') : undefined} aria-hidden="true" />
        {isUpDown && step !== 1 && (
          <span className="step-mark" title={i18n.t('row.stepMark', { amount: i18n.number(step) })} aria-hidden="true">
            ±{i18n.number(step)}
          </span>
        )}
        {value.before && <span className="value-unit">{value.before} </span>}
        <span className="value-number" data-testid="value">
          {value.number}
        </span>
      </span>
      {isUpDown && amountOpen ? (
        <AmountField counter={counter} onAdd={onAmountAdd} onClose={onAmountClose} />
      ) : isUpDown ? (
        <span className="counter-trail steppers">
          <StepButton counter={counter} direction="decrement" step={step} onStep={onStep} tabIndex={tabIndex} />
          <StepButton counter={counter} direction="increment" step={step} onStep={onStep} tabIndex={tabIndex} />
        </span>
      ) : (
        <span className="counter-trail value-unit">{value.unit}</span>
      )}
      <button
        type="button"
        className="row-more"
        aria-label={i18n.t('row.actions', { name: counter.name })}
        title={i18n.t('row.actionsTitle')}
        aria-haspopup="menu"
        aria-expanded={menuOpen}
        aria-controls={menuOpen ? 'row-menu' : undefined}
        tabIndex={tabIndex}
        onClick={(event) => onMenu(counter.id, { element: event.currentTarget })}
      >
        <MoreIcon {...ICON} />
      </button>
      {twoLine && !(isUpDown && amountOpen) && (
        <span className="counter-sub">
          <RowSubLine {...props} tabIndex={tabIndex} />
        </span>
      )}
      {goalText && (
        <span className="goal-bar" aria-hidden="true">
          <span className={`goal-fill${goalReached ? ' reached' : ''}`} style={{ transform: `scaleX(${goalFraction ?? 0})` }} />
        </span>
      )}
    </li>
  );
});

type RowWords = ReturnType<typeof rowActivity>;
type GuardedProps = Omit<Props, keyof RowWords> & { activity: ListActivity };

/** Its words made inside its own boundary: a row that cannot be drawn says so; the list stays. */
export function GuardedRow(props: GuardedProps) {
  return (
    <ErrorBoundary resetOn={props.counter} fallback={<FailedRow {...props} />}>
      <WordedRow {...props} />
    </ErrorBoundary>
  );
}

function WordedRow({ activity, ...props }: GuardedProps) {
  const i18n = useI18n();
  return <CounterRow {...props} {...rowActivity(i18n, props.counter, activity)} />;
}

function FailedRow({ counter: { id, name }, twoLine, active, selected }: Pick<Props, 'counter' | 'twoLine' | 'active' | 'selected'>) {
  const i18n = useI18n();
  const words = i18n.t('boundary.row');
  return (
    <li id={`counter-${id}`} className={`counter failed${twoLine ? ' two-line' : ''}${selected ? ' active' : ''}`} aria-current={active || undefined} aria-label={`${name}, ${words}`}>
      <span className="counter-name" title={name}>
        {name}
      </span>
      <span className={twoLine ? 'counter-sub' : 'failed-words'} title={words}>
        {words}
      </span>
    </li>
  );
}
