// AppState fixtures for component tests, built by parsing through the contract's
// schemas so a fixture can never drift from what main really sends; the renders several tests share.
import { act, configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { createCounterTrayApi } from '../../src-main/preload/renderer-api';
import { DEFAULT_SETTINGS } from '../../src-shared/domain/settings';
import { CounterState, type ConnectionState, type Outbox } from '../../src-shared/domain/snapshot';
import { diffAppState } from '../../src-main/app/state/state-publisher';
import { AppState, type CounterTrayApi, type InvokeChannel, type IpcResult } from '../../src-shared/ipc/contract';
import { App } from '../../src-renderer/App';
import { computeHistory } from '../../src-main/app/activity/history';
import { ActivityRecord } from '../../src-main/app/activity/record';
import type { ActivityDetail } from '../../src-shared/domain/activity';
import type { ActivityHistory, HistoryRange } from '../../src-shared/domain/history';
import type { Organisation } from '../../src-shared/domain/organise';
import { firstDayOfWeek } from '../../src-shared/time/week-start';

// findBy* waits end at the event they wait for; their cap is only how long to wait before calling
// it a failure. A lazy screen or a catalog is transformed by Vite on its first import, which on a
// loaded 2-core machine takes more than testing-library's default 1 s: wait up to 10 s instead.
configure({ asyncUtilTimeout: 10_000 });

export const IDS = {
  coffee: '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b12',
  movedIn: '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b13',
  trip: '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b14',
  pushUps: '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b15',
} as const;

type CounterInput = Partial<CounterState> & Pick<CounterState, 'id' | 'name' | 'type' | 'value'>;

export function counter(input: CounterInput): CounterState {
  return CounterState.parse({ pending: false, refused: {}, ...input });
}

export const COUNTERS = {
  coffee: counter({ id: IDS.coffee, name: 'Coffees today', type: 'UpDown', value: 3 }),
  movedIn: counter({ id: IDS.movedIn, name: 'Since we moved in', type: 'FromDate', value: 412, startDate: '2024-02-29' }),
  trip: counter({ id: IDS.trip, name: 'Until the trip', type: 'ToDate', value: 99, endDate: '2027-03-01' }),
  pushUps: counter({ id: IDS.pushUps, name: 'Push-ups', type: 'UpDown', value: 40 }),
};

type StateInput = {
  counters?: CounterState[];
  connection?: Partial<ConnectionState>;
  outbox?: Partial<Outbox>;
  session?: Partial<AppState['session']>;
  settings?: Partial<AppState['settings']>;
  signedOut?: boolean;
  /** Signed in to the public CountTogether service. */
  publicServer?: boolean;
} & Partial<Pick<AppState, 'theme' | 'platform' | 'shortcutFailures' | 'systemTimezone' | 'locale' | 'updates' | 'appVersion' | 'extras' | 'resetUndo' | 'activity' | 'lastKnown' | 'ask'>>;

export function appState(input: StateInput = {}): AppState {
  const signedOut = input.signedOut ?? false;
  return AppState.parse({
    session: {
      status: signedOut ? 'signedOut' : 'signedIn',
      mode: 'account',
      // Not the public service unless asked: it has a web page per counter, which some screens offer.
      serverUrl: input.publicServer ? DEFAULT_SETTINGS.serverUrl : 'http://127.0.0.1:8787',
      tokenStorage: signedOut ? 'none' : 'encrypted',
      encryptionWeak: false,
      ...input.session,
    },
    core: signedOut
      ? null
      : {
          connection: { status: 'live', ...input.connection },
          counters: input.counters ?? Object.values(COUNTERS),
          stats: { requests: 1, rateLimited: 0, notifications: 0, ignoredFrames: 0, resyncs: 0 },
          outbox: { clicks: 0, ...input.outbox },
        },
    settings: { ...DEFAULT_SETTINGS, ...input.settings },
    shortcutFailures: input.shortcutFailures ?? [],
    theme: input.theme ?? 'light',
    platform: input.platform ?? 'linux',
    systemTimezone: input.systemTimezone ?? 'Europe/Berlin',
    locale: input.locale ?? { language: 'en', formats: 'en-US', system: 'en' },
    activity: input.activity ?? { today: {}, undo: null },
    lastKnown: input.lastKnown ?? null,
    ask: input.ask ?? null,
    ...(input.updates ? { updates: input.updates } : {}),
    ...(input.appVersion ? { appVersion: input.appVersion } : {}),
    ...(input.extras ? { extras: input.extras } : {}),
    ...(input.resetUndo !== undefined ? { resetUndo: input.resetUndo } : {}),
    revision: 1,
  });
}

type Handler = (request: unknown) => IpcResult<unknown> | Promise<IpcResult<unknown>>;
type IpcListener = (event: unknown, payload: unknown) => void;

/**
 * The real preload API (src-main/preload/renderer-api.ts) over a fake ipcRenderer: records
 * invokes, answers from handlers, and lets a test push state changes as main does.
 */
export function fakeApi(initial: AppState, handlers: Partial<Record<InvokeChannel, Handler>> = {}) {
  const listeners = new Map<string, Set<IpcListener>>();
  /** The state as main last numbered it: what `state:get` answers and the next delta starts from. */
  let sent = initial;
  const invoke = vi.fn(async (channel: InvokeChannel, request: unknown): Promise<IpcResult<unknown>> => {
    const handler = handlers[channel];
    if (handler) return handler(request);
    if (channel === 'state:get') return { ok: true, value: sent };
    if (channel === 'settings:update') return { ok: true, value: { ...initial.settings, ...(request as object) } };
    return { ok: true, value: null };
  });
  const api: CounterTrayApi = createCounterTrayApi({
    invoke: (channel, request) => invoke(channel as InvokeChannel, request),
    on(channel, listener) {
      const set = listeners.get(channel) ?? new Set();
      set.add(listener);
      listeners.set(channel, set);
    },
    removeListener: (channel, listener) => void listeners.get(channel)?.delete(listener),
  });
  return {
    api,
    invoke,
    /** Push a state:delta the way main would (untyped, as after a process hop). */
    emit(event: 'state:delta', payload: unknown) {
      for (const listener of listeners.get(event) ?? []) listener({ sender: 'main' }, payload);
    },
    /** Main's state becomes `next`: the popup is sent what changed, as one `state:delta` (main's own diff). */
    push(next: AppState) {
      const body = diffAppState(sent, next);
      if (!body) return;
      const delta = { from: sent.revision, to: sent.revision + 1, ...body };
      sent = { ...next, revision: delta.to };
      this.emit('state:delta', structuredClone(delta));
    },
    /** The requests sent on one channel. */
    calls(channel: InvokeChannel): unknown[] {
      return invoke.mock.calls.filter(([c]) => c === channel).map(([, request]) => request);
    },
  };
}

/** Opens a counter's row menu with its ⋯ button and chooses an item (its English words). */
export async function chooseRowAction(name: string, item: string, actionsLabel = `Actions for ${name}`): Promise<void> {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: actionsLabel }));
  const menu = await screen.findByRole('menu', { name: actionsLabel }, { timeout: 5000 });
  const found = [...menu.querySelectorAll<HTMLElement>('[role^="menuitem"]')].find((entry) => entry.textContent?.trim() === item);
  if (!found) throw new Error(`no "${item}" in the menu of ${name}`);
  await user.click(found);
}

