// Conformance of the deprecated v1 endpoints (docs/api.md §2.1–§2.3, §4.1, §6)
// and of the docs/api.md §9 versioning headers.
import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { CounterV1, ErrorBody, JsonRpcNotification } from '../../src-shared/api/schemas';
import { CounterListV1 } from './v1-schemas';
import { DEMO_OTHER_TOKEN, DEMO_OUTSIDER_TOKEN, DEMO_TOKEN, IDS, refusedUpgrade, startHarness } from './helpers';

describe('§4.1 v1 endpoints', () => {
  it('GET /v1/counters → 200 array of nested Counter v1 with members and data (§4.1 row 1, §2.1–§2.3)', async () => {
    const h = await startHarness();
    const res = await h.get('/v1/counters');
    expect(res.status).toBe(200);
    const list = CounterListV1.parse(res.body);
    expect(list).toHaveLength(5);
    const coffees = list.find((c) => c.id === IDS.coffees);
    expect(coffees).toEqual({
      id: IDS.coffees,
      displayName: 'Coffees today',
      type: 'UpDown',
      members: [
        { userId: '0b9a6c1e-6f0e-4a59-9d61-1f7d3c1c2a10', displayName: 'Ada Lovelace', isAdmin: true },
        { userId: '5d0f3e9b-2c41-4f7e-8a3b-7c6e1d2f4a55', displayName: 'Alan Turing', isAdmin: false },
      ],
      data: { value: 3, mode: 'UpAndDown' }, // docs/api.md §2.3
    });
    // docs/api.md O17: FromDate/ToDate data is { date: ISO 8601 UTC }
    expect(list.find((c) => c.id === IDS.sinceMovedIn)?.data).toEqual({ date: '2024-02-29T00:00:00.000Z' });
    expect(list.find((c) => c.id === IDS.untilTrip)?.data).toEqual({ date: '2027-03-01T00:00:00.000Z' });
  });

  it('GET /v1/counters is [] for a user with no counters (§4.1 row 1)', async () => {
    const h = await startHarness();
    h.service.setMembers(IDS.gracesBooks, [{ userId: '0b9a6c1e-6f0e-4a59-9d61-1f7d3c1c2a10', isAdmin: true }]);
    const res = await h.get('/v1/counters', DEMO_OUTSIDER_TOKEN);
    expect([res.status, res.body]).toEqual([200, []]);
  });

  it('GET /v1/counters/{id} → 200 Counter v1 (§4.1 row 2, not-shown #17); 404 -1100 when unknown', async () => {
    const h = await startHarness();
    const res = await h.get(`/v1/counters/${IDS.pushUps}`);
    expect(CounterV1.parse(res.body).data).toEqual({ value: 40, mode: 'OnlyUp' });
    const missing = await h.get('/v1/counters/019a4f2e-8c00-7d3a-9b1e-ffffffffffff');
    expect([missing.status, ErrorBody.parse(missing.body).code]).toEqual([404, -1100]);
  });

  it('PUT /v1/counters/{id} updates displayName and data and answers an array holding the updated counter (§4.1 row 3)', async () => {
    const h = await startHarness();
    const current = CounterV1.parse((await h.get(`/v1/counters/${IDS.coffees}`)).body);
    const body = { ...current, displayName: 'Coffees per day', data: { value: 9, mode: 'UpAndDown' } };
    const res = await h.request('PUT', `/v1/counters/${IDS.coffees}`, { json: body });
    expect(res.status).toBe(200);
    expect(CounterListV1.parse(res.body)).toEqual([body]);
    // Idempotent (docs/api.md §4.1): the same PUT again gives the same state.
    const again = await h.request('PUT', `/v1/counters/${IDS.coffees}`, { json: body });
    expect(again.body).toEqual(res.body);
    expect(h.service.getCounter(IDS.coffees)).toMatchObject({ name: 'Coffees per day', value: 9 });
  });

  it('PUT changes the date of a ToDate counter through data.date (not-shown #17)', async () => {
    const h = await startHarness();
    const current = CounterV1.parse((await h.get(`/v1/counters/${IDS.untilTrip}`)).body);
    const res = await h.request('PUT', `/v1/counters/${IDS.untilTrip}`, { json: { ...current, data: { date: '2027-05-01T00:00:00Z' } } });
    expect(res.status).toBe(200);
    expect(h.service.getCounter(IDS.untilTrip)?.endDate).toBe('2027-05-01');
  });

  it.each([
    ['a displayName of 4 characters', { displayName: 'abcd' }],
    ['a displayName of 41 characters', { displayName: 'x'.repeat(41) }],
    ['no data', { data: undefined }],
    ['another id', { id: IDS.pushUps }],
    ['another type', { type: 'ToDate' }],
    ['a non-numeric value', { data: { value: 'ten', mode: 'UpAndDown' } }],
  ])('PUT with %s → 400 with the error body, nothing applied (§2.1 name 5..40, not-shown #17)', async (_what, change) => {
    const h = await startHarness();
    const current = CounterV1.parse((await h.get(`/v1/counters/${IDS.coffees}`)).body);
    const before = h.service.getCounter(IDS.coffees);
    const res = await h.request('PUT', `/v1/counters/${IDS.coffees}`, { json: { ...current, displayName: 'A valid new name', ...change } });
    expect(res.status).toBe(400);
    ErrorBody.parse(res.body);
    expect(h.service.getCounter(IDS.coffees)).toEqual(before);
  });

  it('POST increment and decrement add/subtract 1 and answer a plain number (§4.1 rows 4–5)', async () => {
    const h = await startHarness();
    const inc = await h.post(`/v1/counters/${IDS.coffees}/increment`);
    expect([inc.status, inc.text]).toEqual([200, '4']);
    const dec = await h.post(`/v1/counters/${IDS.coffees}/decrement`);
    expect([dec.status, dec.text]).toEqual([200, '3']);
  });

  it.each([
    ['decrement', IDS.pushUps, 'OnlyUp forbids decrement'],
    ['increment', IDS.cookiesLeft, 'OnlyDown forbids increment'],
    ['increment', IDS.sinceMovedIn, 'FromDate is not UpDown'],
    ['decrement', IDS.untilTrip, 'ToDate is not UpDown'],
  ])('%s on %s → 400 InvalidOperationForCounterType (%s) (§4.1 error table row 1)', async (op, id, _why) => {
    const h = await startHarness();
    const res = await h.post(`/v1/counters/${id}/${op}`);
    expect([res.status, ErrorBody.parse(res.body).code]).toEqual([400, -2041]);
  });

  it('increment errors: 401 without token, 403 non-member, 404 unknown (§4.1 error table rows 2–4)', async () => {
    const h = await startHarness();
    expect((await h.post(`/v1/counters/${IDS.coffees}/increment`, null)).status).toBe(401);
    expect((await h.post(`/v1/counters/${IDS.coffees}/increment`, DEMO_OUTSIDER_TOKEN)).status).toBe(403);
    const missing = await h.post('/v1/counters/019a4f2e-8c00-7d3a-9b1e-ffffffffffff/increment');
    expect([missing.status, ErrorBody.parse(missing.body).code]).toEqual([404, -1100]);
  });

  it('GET /v1/ws: counterUpdated carries counterId plus the updated Counter v1 (§6 v1 params, not-shown #19)', async () => {
    const h = await startHarness();
    const ws = await h.socket('/v1/ws');
    await h.post(`/v1/counters/${IDS.coffees}/increment`, DEMO_OTHER_TOKEN);
    const msg = JsonRpcNotification.parse(await ws.next());
    expect(msg.method).toBe('counterUpdated');
    expect(msg.params).toMatchObject({ counterId: IDS.coffees, id: IDS.coffees });
    expect(CounterV1.parse(msg.params).data).toEqual({ value: 4, mode: 'UpAndDown' });
  });

  it('v1 and v2 sockets both see a mutation made through either version (§6)', async () => {
    const h = await startHarness();
    const v1 = await h.socket('/v1/ws');
    const v2 = await h.socket('/v2/ws?timezone=UTC');
    await h.post(`/v2/counters/${IDS.coffees}/increment/2`);
    expect(CounterV1.parse(JsonRpcNotification.parse(await v1.next()).params).data).toMatchObject({ value: 5 });
    expect(JsonRpcNotification.parse(await v2.next()).params).toMatchObject({ value: 5 });
  });
});

