// What the CountTogether Home Assistant integration (v2) sends and what it requires of the
// answers, restated from its source (test/compat/sources.ts → HA): api.py's requests and
// status handling, aiohttp's `resp.json()`, `int(result)`, and the coordinator's handling
// of WebSocket messages. A service answer that would raise inside the integration raises here.
import { z } from 'zod';
import type { Harness } from '../service/helpers';
import type { Frame } from './raw-socket';

// ---- api.py: CountTogetherClient ------------------------------------------------------

export class HaAuthError extends Error {}
export class HaNotFoundError extends Error {}
export class HaApiError extends Error {}

/** What sensor.py and services.py read from a counter dict (const.py spells the types). */
export const HaCounter = z
  .object({
    id: z.string(), // coordinator: {c["id"]: c}
    name: z.string(), // device name, "Skipped: <name>"
    type: z.enum(['UpDown', 'FromDate', 'ToDate']), // compared with ==, case and all
    value: z.number(), // the value sensor's state, state_class MEASUREMENT: numeric
    created: z.string(), // the value sensor's "created" attribute
    startDate: z.iso.date().optional(), // the start-date sensor, device class DATE
    endDate: z.iso.date().optional(), // the end-date sensor, device class DATE
  })
  .refine((c) => c.type !== 'FromDate' || c.startDate !== undefined, 'a FromDate counter without startDate')
  .refine((c) => c.type !== 'ToDate' || c.endDate !== undefined, 'a ToDate counter without endDate');
export type HaCounter = z.infer<typeof HaCounter>;

/** Python's `int(x)` on what `resp.json()` returned: numbers truncate, numeric strings parse, the rest raise. */
export function pythonInt(x: unknown): number {
  if (typeof x === 'number' && Number.isFinite(x)) return Math.trunc(x);
  if (typeof x === 'boolean') return x ? 1 : 0;
  if (typeof x === 'string' && /^\s*[+-]?\d+\s*$/.test(x)) return Number.parseInt(x, 10);
  throw new TypeError(`int() argument must be a string or a real number, not ${x === null ? 'NoneType' : typeof x}`);
}

/** The request log entry of one call, so tests can show what HA put on the wire. */
export interface HaWireCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export function haClient(h: Harness, token: string, timezone: string) {
  const calls: HaWireCall[] = [];

  /** `_request`: `timezone` on every call, the same three headers on every call, JSON body only when given. */
  async function request(method: string, path: string, json?: Record<string, unknown>): Promise<unknown> {
    const query = new URLSearchParams({ timezone }); // params.setdefault("timezone", self._timezone)
    const url = `/v2${path}?${query.toString()}`;
    const headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
    const body = json === undefined ? undefined : JSON.stringify(json);
    calls.push({ method, url, headers: { Authorization: `Bearer ${token}`, ...headers }, body });
    const res = await h.request(method, url, { token, headers, body });
    if (res.status === 401 || res.status === 403) throw new HaAuthError(`Authentication failed: ${res.status}`);
    if (res.status === 404) throw new HaNotFoundError(`Not found: ${path}`);
    if (res.status < 200 || res.status >= 400) throw new HaApiError(`API error ${res.status}: ${res.text}`);
    if (res.status === 204) return null;
    return aiohttpJson(res.headers, res.text);
  }

  /** `data` envelopes are unwrapped where api.py unwraps them. */
  const unwrap = (data: unknown): unknown => (isDict(data) && 'data' in data ? data.data : data);

