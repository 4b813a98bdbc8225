// Fuzzing the wire: random and mutated JSON for every response the core parses and
// for WebSocket frames. No exception other than a CoreError escapes the REST client; the
// frame parser never throws; and a running core whose socket receives garbage keeps its
// state untouched and keeps working.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src-main/core/api-client';
import { CoreError } from '../../src-main/core/index';
import type { Clock } from '../../src-main/core/index';
import { parseFrame } from '../../src-main/core/live-socket';
import { createServerTextCleaner } from '../../src-shared/text/server-text';
import { BareNumber, CounterV2 } from '../../src-shared/api/schemas';
import { SHARED, USERS, startCore, startService, until } from '../support/core-harness';
import { FUZZ_RUNS, SEED } from './support/knobs';
import { asWireText, mutated } from './support/mutate';

const clean = createServerTextCleaner([]);

const counted = { frames: 0, responses: 0, socketFrames: 0 };
afterAll(() => console.info(`[hardening:fuzz-wire] seed=${SEED} frames parsed=${counted.frames} responses parsed=${counted.responses} frames sent to a live core=${counted.socketFrames}`));

const COUNTER = { id: SHARED[0]!, name: 'Shared counter 1', type: 'UpDown', value: 100, created: '2026-01-05T09:00:00Z' };
const DATED = { id: SHARED[1]!, name: 'Since we moved in', type: 'FromDate', value: 999, startDate: '2024-02-29', created: '2024-02-29T18:30:00.000Z' };
const VALID_FRAMES = [
  { jsonrpc: '2.0', method: 'counterUpdated', params: { counterId: SHARED[0], name: 'Shared counter 1', type: 'UpDown', value: 7 } },
  { jsonrpc: '2.0', method: 'counterDeleted', params: { counterId: SHARED[0] } },
  { jsonrpc: '2.0', method: 'counterDeleted', params: { id: SHARED[0] } },
  { jsonrpc: '2.0', method: 'counterMemberlistChanged', params: { counterId: SHARED[0] } },
];
const frameText = asWireText(fc.oneof(fc.constantFrom(...VALID_FRAMES).chain((frame) => mutated(frame)), fc.jsonValue({ maxDepth: 4 })));

describe('WebSocket frames', () => {
  it('parseFrame never throws, on text or bytes, and classifies consistently', () => {
    fc.assert(
      fc.property(frameText, fc.boolean(), (text, asBuffer) => {
        counted.frames += 1;
        const frame = parseFrame(asBuffer ? Buffer.from(text) : text, false, clean);
        expect(['counterUpdated', 'counterDeleted', 'counterMemberlistChanged', 'ignored']).toContain(frame.kind);
        expect(parseFrame(asBuffer ? text : Buffer.from(text), false, clean)).toEqual(frame);
        expect(parseFrame(Buffer.from(text), true, clean)).toEqual({ kind: 'ignored', reason: 'binary' });
      }),
      { numRuns: FUZZ_RUNS * 3, seed: SEED },
    );
  });

  it('a live core fed garbage frames keeps its counters untouched and keeps syncing', async () => {
    const service = await startService();
    const core = await startCore(service.url, USERS.ada.token);
    const known = new Set(core.snapshot().counters.map((c) => c.id));
    // Frames that name a known counter validly would change it legitimately; everything else must not.
    const harmless = fc.sample(frameText, { numRuns: Math.max(50, Math.floor(FUZZ_RUNS / 2)), seed: SEED }).filter((text) => {
      const frame = parseFrame(text, false, clean);
      if (frame.kind === 'counterUpdated') return !known.has(frame.params.counterId);
      if (frame.kind === 'counterDeleted') return frame.counterId === undefined || !known.has(frame.counterId);
      return true;
    });
    const before = core.snapshot();
    const seenBefore = before.stats.notifications + before.stats.ignoredFrames;
    for (const text of harmless) service.broadcastRaw(USERS.ada.id, text);
    counted.socketFrames += harmless.length;
    await until(core, (s) => s.stats.notifications + s.stats.ignoredFrames >= seenBefore + harmless.length, 15_000, 'every frame to arrive');
    await core.settled();
    const after = core.snapshot();
    expect(after.counters).toEqual(before.counters);
    expect(after.connection.status).toBe('live');

    // Still alive: another user's change arrives and shows.
    const id = SHARED[2]!;
    const value = service.getCounter(id)!.value!;
    const response = await fetch(`${service.url}/v2/counters/${id}/increment`, { method: 'POST', headers: { Authorization: `Bearer ${USERS.alan.token}` } });
    expect(response.status).toBe(200);
    await until(core, (s) => s.counters.find((c) => c.id === id)?.value === value + 1, 10_000, 'the real change to show');
  });
});

