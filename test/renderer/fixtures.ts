// AppState fixtures for component tests, built by parsing through the contract's
// schemas so a fixture can never drift from what main really sends.
import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { createCounterTrayApi } from '../../src-main/preload/renderer-api';
import { DEFAULT_SETTINGS } from '../../src-shared/domain/settings';
import { CounterState, type ConnectionState, type Outbox } from '../../src-shared/domain/snapshot';
import { diffAppState } from '../../src-main/app/state/state-publisher';
import { AppState, type CounterTrayApi, type InvokeChannel, type IpcResult } from '../../src-shared/ipc/contract';

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
} & Partial<Pick<AppState, 'theme' | 'platform' | 'shortcutFailures' | 'systemTimezone' | 'locale' | 'updates' | 'appVersion' | 'extras' | 'resetUndo' | 'activity' | 'lastKnown' | 'publicServer' | 'ask'>>;

export function appState(input: StateInput = {}): AppState {
  const signedOut = input.signedOut ?? false;
  return AppState.parse({
    session: {
      status: signedOut ? 'signedOut' : 'signedIn',
      mode: 'account',
      serverUrl: DEFAULT_SETTINGS.serverUrl,
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
    publicServer: input.publicServer ?? false,
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