  return {
    calls,
    listCounters: async (): Promise<unknown[]> => {
      const data = await request('GET', '/counters');
      if (Array.isArray(data)) return data;
      if (isDict(data)) return Array.isArray(data.data) ? data.data : [];
      throw new TypeError("'NoneType' object has no attribute 'get'");
    },
    getCounter: async (id: string): Promise<unknown> => unwrap(await request('GET', `/counters/${id}`)),
    // Always the /{amount} form, also for 1 (button.py passes 1).
    increment: async (id: string, amount = 1): Promise<number> => pythonInt(await request('POST', `/counters/${id}/increment/${amount}`)),
    decrement: async (id: string, amount = 1): Promise<number> => pythonInt(await request('POST', `/counters/${id}/decrement/${amount}`)),
    patchCounter: async (id: string, fields: { name?: string; value?: number; startDate?: string; endDate?: string }): Promise<unknown> =>
      unwrap(await request('PATCH', `/counters/${id}`, fields)),
    /** `ws_url`: the zone is appended as is, not percent-encoded. */
    wsUrl: (): string => `${h.service.url.replace(/^http/, 'ws')}/v2/ws?timezone=${timezone}`,
  };
}

/**
 * aiohttp's `ClientResponse.json()`: refuses any Content-Type but application/json
 * (ContentTypeError), answers None for an empty body, else json.loads.
 */
function aiohttpJson(headers: Headers, text: string): unknown {
  const mime = headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (mime !== 'application/json') throw new HaApiError(`ContentTypeError: unexpected mimetype ${mime ?? '(none)'}`);
  if (text.trim() === '') return null;
  return JSON.parse(text) as unknown;
}

function isDict(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

// ---- coordinator.py: CountTogetherCoordinator -------------------------------------------

export type HaOutcome = 'merged' | 'refreshed' | 'removed' | 'ignored';

/** An exception out of `_handle_ws_message`: `_ws_listener` catches it, drops the socket and reconnects. */
export class HaListenerCrash extends Error {}

export class HaCoordinatorMirror {
  data = new Map<string, Record<string, unknown>>();
  refreshes = 0;

  constructor(private readonly client: ReturnType<typeof haClient>) {}

  /** `_async_update_data`: the list keyed by each counter's `id`. */
  async refresh(): Promise<void> {
    this.refreshes += 1;
    const next = new Map<string, Record<string, unknown>>();
    for (const c of await this.client.listCounters()) {
      if (!isDict(c) || !('id' in c)) throw new HaListenerCrash("KeyError: 'id'");
      next.set(String(c.id), c);
    }
    this.data = next;
  }

  /** `_ws_listener` hands TEXT frames to `_handle_ws_message`; other kinds are skipped. */
  async onFrame(frame: Frame): Promise<HaOutcome> {
    if (frame.binary) return 'ignored';
    return this.handleWsMessage(frame.text);
  }

  async handleWsMessage(raw: string): Promise<HaOutcome> {
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      return 'ignored'; // json.JSONDecodeError → return
    }
    // data.get(...) and params.get(...) run before the method is looked at: both must be dicts.
    if (!isDict(data)) throw new HaListenerCrash(`AttributeError: '${typeof data}' object has no attribute 'get'`);
    const params = 'params' in data ? data.params : {};
    if (!isDict(params)) throw new HaListenerCrash(`AttributeError: params is not a dict`);
    const counterId = params.counterId;
    const method = data.method;
    const known = typeof counterId === 'string' && this.data.has(counterId);
    if (method === 'counterUpdated' && truthy(counterId)) {
      if (!known) {
        await this.refresh(); // "Unknown counter – could be newly shared/created; reload all"
        return 'refreshed';
      }
      const updated = { ...this.data.get(counterId as string) };
      for (const key of ['name', 'type', 'value']) if (key in params) updated[key] = params[key];
      this.data.set(counterId as string, updated);
      return 'merged';
    }
    if (method === 'counterDeleted' && truthy(counterId)) {
      if (!known) return 'ignored';
      this.data.delete(counterId as string); // and its device is removed from the registry
      return 'removed';
    }
    if (method === 'counterMemberlistChanged') {
      await this.refresh();
      return 'refreshed';
    }
    return 'ignored';
  }
}

/** Python truthiness of a JSON value. */
function truthy(v: unknown): boolean {
  if (v === null || v === undefined || v === false || v === 0 || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  if (isDict(v)) return Object.keys(v).length > 0;
  return true;
}