/** A clock whose timers never fire: request deadlines are not what this test is about. */
const stillClock: Clock = { now: () => Date.UTC(2026, 10, 22, 12), monotonic: () => 0, setTimeout: () => 0, clearTimeout: () => undefined };

type Reply = { kind: 'answer'; status: number; body: string | null; retryAfter: string | undefined } | { kind: 'throw'; error: unknown };

// What fetch really rejects with: errors (undici: TypeError with a cause, DOMException on abort).
const thrownByFetch = fc.oneof(
  fc.string({ maxLength: 30 }).map((message) => new TypeError('fetch failed', { cause: Object.assign(new Error(message), { code: 'ECONNRESET' }) })),
  fc.constant(new DOMException('This operation was aborted', 'AbortError')),
  fc.string({ maxLength: 30 }).map((message) => new Error(message)),
);
const statuses = fc.constantFrom(200, 201, 202, 204, 301, 400, 401, 403, 404, 409, 410, 418, 429, 500, 502, 503);
const bodyFor = (valid: unknown) => asWireText(fc.oneof(mutated(valid), fc.jsonValue({ maxDepth: 3 }), fc.constant(valid)));
const reply = (valid: unknown): fc.Arbitrary<Reply> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.record({ kind: fc.constant('answer' as const), status: statuses, body: bodyFor(valid), retryAfter: fc.option(fc.oneof(fc.string({ maxLength: 30 }), fc.nat().map(String), fc.date({ noInvalidDate: true }).map((d) => d.toUTCString())), { nil: undefined }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('throw' as const), error: thrownByFetch }) },
  );

function clientAnswering(next: Reply) {
  const fakeFetch = (async () => {
    if (next.kind === 'throw') throw next.error;
    const bodyless = next.status === 204 || next.status === 205 || next.status === 304;
    return new Response(bodyless ? null : next.body, { status: next.status, headers: next.retryAfter === undefined ? {} : { 'Retry-After': next.retryAfter } });
  }) as typeof fetch;
  return createApiClient({ baseUrl: 'http://127.0.0.1:9', token: 'fuzz-token', fetch: fakeFetch, clock: stillClock, timeoutMs: 1000, shutdown: new AbortController().signal });
}

/** The only way a client call may fail: a CoreError of a known kind, with a message for people. */
async function outcome<T>(call: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: CoreError }> {
  try {
    return { ok: true, value: await call };
  } catch (error) {
    expect(error).toBeInstanceOf(CoreError);
    expect((error as CoreError).message.length).toBeGreaterThan(0);
    expect((error as CoreError).message).not.toContain('fuzz-token');
    return { ok: false, error: error as CoreError };
  }
}

describe('REST responses', () => {
  const runs = { numRuns: FUZZ_RUNS, seed: SEED };

  it('GET /v2/counters: a list of valid counters or a CoreError', async () => {
    await fc.assert(
      fc.asyncProperty(reply([COUNTER, DATED]), async (answer) => {
        counted.responses += 1;
        const result = await outcome(clientAnswering(answer).listCounters('Europe/Berlin'));
        if (result.ok) for (const counter of result.value.counters) expect(CounterV2.safeParse(counter).success).toBe(true);
      }),
      runs,
    );
  });

  it('GET /v2/counters/{id}: a valid counter or a CoreError', async () => {
    await fc.assert(
      fc.asyncProperty(reply(COUNTER), async (answer) => {
        counted.responses += 1;
        const result = await outcome(clientAnswering(answer).getCounter(COUNTER.id, 'Europe/Berlin'));
        if (result.ok) expect(CounterV2.safeParse(result.value).success).toBe(true);
      }),
      runs,
    );
  });

  it('POST increment/decrement: a number, "applied but refetch", or a CoreError; a 429 never counts as applied', async () => {
    await fc.assert(
      fc.asyncProperty(reply(104), fc.constantFrom('increment' as const, 'decrement' as const), async (answer, direction) => {
        counted.responses += 1;
        const result = await outcome(clientAnswering(answer).change(COUNTER.id, direction, 2));
        if (result.ok) {
          expect(answer.kind === 'answer' && answer.status >= 200 && answer.status < 300).toBe(true);
          if (result.value !== undefined) expect(BareNumber.safeParse(result.value).success).toBe(true);
        } else if (answer.kind === 'answer' && answer.status === 429) {
          expect(result.error.kind).toBe('rateLimited');
        }
      }),
      runs,
    );
  });

  it('PATCH: a valid counter, "refetch", or a CoreError', async () => {
    await fc.assert(
      fc.asyncProperty(reply(COUNTER), async (answer) => {
        counted.responses += 1;
        const result = await outcome(clientAnswering(answer).patch(COUNTER.id, { name: 'Renamed counter' }));
        if (result.ok && result.value !== undefined) expect(CounterV2.safeParse(result.value).success).toBe(true);
      }),
      runs,
    );
  });
});
