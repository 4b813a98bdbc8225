// What this computer keeps for one counter, saved with the edit page's Save: notifications, shortcuts, the step, a reminder, and the goal or
// milestones (kept per account: the service has no field for either).
import type { ReactNode } from 'react';
import type { GoalCount, GoalPeriod } from '../../src-shared/domain/goals';
import { FROM_DATE_DAYS } from '../../src-shared/domain/milestones';
import type { CounterState } from '../../src-shared/domain/snapshot';
import type { AppState, RequestOf } from '../../src-shared/ipc/contract';
import type { PlainKey } from '../../src-shared/i18n/messages';
import type { Translator } from '../../src-shared/i18n/translator';
import type { Settings } from '../../src-shared/domain/settings';
import { SettingsGroup } from '../components/SettingsGroup';
import { ShortcutRecorder } from '../components/ShortcutRecorder';
import { Switch } from '../components/Switch';
import { wholeAmount } from '../format/amount';
import { conflictFor, failureFor, shortcutSlots } from '../format/shortcutUse';
import { useI18n } from '../i18n/I18n';
import { addDays } from '../../src-shared/time/calendar';

export interface LocalDraft {
  notify: boolean;
  increment: string | undefined;
  decrement: string | undefined;
  /** As typed. */
  step: string;
  /** HH:MM, empty for no reminder; ISO weekdays. */
  remindAt: string;
  remindDays: number[];
}

const WEEK = [1, 2, 3, 4, 5, 6, 7];
/** A Monday, so `i18n.weekday` names the week in order. */
const MONDAY = '2026-11-23';

export function localDraftOf(settings: Settings, counterId: string): LocalDraft {
  const own = settings.shortcuts.counters[counterId] ?? {};
  const reminder = settings.reminders[counterId];
  return {
    notify: !settings.notifications.mutedCounters.includes(counterId),
    increment: own.increment,
    decrement: own.decrement,
    step: String(settings.steps[counterId] ?? 1),
    remindAt: reminder?.time ?? '',
    remindDays: reminder?.days ?? WEEK,
  };
}

/** A step of 1 is no entry; null when the step typed is not one. */
function stepOf(draft: LocalDraft): number | null {
  const whole = wholeAmount(draft.step);
  return 'problem' in whole || whole.sign < 0 ? null : whole.amount;
}

/** What is wrong with the step typed, if anything. */
export function stepProblem(i18n: Translator, draft: LocalDraft): string | null {
  const whole = wholeAmount(draft.step);
  if ('problem' in whole) return i18n.t(whole.problem === 'amount.tooLarge' ? 'amount.tooLarge' : 'local.stepNotWhole');
  return whole.sign < 0 ? i18n.t('local.stepNotWhole') : null;
}

type LocalPatch = Partial<Pick<Settings, 'notifications' | 'shortcuts' | 'steps' | 'reminders'>>;

/** Null when nothing changed (a step that is not one counts as unchanged: `stepProblem` says so). */
export function localPatch(settings: Settings, counterId: string, draft: LocalDraft): LocalPatch | null {
  const before = localDraftOf(settings, counterId);
  const patch: LocalPatch = {};
  const step = stepOf(draft);
  if (step !== null && String(step) !== before.step) {
    const { [counterId]: _old, ...steps } = settings.steps;
    patch.steps = step === 1 ? steps : { ...steps, [counterId]: step };
  }
  const reminder = draft.remindAt ? { time: draft.remindAt, days: draft.remindDays } : undefined;
  if (JSON.stringify(reminder) !== JSON.stringify(settings.reminders[counterId])) {
    const { [counterId]: _old, ...reminders } = settings.reminders;
    patch.reminders = reminder ? { ...reminders, [counterId]: reminder } : reminders;
  }
  if (before.notify !== draft.notify) {
    const others = settings.notifications.mutedCounters.filter((id) => id !== counterId);
    patch.notifications = { ...settings.notifications, mutedCounters: draft.notify ? others : [...others, counterId] };
  }
  if (before.increment !== draft.increment || before.decrement !== draft.decrement) {
    const counters = { ...settings.shortcuts.counters };
    const own = { ...(draft.increment ? { increment: draft.increment } : {}), ...(draft.decrement ? { decrement: draft.decrement } : {}) };
    if (own.increment || own.decrement) counters[counterId] = own;
    else delete counters[counterId];
    patch.shortcuts = { ...settings.shortcuts, counters };
  }
  return Object.keys(patch).length > 0 ? patch : null;
}

