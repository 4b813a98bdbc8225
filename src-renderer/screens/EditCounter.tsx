import { useId, useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { PATCH_FIELDS_BY_TYPE } from '../../src-shared/api/wire-constants';
import type { CounterState } from '../../src-shared/domain/snapshot';
import type { AppState, CounterPatch, CounterTrayApi } from '../../src-shared/ipc/contract';
import { onPublicServer } from '../../src-shared/domain/server-address';
import { call } from '../bridge/ipc';
import { ScreenHeader } from '../components/ScreenHeader';
import { ConfirmBar } from '../components/ConfirmBar';
import { useEscape } from '../components/useDocumentKeydown';
import { errorText } from '../../src-shared/i18n/error-words';
import { CounterGoalFields, CounterLocalSettings, extrasCalls, extrasDraftOf, localDraftOf, localPatch, stepProblem, type ExtrasDraft, type LocalDraft } from './CounterLocalSettings';
import { useI18n } from '../i18n/I18n';
import type { Translator } from '../../src-shared/i18n/translator';
import type { PlainKey } from '../../src-shared/i18n/messages';

interface Props {
  api: CounterTrayApi;
  state: AppState;
  counterId: string;
  onClose: () => void;
  onExport: (id: string) => void;
}

interface Draft {
  name: string;
  value: string;
  startDate: string;
  endDate: string;
}

function draftOf(counter: CounterState): Draft {
  return { name: counter.name, value: String(counter.value), startDate: counter.startDate ?? '', endDate: counter.endDate ?? '' };
}

interface FieldError {
  field: keyof Draft;
  message: string;
}
type ShownError = FieldError | { field: null; message: string } | null;

const INPUTS: Record<keyof Draft, [string, PlainKey, InputHTMLAttributes<HTMLInputElement>]> = {
  name: ['name', 'edit.name', { autoFocus: true }],
  value: ['value', 'edit.value', { type: 'number', step: 1, inputMode: 'numeric' }],
  startDate: ['start', 'edit.countingSince', { type: 'date' }],
  endDate: ['end', 'edit.countingDownTo', { type: 'date' }],
};

/** The fields of the counter's type (docs/api.md §4.2) that changed. */
function patchFrom(i18n: Translator, counter: CounterState, draft: Draft): CounterPatch | FieldError {
  const fields = PATCH_FIELDS_BY_TYPE[counter.type];
  const patch: CounterPatch = {};
  if (fields.includes('name') && draft.name.trim() !== counter.name) {
    const name = draft.name.trim();
    // A name's length is the server's to judge (docs/api.md O12).
    if (!name) return { field: 'name', message: i18n.t('edit.nameEmpty') };
    patch.name = name;
  }
  if (fields.includes('value')) {
    const value = Number(draft.value);
    if (draft.value.trim() === '' || !Number.isFinite(value)) return { field: 'value', message: i18n.t('edit.valueNotNumber') };
    if (!Number.isSafeInteger(value)) return { field: 'value', message: i18n.t('edit.valueNotWhole') };
    if (value !== counter.value) patch.value = value;
  }
  for (const [field, pick] of [['startDate', 'edit.pickStart'], ['endDate', 'edit.pickEnd']] as const) {
    if (!fields.includes(field) || draft[field] === (counter[field] ?? '')) continue;
    if (!draft[field]) return { field, message: i18n.t(pick) };
    patch[field] = draft[field];
  }
  return patch;
}

export default function EditCounter({ api, state, counterId, onClose, onExport }: Props) {
  const i18n = useI18n();
  const ids = useId();
  const counter = state.core?.counters.find((c) => c.id === counterId);
  // As editing began: an untouched field does not overwrite someone else's change.
  const [baseline] = useState<CounterState | undefined>(counter);
  const [draft, setDraft] = useState<Draft | null>(counter ? draftOf(counter) : null);
  const [local, setLocal] = useState<LocalDraft>(() => localDraftOf(state.settings, counterId));
  const [extras, setExtras] = useState<ExtrasDraft>(() => extrasDraftOf(state, counterId));
  const [goalError, setGoalError] = useState<string | null>(null);
  const [stepError, setStepError] = useState<string | null>(null);
  const [confirmingReset, setConfirmingReset] = useState(false);
  const [error, setErrorState] = useState<ShownError>(null);
  const inputs = useRef<Partial<Record<keyof Draft, HTMLInputElement | null>>>({});
  const setError = (next: ShownError) => {
    setErrorState(next);
    if (next?.field) inputs.current[next.field]?.focus();
  };
  const [saving, setSaving] = useState(false);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);

  const extrasChanged = (c: CounterState) => {
    const calls = extrasCalls(i18n, state, c, extras);
    return !Array.isArray(calls) || calls.length > 0;
  };
  const dirty =
    baseline !== undefined &&
    draft !== null &&
    (Object.keys(patchFrom(i18n, baseline, draft)).length > 0 || localPatch(state.settings, counterId, local) !== null || stepProblem(i18n, local) !== null || (counter !== undefined && extrasChanged(counter)));
  const leave = () => (dirty ? setConfirmingDiscard(true) : onClose());

  useEscape(() => (confirmingDiscard ? setConfirmingDiscard(false) : confirmingReset ? setConfirmingReset(false) : leave()));

  if (!counter || !draft || !baseline) {
    return (
      <main className="screen edit-screen">
        <ScreenHeader onBack={onClose}>{i18n.t('edit.title')}</ScreenHeader>
        <div className="screen-body">
          <p role="alert">{i18n.t('edit.gone')}</p>
          <div className="row-actions start">
            <button type="button" className="secondary" autoFocus onClick={onClose}>
              {i18n.t('edit.backToList')}
            </button>
          </div>
        </div>
      </main>
    );
  }
  const fields = PATCH_FIELDS_BY_TYPE[counter.type];
  const set = (key: keyof Draft) => (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value });
  const invalid = (key: keyof Draft) => (error?.field === key ? { 'aria-invalid': true, 'aria-describedby': `${ids}-${key}-error` } : {});

  async function resetNow() {
    setConfirmingReset(false);
    if (!counter) return;
    const result = await call(api, 'counter:reset', { id: counter.id });
    if (result.ok) onClose();
    else setError({ field: null, message: errorText(i18n, result.error) });
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!counter || !draft || !baseline || saving) return;
    const patch = patchFrom(i18n, baseline, draft);
    if ('field' in patch) return setError(patch);
    const extraCalls = extrasCalls(i18n, state, counter, extras);
    if (!Array.isArray(extraCalls)) {
      setGoalError(extraCalls.message);
      return document.getElementById(`${ids}-goal`)?.focus();
    }
    setGoalError(null);
    const badStep = counter.type === 'UpDown' ? stepProblem(i18n, local) : null;
    setStepError(badStep);
    if (badStep) return document.getElementById(`${ids}-step`)?.focus();
    const settingsPatch = localPatch(state.settings, counter.id, local);
    if (Object.keys(patch).length === 0 && !settingsPatch && extraCalls.length === 0) return onClose();
    setError(null);
    setSaving(true);
    const results = await Promise.all([
      Object.keys(patch).length > 0 ? call(api, 'counter:update', { id: counter.id, patch }) : null,
      settingsPatch ? call(api, 'settings:update', settingsPatch) : null,
      ...extraCalls.map((c) => (c.channel === 'goal:set' ? call(api, 'goal:set', c.request) : call(api, 'milestones:mute', c.request))),
    ]);
    setSaving(false);
    const failed = results.find((result) => result !== null && !result.ok);
    if (!failed || failed.ok) return onClose();
    const nameRefused = failed === results[0] && failed.error.code === 'badRequest' && Object.keys(patch).join() === 'name';
    setError(nameRefused ? { field: 'name', message: i18n.t('edit.nameRefused') } : { field: null, message: errorText(i18n, failed.error) });
  }

  const title = i18n.t('edit.titleNamed', { name: counter.name });
  return (
    <main className="screen edit-screen">
      <ScreenHeader onBack={leave} fullTitle={title}>
        {title}
      </ScreenHeader>
      <div className="screen-body">
        <form className="stack" id={`${ids}-form`} onSubmit={save} noValidate aria-label={title}>
          {fields.map((field) => {
            const [id, label, input] = INPUTS[field];
            return (
              <div key={field} className="field">
                <label htmlFor={`${ids}-${id}`}>{i18n.t(label)}</label>
                <input id={`${ids}-${id}`} ref={(el) => void (inputs.current[field] = el)} {...input} value={draft[field]} onChange={set(field)} {...invalid(field)} />
                {error?.field === field && (
                  <p id={`${ids}-${field}-error`} className="error-text" role="alert">
                    {error.message}
                  </p>
                )}
              </div>
            );
          })}
          {error && !error.field && (
            <p className="error-text" role="alert">
              {error.message}
            </p>
          )}
        </form>
        <CounterLocalSettings ids={ids} state={state} counter={counter} draft={local} stepError={stepError} onChange={setLocal}>
          <CounterGoalFields ids={ids} counter={counter} draft={extras} error={goalError} onChange={setExtras} />
        </CounterLocalSettings>
        <div className="row-actions start">
          {counter.type !== 'ToDate' && (
            <button type="button" className="secondary" onClick={() => setConfirmingReset(true)}>
              {counter.type === 'UpDown' ? i18n.t('reset.button') : i18n.t('reset.startAgainButton')}
            </button>
          )}
          <button type="button" className="secondary" onClick={() => onExport(counter.id)}>
            {i18n.t('export.button')}
          </button>
          {onPublicServer(state.session) && (
            <button type="button" className="quiet" onClick={() => void call(api, 'app:openLink', { target: 'counter', id: counter.id })}>
              {i18n.t('edit.openSite')}
            </button>
          )}
        </div>
        {confirmingReset && (
          <ConfirmBar
            question={counter.type === 'UpDown' ? i18n.t('reset.question', { name: counter.name }) : i18n.t('reset.startAgainQuestion', { name: counter.name })}
            detail={i18n.t('reset.detail')}
            confirmLabel={counter.type === 'UpDown' ? i18n.t('reset.confirm') : i18n.t('reset.startAgainConfirm')}
            onCancel={() => setConfirmingReset(false)}
            onConfirm={() => void resetNow()}
            danger
          />
        )}
      </div>
      <footer className="screen-footer">
        {confirmingDiscard ? (
          <ConfirmBar question={i18n.t('edit.discardQuestion')} confirmLabel={i18n.t('edit.discard')} onCancel={() => setConfirmingDiscard(false)} onConfirm={onClose} danger />
        ) : (
          <div className="row-actions">
            <button type="button" className="secondary" onClick={leave}>
              {i18n.t('common.cancel')}
            </button>
            {/* Not `disabled`: focus would drop to <body>. */}
            <button type="submit" form={`${ids}-form`} className="primary" aria-disabled={saving || undefined}>
              {saving ? i18n.t('common.saving') : i18n.t('common.save')}
            </button>
          </div>
        )}
      </footer>
    </main>
  );
}