/** The headers of a 101 answer: `ws` hands the response over in its 'upgrade' event, before 'open'. */
async function upgradeHeaders(url: string): Promise<Record<string, string | string[] | undefined>> {
  const ws = new WebSocket(url, { headers: { Authorization: `Bearer ${DEMO_TOKEN}` } });
  try {
    const [res] = (await once(ws, 'upgrade')) as [IncomingMessage];
    expect(res.statusCode).toBe(101);
    return res.headers;
  } finally {
    ws.terminate();
  }
}

describe('§9 versioning headers on every /v1/ response', () => {
  const expectDeprecation = (headers: Headers | Record<string, unknown>, successorPath: string, base: string): void => {
    const get = (name: string): unknown => (headers instanceof Headers ? headers.get(name) : headers[name]);
    expect(get('deprecation')).toBe('true'); // docs/api.md §9.2
    expect(get('sunset')).toBe('Tue, 01 Jul 2026 00:00:00 GMT');
    expect(get('link')).toBe(`<${base}${successorPath}>; rel="successor-version"`);
  };

  it.each([
    ['GET', '/v1/counters', 200, '/v2/counters'],
    ['GET', `/v1/counters/${IDS.coffees}`, 200, `/v2/counters/${IDS.coffees}`],
    ['POST', `/v1/counters/${IDS.coffees}/increment`, 200, `/v2/counters/${IDS.coffees}/increment`],
    ['POST', `/v1/counters/${IDS.coffees}/decrement`, 200, `/v2/counters/${IDS.coffees}/decrement`],
    ['PUT', `/v1/counters/${IDS.coffees}`, 400, `/v2/counters/${IDS.coffees}`],
    ['POST', `/v1/counters/${IDS.pushUps}/decrement`, 400, `/v2/counters/${IDS.pushUps}/decrement`],
    ['GET', '/v1/counters/019a4f2e-8c00-7d3a-9b1e-ffffffffffff', 404, '/v2/counters/019a4f2e-8c00-7d3a-9b1e-ffffffffffff'],
    ['DELETE', '/v1/counters', 405, '/v2/counters'],
    ['GET', '/v1/nothing-here', 404, '/v2/counters'],
    ['GET', '/v1/ws', 426, '/v2/ws'],
  ])('%s %s (%i) carries Deprecation, Sunset and Link to the successor (§9.2, §9.3)', async (method, path, status, successor) => {
    const h = await startHarness();
    const res = await h.request(method, path, { json: method === 'PUT' ? {} : undefined });
    expect(res.status).toBe(status);
    expectDeprecation(res.headers, successor, h.service.url);
  });

  it('the 401 and 429 errors on /v1/ carry the headers too (§9.2 "every response")', async () => {
    const h = await startHarness();
    const unauth = await h.get('/v1/counters', null);
    expect(unauth.status).toBe(401);
    expectDeprecation(unauth.headers, '/v2/counters', h.service.url);
    h.autoAdvanceMs = 0;
    for (let i = 0; i < 6; i++) await h.get('/v1/counters');
    const limited = await h.get('/v1/counters');
    expect(limited.status).toBe(429);
    expectDeprecation(limited.headers, '/v2/counters', h.service.url);
  });

  it('a successful /v1/ws upgrade (101) carries the headers; a /v2/ws one does not (§9.2)', async () => {
    const h = await startHarness();
    const v1 = await upgradeHeaders(`${h.service.url.replace('http', 'ws')}/v1/ws`);
    expectDeprecation(v1, '/v2/ws', h.service.url);
    const v2 = await upgradeHeaders(`${h.service.url.replace('http', 'ws')}/v2/ws?timezone=UTC`);
    expect([v2.deprecation, v2.sunset, v2.link]).toEqual([undefined, undefined, undefined]);
  });

  it('a refused /v1/ws upgrade carries the headers (§9.2)', async () => {
    const h = await startHarness();
    const refused = await refusedUpgrade(h.socket('/v1/ws', null));
    expectDeprecation(refused.headers, '/v2/ws', h.service.url);
  });

  it('v2 responses carry no deprecation headers (§9.2 is about /v1/ paths)', async () => {
    const h = await startHarness();
    const res = await h.get('/v2/counters?timezone=UTC');
    expect(res.headers.get('deprecation')).toBeNull();
    expect(res.headers.get('sunset')).toBeNull();
  });

  it('v1 keeps working after the sunset date by default (not-shown #16)', async () => {
    const h = await startHarness();
    h.clock.set(Date.UTC(2026, 6, 1, 0, 0, 1));
    expect((await h.get('/v1/counters')).status).toBe(200);
  });
});
