// What the CountTogether .NET SDK (v1) sends and what it requires of the answers,
// restated from its source (test/compat/sources.ts → SDK). Not a port: only the requests
// it makes, the models it deserializes into, and HandleMessage's decisions, so that a
// service answer the SDK would drop or choke on fails here too.
import { z } from 'zod';
import type { Harness, HttpAnswer } from '../service/helpers';
import { readLong, stjEnum, stjInt32, stjLong, stjObject, stjUtcDateTimeOffset } from './system-text-json';

// ---- models (Counter.cs, CounterMember.cs, CounterType.cs, UpDownCounterMode.cs, PublicV1*CounterData.cs, ErrorObject.cs)

export const SdkCounterType = stjEnum(['UpDown', 'FromDate', 'ToDate']);
export const SdkMode = stjEnum(['OnlyUp', 'OnlyDown', 'UpAndDown']);

/** Guid.Parse(counter.Id) (example Program.cs) and the cache keyed by Guid.ToString(): lowercase "D" form. */
const SdkGuidString = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'not a lowercase "D" Guid');

export const SdkMember = stjObject({ userId: z.string(), displayName: z.string(), isAdmin: z.boolean() });

export const SdkCounter = stjObject({
  id: SdkGuidString,
  displayName: z.string(),
  type: SdkCounterType,
  // `List<CounterMember> Members = new()`: absent leaves it empty; null would break `.Members.Count`.
  members: z.array(SdkMember).optional(),
  // JsonElement?: any JSON; its shape is read by type (below).
  data: z.unknown().optional(),
});
export type SdkCounter = z.infer<typeof SdkCounter>;

// A missing `value` or `mode` would not throw in C#: it would silently read 0 / OnlyUp (the
// enum's first member). The mirror makes both required so that silent misreading fails.
export const SdkUpDownData = stjObject({ value: stjLong, mode: SdkMode });
export const SdkDateData = stjObject({ date: stjUtcDateTimeOffset });

/** How an SDK user reads `Counter.Data`, by `Counter.Type`. */
export function sdkData(counter: SdkCounter): z.infer<typeof SdkUpDownData> | z.infer<typeof SdkDateData> {
  return counter.type === 'UpDown' ? SdkUpDownData.parse(counter.data) : SdkDateData.parse(counter.data);
}

export const SdkErrorObject = stjObject({ message: z.string(), code: stjInt32 });

// ---- requests (CountTogetherClient.cs: CreateHttpClient, the REST helpers, ConnectWebSocketAsync)

/** The default request headers of CreateHttpClient (Authorization is added by the harness from the token). */
export const SDK_HEADERS: Record<string, string> = {
  'User-Agent': 'CountTogetherPublicApiSdkClient/1.0',
  'Library-Version': '1.0.0.0',
  'Library-Platform': '.NET',
  'Library-Platform-Version': '8.0.11',
  Accept: 'application/json',
};

export class SdkHttpError extends Error {
  constructor(readonly answer: HttpAnswer) {
    super(`HttpRequestException: Response status code does not indicate success: ${answer.status}`);
  }
}

/** `response.EnsureSuccessStatusCode()`: any status outside 200–299 throws. */
async function send(h: Harness, token: string, method: 'GET' | 'POST', path: string): Promise<HttpAnswer> {
  // PostAsync(url, null): no content, so no Content-Type.
  const answer = await h.request(method, path, { token, headers: SDK_HEADERS });
  if (answer.status < 200 || answer.status > 299) throw new SdkHttpError(answer);
  return answer;
}

export function sdkApi(h: Harness, token: string) {
  return {
    getCounters: async (): Promise<SdkCounter[]> => z.array(SdkCounter).parse(JSON.parse((await send(h, token, 'GET', '/v1/counters')).text)),
    getCounter: async (id: string): Promise<SdkCounter> => SdkCounter.parse(JSON.parse((await send(h, token, 'GET', `/v1/counters/${id}`)).text)),
    increment: async (id: string): Promise<number> => readLong((await send(h, token, 'POST', `/v1/counters/${id}/increment`)).text),
    decrement: async (id: string): Promise<number> => readLong((await send(h, token, 'POST', `/v1/counters/${id}/decrement`)).text),
  };
}

