// The edit page's goal (UpDown) and milestone switch (day counters), issue 28. Kept on this
// computer for this account: the service has no field for either, so other members never
// see them. Saved with the page's Save, like everything else on it.
import type { GoalCount, GoalPeriod } from '../../src-shared/domain/goals';
import { FROM_DATE_DAYS } from '../../src-shared/domain/milestones';
import type { CounterState } from '../../src-shared/domain/snapshot';
import type { AppState, RequestOf } from '../../src-shared/ipc/contract';

/** The same cap main checks (src-shared/domain/goals.ts GOAL_TARGET_MAX); the bundle stays zod-free. */
const TARGET_MAX = 1_000_000;

export interface ExtrasDraft {
  /** The target as typed; empty means no goal. */
  target: string;
  period: GoalPeriod;
  count: GoalCount;
  milestones: boolean;
}

export function extrasDraftOf(state: AppState, counterId: string): ExtrasDraft {
  const goal = state.extras?.goals[counterId];
  return {
    target: goal ? String(goal.target) : '',
    period: goal?.period ?? 'day',
    count: goal?.count ?? 'all',
    milestones: !(state.extras?.milestonesMuted ?? []).includes(counterId),
  };
}

export type ExtrasCall = { channel: 'goal:set'; request: RequestOf<'goal:set'> } | { channel: 'milestones:mute'; request: RequestOf<'milestones:mute'> };

/** What Save must send for the draft, or the problem with the target as typed. */
export function extrasCalls(state: AppState, counter: CounterState, draft: ExtrasDraft): ExtrasCall[] | { message: string } {
  const before = extrasDraftOf(state, counter.id);
  const calls: ExtrasCall[] = [];
  if (counter.type === 'UpDown' && (draft.target.trim() !== before.target || draft.period !== before.period || draft.count !== before.count)) {
    const text = draft.target.trim();
    const target = Number(text);
    if (text !== '' && (!Number.isSafeInteger(target) || target < 1 || target > TARGET_MAX)) return { message: `A goal is a whole number from 1 to ${TARGET_MAX.toLocaleString('en-US')}.` };
    if (text !== '' || before.target !== '') calls.push({ channel: 'goal:set', request: { id: counter.id, goal: text === '' ? null : { target, period: draft.period, count: draft.count } } });
  }
  if (counter.type !== 'UpDown' && draft.milestones !== before.milestones) calls.push({ channel: 'milestones:mute', request: { id: counter.id, muted: !draft.milestones } });
  return calls;
}

const PERIODS: { value: GoalPeriod; label: string }[] = [
  { value: 'day', label: 'a day' },
  { value: 'week', label: 'a week (from Monday)' },
  { value: 'month', label: 'a month' },
];
const COUNTS: { value: GoalCount; label: string }[] = [
  { value: 'all', label: 'Everyone’s changes' },
  { value: 'mine', label: 'My changes' },
  { value: 'others', label: 'Others’ changes' },
];

interface Props {
  ids: string;
  counter: CounterState;
  draft: ExtrasDraft;
  error: string | null;
  onChange: (next: ExtrasDraft) => void;
}

export function CounterGoalFields({ ids, counter, draft, error, onChange }: Props) {
  if (counter.type !== 'UpDown') {
    const which = counter.type === 'FromDate' ? `${FROM_DATE_DAYS.join(', ')} days, then every year` : '30, 7 and 1 days before, and on the day';
    return (
      <label className="check">
        <input type="checkbox" checked={draft.milestones} onChange={(e) => onChange({ ...draft, milestones: e.target.checked })} />
        <span>
          Notify me on milestones <span className="muted">({which}, in the morning; only on this computer)</span>
        </span>
      </label>
    );
  }
  return (
    <fieldset className="goal-fields">
      <legend>Goal</legend>
      <div className="goal-row">
        <input
          id={`${ids}-goal`}
          className="goal-target"
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          placeholder="none"
          aria-label="Goal: how many"
          value={draft.target}
          onChange={(e) => onChange({ ...draft, target: e.target.value })}
          {...(error ? { 'aria-invalid': true, 'aria-describedby': `${ids}-goal-error` } : {})}
        />
        <select aria-label="Goal: per" value={draft.period} onChange={(e) => onChange({ ...draft, period: e.target.value as GoalPeriod })}>
          {PERIODS.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      <select aria-label="Goal: which changes count" value={draft.count} onChange={(e) => onChange({ ...draft, count: e.target.value as GoalCount })}>
        {COUNTS.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${ids}-goal-error`} className="error-text" role="alert">
          {error}
        </p>
      )}
      <p className="muted small">Counts the + and − steps this computer recorded (not edits of the value). Empty: no goal. Only you see it: the service has no place for goals.</p>
    </fieldset>
  );
}
