// A simulated second user for demo mode. Now and then Alan, who shares "Coffees today"
// and "Cookies left" with the demo user, changes one of them through the service's real
// HTTP API with his own token, so the app hears about it the normal way (a
// counterUpdated notification on its WebSocket) and shows a live update and an OS
// notification. One request at a time, at most one per interval (never below 1 s),
// keeps Alan far inside the per-user rate limit; a 429 doubles the wait instead.
import { DEMO_COUNTER_IDS, DEMO_OTHER_TOKEN } from './demo-fixtures';

/** The timers the activity needs; tests pass a fake clock. */
export interface ActivityTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface DemoActivityOptions {
  /** Time between two changes. Default 20 s; never less than 1 s. */
  intervalMs?: number;
  /** Time before the first change (default 8 s: soon enough to be seen on a first try). */
  firstDelayMs?: number;
  clock?: ActivityTimers;
  /** A member of the shared demo counters other than the demo user. Default: Alan's token. */
  token?: string;
  fetch?: typeof fetch;
  /** A step that failed for a reason other than the rate limit (the demo goes on). */
  onError?: (message: string) => void;
}

export interface DemoActivity {
  /** Changes the service accepted so far. */
  readonly changes: number;
  /** Resolves once the step under way (if any) has finished. */
  idle(): Promise<void>;
  /** Cancels the next step and the request in flight; nothing runs afterwards. */
  stop(): Promise<void>;
}

interface Step {
  method: 'POST' | 'PATCH';
  path: string;
  body?: unknown;
}

const MIN_INTERVAL_MS = 1_000;
const MAX_BACKOFF_FACTOR = 8;
const COOKIES_RESTOCKED = 12;

const coffeeUp: Step = { method: 'POST', path: `/v2/counters/${DEMO_COUNTER_IDS.coffees}/increment` };
const cookieEaten: Step = { method: 'POST', path: `/v2/counters/${DEMO_COUNTER_IDS.cookiesLeft}/decrement` };
const cookiesRestocked: Step = { method: 'PATCH', path: `/v2/counters/${DEMO_COUNTER_IDS.cookiesLeft}`, body: { value: COOKIES_RESTOCKED } };
/** The routine Alan repeats: a coffee, a cookie, another coffee. */
const ROUTINE: readonly Step[] = [coffeeUp, cookieEaten, coffeeUp];

const realTimers: ActivityTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function startDemoActivity(service: { readonly url: string }, options: DemoActivityOptions = {}): DemoActivity {
  const interval = Math.max(MIN_INTERVAL_MS, options.intervalMs ?? 20_000);
  const clock = options.clock ?? realTimers;
  const token = options.token ?? DEMO_OTHER_TOKEN;
  const doFetch = options.fetch ?? fetch;
  let position = 0;
  let restockNext = false;
  let backoff = 1;
  let changes = 0;
  let stopped = false;
  let timer: unknown;
  let inFlight: Promise<void> = Promise.resolve();
  let abort: AbortController | null = null;

  function schedule(ms: number): void {
    if (stopped) return;
    timer = clock.setTimeout(() => {
      timer = undefined;
      inFlight = runStep();
    }, ms);
  }

  async function runStep(): Promise<void> {
    const step = restockNext ? cookiesRestocked : (ROUTINE[position % ROUTINE.length] ?? coffeeUp);
    abort = new AbortController();
    let status: number;
    let body: string;
    try {
      const response = await doFetch(new URL(step.path, service.url), {
        method: step.method,
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', ...(step.body ? { 'Content-Type': 'application/json' } : {}) },
        ...(step.body ? { body: JSON.stringify(step.body) } : {}),
        signal: abort.signal,
      });
      status = response.status;
      body = await response.text(); // read whole, so the connection is free for the next step
    } catch (error) {
      if (stopped) return;
      options.onError?.(`demo activity: ${error instanceof Error ? error.message : String(error)}`);
      return schedule(interval);
    } finally {
      abort = null;
    }
    if (stopped) return;
    if (status === 429) {
      // Same step again, later: the refused request changed nothing.
      backoff = Math.min(backoff * 2, MAX_BACKOFF_FACTOR);
      return schedule(interval * backoff);
    }
    backoff = 1;
    if (status >= 200 && status < 300) {
      changes += 1;
      if (restockNext) restockNext = false;
      else position += 1;
      // "Cookies left" only counts down and the service lets it go below zero: Alan buys more.
      if (step === cookieEaten && valueOf(body) <= 0) restockNext = true;
    } else {
      options.onError?.(`demo activity: ${step.method} ${step.path} answered ${status}`);
      position += 1;
      restockNext = false;
    }
    schedule(interval);
  }

  schedule(Math.max(0, options.firstDelayMs ?? 8_000));

  return {
    get changes() {
      return changes;
    },
    idle: () => inFlight,
    async stop() {
      stopped = true;
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
      abort?.abort();
      await inFlight.catch(() => undefined);
    },
  };
}

/** The new value from a decrement answer (a bare number by default); +Infinity when unknown. */
function valueOf(body: string): number {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'number') return parsed;
    if (typeof parsed === 'object' && parsed !== null && 'value' in parsed && typeof parsed.value === 'number') return parsed.value;
  } catch {
    // an empty 204 or another shape: no reason to restock
  }
  return Number.POSITIVE_INFINITY;
}
