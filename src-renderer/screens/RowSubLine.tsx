import { lazy, Suspense } from 'react';
import { isDismissableFlag, type CounterFlagKind } from '../../src-shared/domain/counter-flags';
import type { CounterState, UnconfirmedChoice } from '../../src-shared/domain/snapshot';
import type { UndoOffer } from '../../src-shared/domain/activity';
import type { ResetOffer } from '../../src-shared/domain/goals';
import type { PlainKey } from '../../src-shared/i18n/messages';
import { DismissIcon, ICON, KeepIcon, MilestoneIcon, ResendIcon } from '../components/icons';
import { dateLine } from '../format/days';
import { useI18n } from '../i18n/I18n';

// Its own chunk, fetched as the list mounts.
export const loadUndoChip = () => import('../components/UndoChip').then((module) => ({ default: module.UndoChip }));
const UndoChip = lazy(loadUndoChip);

export const ERROR_BADGE = {
  unconfirmed: 'badge.unconfirmed',
  gone: 'badge.gone',
  rejected: 'badge.rejected',
  unreadable: 'badge.unreadable',
} as const satisfies Record<CounterFlagKind, PlainKey>;

const BADGE_HINT = {
  unconfirmed: 'badgeHint.unconfirmed',
  gone: 'counter.gone',
  rejected: 'badgeHint.rejected',
  unreadable: 'badgeHint.unreadable',
} as const satisfies Record<CounterFlagKind, PlainKey>;

type Resolve = (id: string, choice: UnconfirmedChoice) => void;

/** Nothing is decided silently. */
function UnconfirmedChoiceButtons({ counter, amount, onResolve, tabIndex }: { counter: CounterState; amount: number; onResolve: Resolve; tabIndex: number }) {
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

function Badge({ counter, onDismissError, onResolveUnconfirmed, tabIndex }: { counter: CounterState; onDismissError: (id: string) => void; onResolveUnconfirmed: Resolve; tabIndex: number }) {
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

export interface SubLineProps {
  counter: CounterState;
  tabIndex: number;
  clicksWait: boolean;
  today?: number | undefined;
  undo?: UndoOffer | undefined;
  undoBlocked?: string | undefined;
  goalText?: string | undefined;
  goalReached?: boolean | undefined;
  milestone?: string | undefined;
  reset?: ResetOffer | undefined;
  isMac: boolean;
  onDismissError: (id: string) => void;
  onResolveUnconfirmed: Resolve;
  onUndo: (id: string) => void;
  onUndoReset: (id: string) => void;
}

export function RowSubLine({ counter, tabIndex, clicksWait, today, undo, undoBlocked, goalText, goalReached, milestone, reset, isMac, onDismissError, onResolveUnconfirmed, onUndo, onUndoReset }: SubLineProps) {
  const i18n = useI18n();
  if (counter.error) return <Badge counter={counter} onDismissError={onDismissError} onResolveUnconfirmed={onResolveUnconfirmed} tabIndex={tabIndex} />;
  if (counter.sendingSlowly) return <span className="sending-slowly">{i18n.t('row.sendingSlowly')}</span>;
  const isUpDown = counter.type === 'UpDown';
  const todayLine = isUpDown && today ? i18n.t('row.today', { amount: i18n.signed(today) }) : null;
  const date = isUpDown ? null : dateLine(i18n, counter);
  const waiting = clicksWait && counter.waiting ? counter.waiting : 0;
  return (
    <span className="activity-line">
      {waiting > 0 && (
        <span className="waiting" data-testid="waiting">
          {i18n.t('row.waiting', { count: waiting })}
        </span>
      )}
      {goalText && (
        <span data-testid="goal" className={`goal-text${goalReached ? ' reached' : ''}`}>
          {goalText}
        </span>
      )}
      {todayLine && <span data-testid="today">{todayLine}</span>}
      {date && <span className="date-text">{date}</span>}
      {date && milestone && !undo && !reset && (
        <span className="milestone" data-testid="milestone" title={i18n.t('milestone.next', { milestone })}>
          <MilestoneIcon {...ICON} size={11} />
          {milestone}
        </span>
      )}
      {reset ? <ResetChip offer={reset} onUndo={onUndoReset} tabIndex={tabIndex} /> : undo && (
        <Suspense fallback={null}>
          <UndoChip offer={undo} blockedReason={undoBlocked} onUndo={onUndo} tabIndex={tabIndex} isMac={isMac} />
        </Suspense>
      )}
    </span>
  );
}