/** ConnectWebSocketAsync: `wss://host/v1/ws`, no query, the token in the Authorization header only. */
export function sdkSocketHeaders(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

// ---- HandleMessage (CountTogetherClient.cs) ------------------------------------------

export type SdkEvent =
  | { event: 'CounterUpdated'; counter: SdkCounterState }
  | { event: 'CounterDeleted'; id: string }
  | { event: 'CounterMemberlistChanged'; id: string };

export interface SdkCounterState {
  id: string;
  displayName: string;
  type?: string;
  data: unknown;
}

const Notification = stjObject({ method: z.string().nullable().optional(), params: z.unknown().optional() });
// counterId is `string = null!`: absent or null deserializes, then the cache lookup throws.
const CounterUpdatedParams = stjObject({ counterId: z.string().nullable().optional(), displayName: z.string().nullable().optional(), data: z.unknown().optional() });
const CounterRefParams = stjObject({ counterId: z.string().nullable().optional() });
const GUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/**
 * The SDK's cache and events. `handleMessage` takes one text frame and does what
 * HandleMessage does; anything that throws inside it is swallowed there ("Ignore malformed
 * messages"), so a message the SDK cannot use shows here as a message without an event.
 */
export class SdkClientMirror {
  readonly cache = new Map<string, SdkCounterState>();
  readonly events: SdkEvent[] = [];

  /** FetchAndCacheAllCountersAsync: the cache is keyed by `counter.Id` exactly as sent. */
  load(counters: SdkCounter[]): void {
    this.cache.clear();
    for (const c of counters) this.cache.set(c.id, { id: c.id, displayName: c.displayName, type: c.type, data: c.data });
  }

  handleMessage(text: string): void {
    try {
      this.dispatch(text);
    } catch {
      // HandleMessage's catch-all: the message is dropped without a trace.
    }
  }

  private dispatch(text: string): void {
    const parsed: unknown = JSON.parse(text);
    if (parsed === null) return;
    const note = Notification.parse(parsed);
    if (note.params === undefined || note.params === null) return;
    switch (note.method) {
      case 'counterUpdated': {
        const p = CounterUpdatedParams.parse(note.params);
        const key = requireKey(p.counterId);
        const cached = this.cache.get(key);
        const data = p.data === null ? undefined : p.data;
        // In the cache: merge what is given. Not in the cache: a partial counter (no type, no members).
        const counter: SdkCounterState = cached
          ? { ...cached, displayName: p.displayName ?? cached.displayName, data: data ?? cached.data }
          : { id: key, displayName: p.displayName ?? '', data };
        this.cache.set(key, counter);
        this.events.push({ event: 'CounterUpdated', counter });
        return;
      }
      case 'counterDeleted': {
        const key = requireKey(CounterRefParams.parse(note.params).counterId);
        this.cache.delete(key);
        if (GUID.test(key)) this.events.push({ event: 'CounterDeleted', id: key.toLowerCase() });
        return;
      }
      case 'counterMemberlistChanged': {
        const key = requireKey(CounterRefParams.parse(note.params).counterId);
        this.cache.delete(key); // invalidated: the next GetCounterAsync refetches
        if (GUID.test(key)) this.events.push({ event: 'CounterMemberlistChanged', id: key.toLowerCase() });
        return;
      }
      default:
        return; // unknown methods fall through the switch
    }
  }
}

/** ConcurrentDictionary lookups with a null key throw ArgumentNullException. */
function requireKey(key: string | null | undefined): string {
  if (key === null || key === undefined) throw new Error('ArgumentNullException: key');
  return key;
}
