// The v2 REST client (docs/api.md §4.2, §5, §7). Server text is sanitized where it enters; redirects
// are never followed, since the token would go along (README.md, "Traffic and liveness").
import { z } from 'zod';
import { BareNumber, CounterId, CounterV2, ErrorBody } from '../../src-shared/api/schemas';
import { ErrorCode } from '../../src-shared/api/error-codes';
import type { PatchBodyV2 } from '../../src-shared/api/schemas';
import type { Direction } from '../../src-shared/domain/snapshot';
import { createServerTextCleaner, TEXT_LIMITS, type ServerTextCleaner } from '../../src-shared/text/server-text';
import type { Clock } from './contract';
import { CoreError } from './contract';
import { NotDeliveredError, RateLimitedError, neverConnected, parseRetryAfter } from './errors';
import { DEFAULT_TUNING } from './tuning';
import { holdSlot } from './rate-scheduler';

interface ApiClientOptions {
  baseUrl: string;
  token: string;
  fetch: typeof fetch;
  clock: Clock;
  timeoutMs: number;
  /** Far longer than a read's: abandoning a mutation leaves its outcome unknown. */
  mutationTimeoutMs?: number;
  shutdown: AbortSignal;
  maxAnswerBytes?: number;
}

type Operation = 'read' | 'change' | 'patch';

interface RawResponse {
  status: number;
  body: unknown; // undefined for an empty body
}

/** The items that parsed, and the ones that did not (with their id when one could be read). */
export interface ListedCounters {
  counters: CounterV2[];
  unreadable: { id?: string; reason: string }[];
}

export interface ApiClient {
  listCounters(timezone: string): Promise<ListedCounters>;
  getCounter(id: string, timezone: string): Promise<CounterV2>;
  /** Undefined when the body was not a bare number (docs/api.md O2): the caller refetches. */
  change(id: string, direction: Direction, amount: number): Promise<number | undefined>;
  /** Undefined when the body was not a Counter v2 (docs/api.md O3): the caller refetches. */
  patch(id: string, body: PatchBodyV2): Promise<CounterV2 | undefined>;
  webSocketUrl(timezone: string): string;
  authHeaders(): Record<string, string>;
  /** Bound to this client's token; frames go through it too. */
  serverText: ServerTextCleaner;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const counterPath = (id: string) => `/v2/counters/${encodeURIComponent(id)}`;
  const mutation = options.mutationTimeoutMs ?? options.timeoutMs;
  const deadlines: Record<Operation, number> = { read: options.timeoutMs, change: mutation, patch: mutation };
  const authHeaders = () => ({ Authorization: `Bearer ${options.token}`, Accept: 'application/json' });
  const serverText = createServerTextCleaner([options.token]);
  const maxAnswerBytes = options.maxAnswerBytes ?? DEFAULT_TUNING.maxAnswerBytes;
  const cleanCounter = (counter: CounterV2): CounterV2 => ({ ...counter, name: serverText(counter.name, TEXT_LIMITS.name) });

  async function request(method: string, path: string, operation: Operation, init: { query?: Record<string, string>; json?: unknown } = {}): Promise<RawResponse> {
    if (options.shutdown.aborted) throw new CoreError('network', 'The core was stopped');
    const url = new URL(base + path);
    for (const [key, value] of Object.entries(init.query ?? {})) url.searchParams.set(key, value);
    const controller = new AbortController();
    const deadlineMs = deadlines[operation];
    const onShutdown = () => controller.abort();
    options.shutdown.addEventListener('abort', onShutdown);
    const headers: Record<string, string> = authHeaders();
    if (init.json !== undefined) headers['Content-Type'] = 'application/json';
    const exchange = (async () => {
      const response = await options.fetch(url, {
        method,
        headers,
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
        signal: controller.signal,
        // Never followed: fetch would send the Authorization header on to wherever the server points.
        redirect: 'manual',
      });
      return { response, answer: await readAnswer(response, maxAnswerBytes, controller) };
    })();
    // The deadline answers the caller; the request stays on the wire (it may still reach the server)
    // until its answer, or is closed after 3× the read deadline, so it cannot hold its rate slot for ever.
    let deadline: unknown;
    const abandon = options.clock.setTimeout(() => controller.abort(), Math.max(deadlineMs, 3 * options.timeoutMs));
    const wire = exchange.then(
      () => undefined,
      () => undefined,
    );
    holdSlot(wire);
    void wire.then(() => {
      options.clock.clearTimeout(deadline);
      options.clock.clearTimeout(abandon);
      options.shutdown.removeEventListener('abort', onShutdown);
    });
    const timedOut = new Promise<never>((_resolve, reject) => {
      deadline = options.clock.setTimeout(() => reject(new CoreError('timeout', `No answer within ${deadlineMs} ms`)), deadlineMs);
    });
    try {
      const { response, answer } = await Promise.race([exchange, timedOut]);
      if (response.status >= 300 && response.status < 400) {
        throw new CoreError('badResponse', `The server answered with a redirect (HTTP ${response.status}); Counter Tray does not follow redirects, so the token stays with the server it was entered for.`, response.status);
      }
      const body = answer.tooLarge ? invalidJson : parseJson(answer.text);
      if (!response.ok) throw errorFor(response.status, body, response.headers.get('retry-after'), operation, options.clock.now(), serverText);
      if (answer.tooLarge && operation === 'read') throw new CoreError('badResponse', `The server's answer is larger than ${maxAnswerBytes} bytes; it was not read.`, response.status);
      if (body !== invalidJson) return { status: response.status, body };
      // A 2xx on a mutation means it was applied: whatever its body, the caller refetches.
      if (operation !== 'read') return { status: response.status, body: undefined };
      throw new CoreError('badResponse', `The server sent a body that is not JSON (HTTP ${response.status})`, response.status);
    } catch (error) {
      if (error instanceof CoreError) throw error;
      if (neverConnected(error)) throw new NotDeliveredError(`Could not reach the server: ${causeOf(error)}`);
      throw new CoreError('network', `Could not reach the server: ${causeOf(error)}`);
    }
  }