interface Props {
  ids: string;
  state: AppState;
  counter: CounterState;
  draft: LocalDraft;
  stepError: string | null;
  onChange: (next: LocalDraft) => void;
  children?: ReactNode;
}

export function CounterLocalSettings({ ids, state, counter, draft, stepError, onChange, children }: Props) {
  const i18n = useI18n();
  const { settings } = state;
  // With this page's unsaved shortcuts: +1 and −1 must not collide either.
  const slots = shortcutSlots(i18n, { ...settings, ...localPatch(settings, counter.id, draft) }, state.core?.counters ?? []);
  const isMac = state.platform === 'darwin';
  const directions: ('increment' | 'decrement')[] = counter.type === 'UpDown' ? ['increment', 'decrement'] : [];
  return (
    <SettingsGroup title={i18n.t('local.title')} className="local-settings">
      <Switch
        label={i18n.t('local.notify')}
        detail={settings.notifications.enabled ? undefined : i18n.t('local.notificationsOff')}
        checked={draft.notify}
        disabled={!settings.notifications.enabled}
        onChange={(notify) => onChange({ ...draft, notify })}
      />
      {children}
      {counter.type === 'UpDown' && (
        <fieldset className="setting goal-fields">
          <legend>{i18n.t('reminder.legend')}</legend>
          <label className="field">
            {i18n.t('reminder.time')}
            <input type="time" value={draft.remindAt} onChange={(e) => onChange({ ...draft, remindAt: e.target.value })} />
          </label>
          <span className="segmented reminder-days" role="group" aria-label={i18n.t('reminder.days')}>
            {WEEK.map((day) => (
              <label key={day} className={draft.remindDays.includes(day) ? 'segment selected' : 'segment'}>
                <input
                  type="checkbox"
                  checked={draft.remindDays.includes(day)}
                  onChange={(e) => onChange({ ...draft, remindDays: e.target.checked ? [...draft.remindDays, day].sort((a, b) => a - b) : draft.remindDays.filter((d) => d !== day) })}
                />
                <span>{i18n.weekday(addDays(MONDAY, day - 1))}</span>
              </label>
            ))}
          </span>
          <p className="muted small">{i18n.t('reminder.explain', { goal: state.extras?.goals[counter.id] ? 'yes' : 'no' })}</p>
        </fieldset>
      )}
      {counter.type === 'UpDown' && (
        <div className="field">
          <label htmlFor={`${ids}-step`}>{i18n.t('local.step')}</label>
          <input
            id={`${ids}-step`}
            className="step-field"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={draft.step}
            onChange={(e) => onChange({ ...draft, step: e.target.value })}
            aria-describedby={`${ids}-step-said`}
            aria-invalid={stepError ? true : undefined}
          />
          <p id={`${ids}-step-said`} className={stepError ? 'error-text' : 'muted small'} role={stepError ? 'alert' : undefined}>
            {stepError ?? i18n.t('local.stepDetail')}
          </p>
        </div>
      )}
      {directions.map((direction) => (
        <ShortcutRecorder
          key={direction}
          label={i18n.t('local.shortcut', { amount: i18n.signed((direction === 'increment' ? 1 : -1) * (stepOf(draft) ?? 1)) })}
          value={draft[direction]}
          isMac={isMac}
          conflictOf={(accelerator) => conflictFor(slots, `${counter.id}:${direction}`, accelerator)}
          failure={failureFor(i18n, state.shortcutFailures, draft[direction])}
          onChange={(accelerator) => onChange({ ...draft, [direction]: accelerator ?? undefined })}
        />
      ))}
    </SettingsGroup>
  );
}

