import { useId, useState, type FormEvent } from 'react';
import { PATCH_FIELDS_BY_TYPE } from '../../src-shared/api/wire-constants';
import type { CounterState } from '../../src-shared/domain/snapshot';
import type { AppState, CounterPatch, CounterTrayApi } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';
import { ConfirmBar } from '../components/ConfirmBar';
import { useEscape } from '../components/useDocumentKeydown';
import { userMessage } from '../format/errors';
import { CounterLocalSettings, localDraftOf, localPatch, type LocalDraft } from './CounterLocalSettings';

/** The service's limits on a name (§4.2), checked here so the answer is instant and in words. */
const NAME_MIN = 5;
const NAME_MAX = 40;

interface Props {
  api: CounterTrayApi;
  state: AppState;
  counterId: string;
  onClose: () => void;
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

/** Only the fields that apply to the counter's type (§4.2), and only those that changed. */
export function patchFrom(counter: CounterState, draft: Draft): CounterPatch | string {
  const fields = PATCH_FIELDS_BY_TYPE[counter.type];
  const patch: CounterPatch = {};
  if (fields.includes('name') && draft.name.trim() !== counter.name) {
    const name = draft.name.trim();
    if (!name) return 'A name cannot be empty.';
    if (name.length < NAME_MIN || name.length > NAME_MAX) return `A name needs ${NAME_MIN} to ${NAME_MAX} characters (this one has ${name.length}).`;
    patch.name = name;
  }
  if (fields.includes('value')) {
    const value = Number(draft.value);
    if (draft.value.trim() === '' || !Number.isFinite(value)) return 'The value must be a number.';
    if (!Number.isSafeInteger(value)) return 'The value must be a whole number.';
    if (value !== counter.value) patch.value = value;
  }
  if (fields.includes('startDate') && draft.startDate !== (counter.startDate ?? '')) {
    if (!draft.startDate) return 'Pick a start date.';
    patch.startDate = draft.startDate;
  }
  if (fields.includes('endDate') && draft.endDate !== (counter.endDate ?? '')) {
    if (!draft.endDate) return 'Pick an end date.';
    patch.endDate = draft.endDate;
  }
  return patch;
}

export function EditCounter({ api, state, counterId, onClose }: Props) {
  const ids = useId();
  const counter = state.core?.counters.find((c) => c.id === counterId);
  // Changes are judged against the counter as it was when editing began, so a value
  // someone else changes meanwhile is not overwritten by an untouched field.
  const [baseline] = useState<CounterState | undefined>(counter);
  const [draft, setDraft] = useState<Draft | null>(counter ? draftOf(counter) : null);
  // One model for the whole page: server fields and this computer's settings both wait for Save.
  const [local, setLocal] = useState<LocalDraft>(() => localDraftOf(state.settings, counterId));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);

  const dirty =
    baseline !== undefined && draft !== null && (typeof patchFrom(baseline, draft) === 'string' || Object.keys(patchFrom(baseline, draft)).length > 0 || localPatch(state.settings, counterId, local) !== null);
  /** Back, Cancel and Esc never drop typed changes without asking. */
  const leave = () => (dirty ? setConfirmingDiscard(true) : onClose());

  useEscape(() => (confirmingDiscard ? setConfirmingDiscard(false) : leave()));

  if (!counter || !draft || !baseline) {
    return (
      <main className="screen edit-screen">
        <header className="screen-header">
          <button type="button" className="icon" aria-label="Back" title="Back" onClick={onClose}>
            ←
          </button>
          <h1 className="title">Edit counter</h1>
        </header>
        <div className="screen-body">
          <p role="alert">This counter is no longer shared with you, so it cannot be edited. Its owner can share it again.</p>
          <div className="row-actions start">
            <button type="button" className="secondary" autoFocus onClick={onClose}>
              Back to the list
            </button>
          </div>
        </div>
      </main>
    );
  }
  const fields = PATCH_FIELDS_BY_TYPE[counter.type];
  const set = (key: keyof Draft) => (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value });

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!counter || !draft || !baseline || saving) return;
    const patch = patchFrom(baseline, draft);
    if (typeof patch === 'string') return setError(patch);
    const settingsPatch = localPatch(state.settings, counter.id, local);
    if (Object.keys(patch).length === 0 && !settingsPatch) return onClose();
    setError(null);
    setSaving(true);
    const results = await Promise.all([
      Object.keys(patch).length > 0 ? call(api, 'counter:update', { id: counter.id, patch }) : null,
      settingsPatch ? call(api, 'settings:update', settingsPatch) : null,
    ]);
    setSaving(false);
    const failed = results.find((result) => result !== null && !result.ok);
    if (failed && !failed.ok) setError(userMessage(failed.error));
    else onClose();
  }

  return (
    <main className="screen edit-screen">
      <header className="screen-header">
        <button type="button" className="icon" aria-label="Back" title="Back" onClick={leave}>
          ←
        </button>
        <h1 className="title">Edit counter</h1>
      </header>
      <div className="screen-body">
        <form className="stack" id={`${ids}-form`} onSubmit={save} noValidate aria-label={`Edit ${counter.name}`}>
          <label className="field" htmlFor={`${ids}-name`}>
            <span>Name</span>
            <input id={`${ids}-name`} autoFocus maxLength={NAME_MAX} value={draft.name} onChange={set('name')} aria-invalid={error ? true : undefined} />
          </label>
          {fields.includes('value') && (
            <label className="field" htmlFor={`${ids}-value`}>
              <span>Value</span>
              <input id={`${ids}-value`} type="number" step={1} inputMode="numeric" value={draft.value} onChange={set('value')} />
            </label>
          )}
          {fields.includes('startDate') && (
            <label className="field" htmlFor={`${ids}-start`}>
              <span>Counting since</span>
              <input id={`${ids}-start`} type="date" value={draft.startDate} onChange={set('startDate')} />
            </label>
          )}
          {fields.includes('endDate') && (
            <label className="field" htmlFor={`${ids}-end`}>
              <span>Counting down to</span>
              <input id={`${ids}-end`} type="date" value={draft.endDate} onChange={set('endDate')} />
            </label>
          )}
        </form>
        <CounterLocalSettings state={state} counter={counter} draft={local} onChange={setLocal} />
        {state.publicServer && (
          <p>
            <button type="button" className="link" onClick={() => void call(api, 'app:openLink', { target: 'counter', id: counter.id })}>
              Open in CountTogether
            </button>
          </p>
        )}
        <p className="error-text" role="alert">
          {error}
        </p>
        {confirmingDiscard ? (
          <ConfirmBar question="Discard your changes?" confirmLabel="Discard" onCancel={() => setConfirmingDiscard(false)} onConfirm={onClose} danger />
        ) : (
          <div className="row-actions">
            <button type="button" className="secondary" onClick={leave}>
              Cancel
            </button>
            {/* Not `disabled` while saving: that would drop keyboard focus to <body>. */}
            <button type="submit" form={`${ids}-form`} className="primary" aria-disabled={saving || undefined}>
              {saving ? 'Saving…' : 'Save'}
            </button>
          </div>
        )}
      </div>
    </main>
  );
}