  return {
    async listCounters(timezone) {
      const { body } = await request('GET', '/v2/counters', 'read', { query: { timezone } });
      if (!Array.isArray(body)) throw new CoreError('badResponse', 'GET /v2/counters did not return a list');
      // Keep the good items: one odd counter must not hide all the others.
      const counters: CounterV2[] = [];
      const unreadable: ListedCounters['unreadable'] = [];
      for (const item of body) {
        const parsed = CounterV2.safeParse(item);
        if (parsed.success) counters.push(cleanCounter(parsed.data));
        else unreadable.push({ id: ItemId.safeParse(item).data?.id, reason: parsed.error.issues[0]?.message ?? 'invalid' });
      }
      return { counters, unreadable };
    },
    async getCounter(id, timezone) {
      const { body } = await request('GET', counterPath(id), 'read', { query: { timezone } });
      const parsed = CounterV2.safeParse(body);
      if (!parsed.success) throw new CoreError('badResponse', `GET ${counterPath(id)} did not return a counter`);
      return cleanCounter(parsed.data);
    },
    async change(id, direction, amount) {
      const { body } = await request('POST', `${counterPath(id)}/${direction}/${amount}`, 'change');
      const parsed = BareNumber.safeParse(body);
      return parsed.success ? parsed.data : undefined;
    },
    async patch(id, patchBody) {
      const { body } = await request('PATCH', counterPath(id), 'patch', { json: patchBody });
      const parsed = CounterV2.safeParse(body);
      return parsed.success ? cleanCounter(parsed.data) : undefined;
    },
    webSocketUrl(timezone) {
      const url = new URL(`${base}/v2/ws`);
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
      url.searchParams.set('timezone', timezone);
      return url.toString();
    },
    authHeaders,
    serverText,
  };
}

interface Answer {
  text: string;
  tooLarge: boolean;
}

/** The body as text, abandoned as soon as it (or its declared length) passes `limit`. */
async function readAnswer(response: Response, limit: number, connection: AbortController): Promise<Answer> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  const abandon = async (): Promise<Answer> => {
    // Close the connection first: cancelling the body alone may let fetch drain the rest.
    connection.abort();
    await response.body?.cancel().catch(() => undefined);
    return { text: '', tooLarge: true };
  };
  if (declared > limit) return abandon();
  if (!response.body) return { text: '', tooLarge: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) return abandon();
    chunks.push(value);
  }
  return { text: new TextDecoder().decode(Buffer.concat(chunks)), tooLarge: false };
}

const invalidJson = Symbol('invalid JSON');

/** Just enough of an unreadable list item to know which counter it was. */
const ItemId = z.object({ id: CounterId });

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return invalidJson;
  }
}

function causeOf(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    if (cause instanceof Error) return `${error.message} (${(cause as Error & { code?: string }).code ?? cause.message})`;
    return error.message;
  }
  return String(error);
}

/** docs/api.md §7: keyed on the status and the known codes, with the server's own message (O7). */
function errorFor(status: number, body: unknown, retryAfter: string | null, operation: Operation, now: number, serverText: ServerTextCleaner): CoreError {
  const parsed = ErrorBody.safeParse(body);
  const code = parsed.success ? parsed.data.code : undefined;
  // Nothing left of the server's words once sanitized: say what we know.
  const message = (parsed.success ? serverText(parsed.data.message, TEXT_LIMITS.message) : '') || `The server answered HTTP ${status}`;
  switch (status) {
    case 400:
      if (code === ErrorCode.InvalidAmount) return new CoreError('invalidAmount', message, status, code);
      // On increment/decrement it is InvalidOperationForCounterType, whatever its number.
      if (operation === 'change') return new CoreError('invalidOperation', message, status, code);
      return new CoreError('badRequest', message, status, code);
    case 401:
      return new CoreError('unauthorized', message, status, code);
    case 403:
      return new CoreError('forbidden', message, status, code);
    case 404:
      return new CoreError('notFound', message, status, code);
    case 429:
      return new RateLimitedError(message, parseRetryAfter(retryAfter, now), code);
    default:
      return new CoreError(status >= 500 ? 'server' : 'badRequest', message, status, code);
  }
}