/** GOAL_TARGET_MAX, without zod in the bundle. */
const TARGET_MAX = 1_000_000;

export interface ExtrasDraft {
  /** Empty means no goal. */
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

type ExtrasCall = { channel: 'goal:set'; request: RequestOf<'goal:set'> } | { channel: 'milestones:mute'; request: RequestOf<'milestones:mute'> };

export function extrasCalls(i18n: Translator, state: AppState, counter: CounterState, draft: ExtrasDraft): ExtrasCall[] | { message: string } {
  const before = extrasDraftOf(state, counter.id);
  const calls: ExtrasCall[] = [];
  if (counter.type === 'UpDown' && (draft.target.trim() !== before.target || draft.period !== before.period || draft.count !== before.count)) {
    const text = draft.target.trim();
    const target = Number(text);
    if (text !== '' && (!Number.isSafeInteger(target) || target < 1 || target > TARGET_MAX)) return { message: i18n.t('goal.badTarget', { max: i18n.number(TARGET_MAX) }) };
    if (text !== '' || before.target !== '') calls.push({ channel: 'goal:set', request: { id: counter.id, goal: text === '' ? null : { target, period: draft.period, count: draft.count } } });
  }
  if (counter.type !== 'UpDown' && draft.milestones !== before.milestones) calls.push({ channel: 'milestones:mute', request: { id: counter.id, muted: !draft.milestones } });
  return calls;
}

const PERIODS: { value: GoalPeriod; label: PlainKey }[] = [
  { value: 'day', label: 'goal.perDay' },
  { value: 'week', label: 'goal.perWeek' },
  { value: 'month', label: 'goal.perMonth' },
];
const COUNTS: { value: GoalCount; label: PlainKey }[] = [
  { value: 'all', label: 'goal.countAll' },
  { value: 'mine', label: 'goal.countMine' },
  { value: 'others', label: 'goal.countOthers' },
];

interface GoalProps {
  ids: string;
  counter: CounterState;
  draft: ExtrasDraft;
  error: string | null;
  onChange: (next: ExtrasDraft) => void;
}

export function CounterGoalFields({ ids, counter, draft, error, onChange }: GoalProps) {
  const i18n = useI18n();
  if (counter.type !== 'UpDown') {
    const which = counter.type === 'FromDate' ? i18n.t('milestone.whichSince', { days: i18n.list(FROM_DATE_DAYS.map((d) => i18n.number(d))) }) : i18n.t('milestone.whichUntil');
    return <Switch label={i18n.t('milestone.notify')} detail={i18n.t('milestone.notifyDetail', { which })} checked={draft.milestones} onChange={(milestones) => onChange({ ...draft, milestones })} />;
  }
  const choose = (key: 'period' | 'count', label: PlainKey, options: { value: string; label: PlainKey }[]) => (
    <select aria-label={i18n.t(label)} value={draft[key]} onChange={(e) => onChange({ ...draft, [key]: e.target.value })}>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {i18n.t(o.label)}
        </option>
      ))}
    </select>
  );
  return (
    <fieldset className="setting goal-fields">
      <legend>{i18n.t('goal.legend')}</legend>
      <div className="goal-row">
        <input
          id={`${ids}-goal`}
          className="goal-target"
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          placeholder={i18n.t('goal.none')}
          aria-label={i18n.t('goal.howMany')}
          value={draft.target}
          onChange={(e) => onChange({ ...draft, target: e.target.value })}
          {...(error ? { 'aria-invalid': true, 'aria-describedby': `${ids}-goal-error` } : {})}
        />
        {choose('period', 'goal.per', PERIODS)}
      </div>
      {choose('count', 'goal.which', COUNTS)}
      {error && (
        <p id={`${ids}-goal-error`} className="error-text" role="alert">
          {error}
        </p>
      )}
      <p className="muted small">{i18n.t('goal.explain')}</p>
    </fieldset>
  );
}