/** The list as the popup opens it. */
export async function renderList(state = appState()) {
  const fake = fakeApi(state);
  render(<App api={fake.api} />);
  await screen.findByLabelText('Search counters', {}, { timeout: 5000 });
  return fake;
}

export const organisation = (more: Partial<Organisation> = {}): Organisation => ({ groups: [], order: [], hidden: [], sort: 'manual', changedAt: {}, ...more });
export const work = (folded: boolean) => [{ id: 'g1', name: 'Work', folded, counters: [IDS.coffee, IDS.pushUps] }];

/** The list, and main's state pushed on after it the way main sends it: one delta. */
export async function renderPushable(state: AppState) {
  const fake = fakeApi(state, { 'group:fold': () => ({ ok: true, value: null }) });
  render(<App api={fake.api} />);
  await screen.findByLabelText('Search counters', {}, { timeout: 5000 });
  let current = state;
  /** Main's state moves on: the popup is sent one delta, as from main. */
  const push = (change: (state: AppState) => AppState) => {
    current = change(current);
    act(() => fake.push(current));
  };
  /** One counter's new fields, the rest of the state as it was. */
  const pushCounter = (id: string, fields: Partial<CounterState>) => push((s) => ({ ...s, core: { ...s.core!, counters: s.core!.counters.map((c) => (c.id === id ? { ...c, ...fields } : c)) } }));
  return { fake, push, pushCounter };
}

/** 14 days of a counter's activity detail. */
export function activityDetail(): ActivityDetail {
  const days = Array.from({ length: 14 }, (_, i) => ({ date: `2026-11-${String(10 + i).padStart(2, '0')}`, you: i % 3, others: i % 2, value: 10 + i }));
  return {
    counterId: IDS.coffee,
    today: { you: 3, others: 1 },
    days,
    events: [
      { kind: 'others', at: Date.now() - 60_000, from: 6, to: 7 },
      { kind: 'own', at: Date.now() - 120_000, amount: 3, outcome: 'applied', sources: { shortcut: 3 } },
    ],
  };
}

/** What main answers for 14 days of activityDetail(): its days as the record's totals, recorded from the first. */
export function activityHistory(): ActivityHistory {
  const days = activityDetail().days;
  return computeHistory({
    counterId: IDS.coffee,
    range: 'twoWeeks',
    today: days.at(-1)?.date ?? '',
    firstDayOfWeek: 7,
    firstRecorded: days[0]?.date ?? '',
    currentValue: days.at(-1)?.value ?? 0,
    totalsBetween: () => new Map(days.map((d) => [d.date, { you: d.you, others: d.others }])),
    streak: { refused: { increment: false, decrement: false }, goal: null },
  });
}

/** The list, with the activity view's answers ready. */
export async function renderWithActivity(state: AppState) {
  const fake = fakeApi(state, { 'activity:detail': () => ({ ok: true, value: activityDetail() }), 'activity:history': () => ({ ok: true, value: activityHistory() }) });
  render(<App api={fake.api} />);
  await screen.findByRole('list', { name: 'Counters' });
  return fake;
}

// A record on a fixed day (Wednesday 25 November 2026, Berlin), and main's own computeHistory over it.
/** The catalog and the activity chunk load on first use: on a busy machine that outlasts the default second. */
export const SLOW = { timeout: 10_000 };

const ZONE = 'Europe/Berlin';
const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 25, 10, 0, 0);
const noon = (daysAgo: number) => NOW + HOUR - daysAgo * 24 * HOUR;

/** The record: begun 40 days ago; +1 a day by you on days 1–3 and 10–14 ago, +2 you and +1 others today, a −4 twenty days ago. */
function record(): ActivityRecord {
  const r = new ActivityRecord();
  r.compact(NOW - 40 * 24 * HOUR, ZONE);
  const own = (ago: number, amount: number) => r.append(IDS.coffee, { kind: 'own', at: noon(ago), amount, outcome: 'applied', sources: { popup: amount } }, ZONE);
  for (const ago of [14, 13, 12, 11, 10, 3, 2, 1]) own(ago, 1);
  own(20, -4);
  own(0, 2);
  r.append(IDS.coffee, { kind: 'others', at: noon(0) + 60_000, from: 4, to: 5 }, ZONE);
  return r;
}

function answer(range: HistoryRange, locale: string) {
  const r = record();
  return computeHistory({
    counterId: IDS.coffee,
    range,
    today: '2026-11-25',
    firstDayOfWeek: firstDayOfWeek(locale),
    firstRecorded: r.firstDay(NOW, ZONE),
    currentValue: 5,
    totalsBetween: (from, until, stepsOnly) => r.totalsBetween(IDS.coffee, from, until, ZONE, stepsOnly),
    streak: { refused: { increment: false, decrement: false }, goal: null },
  });
}

const EMPTY_DETAIL: ActivityDetail = { counterId: IDS.coffee, today: { you: 2, others: 1 }, days: [], events: [] };

/** `held`: main's answer for that range waits until the test lets it go (through `release`). */
export async function openHistory(state: AppState = appState({ activity: { today: { [IDS.coffee]: 3 }, undo: null } }), held?: { range: HistoryRange; release?: () => void }) {
  const fake = fakeApi(state, {
    'activity:detail': () => ({ ok: true, value: EMPTY_DETAIL }),
    'activity:history': (request) => {
      const range = (request as { range: HistoryRange }).range;
      const result = { ok: true as const, value: answer(range, state.locale.formats) };
      if (range !== held?.range) return result;
      return new Promise((resolve) => (held.release = () => resolve(result)));
    },
  });
  render(<App api={fake.api} />);
  await screen.findByRole('list', { name: state.locale.language === 'de' ? 'Zähler' : 'Counters' }, SLOW);
  if (state.locale.language === 'de') await chooseRowAction('Coffees today', 'Verlauf', 'Aktionen für Coffees today');
  else await chooseRowAction('Coffees today', 'Activity');
  return fake;
}
