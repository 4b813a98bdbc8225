// Conformance of the v2 endpoints (docs/api.md §2.4, §4.2, §6, §7).
import { describe, expect, it } from 'vitest';
import { CounterListV2, CounterV2, CounterUpdatedParamsV2, ErrorBody, JsonRpcNotification } from '../../src-shared/api/schemas';
import { DEMO_OTHER_TOKEN, DEMO_OUTSIDER_TOKEN, IDS, startHarness } from './helpers';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

describe('GET /v2/counters', () => {
  it('answers 200 with a JSON array of flat Counter v2, only the user’s counters, no members', async () => {
    const h = await startHarness();
    const res = await h.get('/v2/counters?timezone=UTC');
    expect(res.status).toBe(200);
    const list = CounterListV2.parse(res.body); // docs/api.md §4.2 row 1: array of Counter v2
    expect(list.map((c) => c.id)).toEqual([IDS.coffees, IDS.sinceMovedIn, IDS.untilTrip, IDS.pushUps, IDS.cookiesLeft]);
    // docs/api.md §2.4: v2 counter responses carry no members
    for (const c of res.body as Record<string, unknown>[]) expect(c).not.toHaveProperty('members');
    // docs/api.md §2.4: startDate on FromDate, endDate on ToDate
    expect(list.find((c) => c.type === 'FromDate')?.startDate).toBe('2024-02-29');
    expect(list.find((c) => c.type === 'ToDate')?.endDate).toBe('2027-03-01');
    // docs/api.md §2.4: created is an ISO 8601 UTC timestamp
    for (const c of list) expect(new Date(c.created).toISOString()).toBeTruthy();
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('ids of the demo set and ids the service mints are UUID v7 (§2.4)', async () => {
    const h = await startHarness();
    const made = h.service.createCounter({ name: 'Minted here', type: 'UpDown', value: 0, members: [{ userId: '0b9a6c1e-6f0e-4a59-9d61-1f7d3c1c2a10', isAdmin: true }] });
    expect(made.id).toMatch(UUID_V7);
    const list = CounterListV2.parse((await h.get('/v2/counters?timezone=UTC')).body);
    for (const c of list) expect(c.id).toMatch(UUID_V7);
  });
});

describe('GET /v2/counters/{id}', () => {
  it('answers 200 with one Counter v2 (§4.2 row 2)', async () => {
    const h = await startHarness();
    const res = await h.get(`/v2/counters/${IDS.coffees}?timezone=UTC`);
    expect(res.status).toBe(200);
    expect(CounterV2.parse(res.body)).toMatchObject({ id: IDS.coffees, name: 'Coffees today', type: 'UpDown', value: 3 });
  });

  it('answers 404 NotFound -1100 for a counter that does not exist (§5.6, §7.3)', async () => {
    const h = await startHarness();
    const res = await h.get('/v2/counters/019a4f2e-8c00-7d3a-9b1e-ffffffffffff?timezone=UTC');
    expect(res.status).toBe(404);
    expect(ErrorBody.parse(res.body).code).toBe(-1100);
  });

  it('answers 403 to a user who is not a member (§5.5, not-shown #10 default)', async () => {
    const h = await startHarness();
    const res = await h.get(`/v2/counters/${IDS.coffees}?timezone=UTC`, DEMO_OUTSIDER_TOKEN);
    expect(res.status).toBe(403);
    ErrorBody.parse(res.body);
  });

  it('answers an unknown timezone with 400 and the error body (§4.2 query timezone, §7.1)', async () => {
    const h = await startHarness();
    const res = await h.get(`/v2/counters/${IDS.coffees}?timezone=Mars%2FOlympus`);
    expect(res.status).toBe(400);
    ErrorBody.parse(res.body);
  });
});

describe('POST /v2/counters/{id}/increment[/amount] and decrement', () => {
  it('increment adds 1 and answers the new value as a plain number (§4.2 row 3)', async () => {
    const h = await startHarness();
    const res = await h.post(`/v2/counters/${IDS.coffees}/increment`);
    expect(res.status).toBe(200);
    expect(res.text).toBe('4');
    expect(h.service.getCounter(IDS.coffees)?.value).toBe(4);
  });

  it('increment/{amount} adds amount (§4.2 row 4); it is not idempotent (§4.1)', async () => {
    const h = await startHarness();
    expect((await h.post(`/v2/counters/${IDS.coffees}/increment/5`)).body).toBe(8);
    expect((await h.post(`/v2/counters/${IDS.coffees}/increment/5`)).body).toBe(13);
  });

  it('decrement and decrement/{amount} subtract and answer a bare number by default (§4.2 rows 5–6, not-shown #2)', async () => {
    const h = await startHarness();
    expect((await h.post(`/v2/counters/${IDS.coffees}/decrement`)).body).toBe(2);
    expect((await h.post(`/v2/counters/${IDS.coffees}/decrement/7`)).body).toBe(-5);
  });

  it.each(['0', '-1', '-30', '1.5', 'abc'])('amount %s → 400 InvalidAmount -2042, nothing applied (§4.2 rule 3, §7.3)', async (amount) => {
    const h = await startHarness();
    for (const op of ['increment', 'decrement']) {
      const res = await h.post(`/v2/counters/${IDS.coffees}/${op}/${amount}`);
      expect(res.status).toBe(400);
      expect(ErrorBody.parse(res.body).code).toBe(-2042);
    }
    expect(h.service.getCounter(IDS.coffees)?.value).toBe(3);
  });

  it('FromDate/ToDate counters refuse increment with 400 InvalidOperationForCounterType (§4.1 errors, §7.3)', async () => {
    const h = await startHarness();
    for (const id of [IDS.sinceMovedIn, IDS.untilTrip]) {
      const res = await h.post(`/v2/counters/${id}/increment`);
      expect(res.status).toBe(400);
      expect(ErrorBody.parse(res.body).code).toBe(-2041);
    }
  });

  it('OnlyUp refuses decrement and OnlyDown refuses increment (§4.1 errors, not-shown #9)', async () => {
    const h = await startHarness();
    const down = await h.post(`/v2/counters/${IDS.pushUps}/decrement`);
    expect([down.status, ErrorBody.parse(down.body).code]).toEqual([400, -2041]);
    const up = await h.post(`/v2/counters/${IDS.cookiesLeft}/increment/2`);
    expect([up.status, ErrorBody.parse(up.body).code]).toEqual([400, -2041]);
    expect((await h.post(`/v2/counters/${IDS.pushUps}/increment`)).body).toBe(41);
    expect((await h.post(`/v2/counters/${IDS.cookiesLeft}/decrement`)).body).toBe(11);
  });

  it('a non-member gets 403 and the counter is unchanged (§4.1 errors, §5.5)', async () => {
    const h = await startHarness();
    const res = await h.post(`/v2/counters/${IDS.coffees}/increment`, DEMO_OUTSIDER_TOKEN);
    expect(res.status).toBe(403);
    expect(h.service.getCounter(IDS.coffees)?.value).toBe(3);
  });
});

describe('PATCH /v2/counters/{id}', () => {
  it('updates name and value of an UpDown counter and answers the updated Counter v2 (§4.2 row 7, not-shown #3)', async () => {
    const h = await startHarness();
    const res = await h.patch(`/v2/counters/${IDS.coffees}?timezone=UTC`, { name: 'Coffees this week', value: 10 });
    expect(res.status).toBe(200);
    expect(CounterV2.parse(res.body)).toMatchObject({ name: 'Coffees this week', value: 10 });
    expect(h.service.getCounter(IDS.coffees)).toMatchObject({ name: 'Coffees this week', value: 10 });
  });

  it('updates startDate of a FromDate and endDate of a ToDate counter (§4.2 PATCH fields)', async () => {
    const h = await startHarness();
    expect((await h.patch(`/v2/counters/${IDS.sinceMovedIn}`, { startDate: '2025-01-01' })).status).toBe(200);
    expect((await h.patch(`/v2/counters/${IDS.untilTrip}`, { endDate: '2027-12-24' })).status).toBe(200);
    expect(h.service.getCounter(IDS.sinceMovedIn)?.startDate).toBe('2025-01-01');
    expect(h.service.getCounter(IDS.untilTrip)?.endDate).toBe('2027-12-24');
  });

  it('an empty body → 400 (§4.2 rule 1, §7.6)', async () => {
    const h = await startHarness();
    const res = await h.request('PATCH', `/v2/counters/${IDS.coffees}`, { headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(400);
    ErrorBody.parse(res.body);
    // "at least one is needed": {} is empty too
    expect((await h.patch(`/v2/counters/${IDS.coffees}`, {})).status).toBe(400);
  });

  it.each([
    ['UpDown', IDS.coffees, { startDate: '2025-01-01' }],
    ['UpDown', IDS.coffees, { endDate: '2025-01-01' }],
    ['FromDate', IDS.sinceMovedIn, { value: 3 }],
    ['FromDate', IDS.sinceMovedIn, { endDate: '2025-01-01' }],
    ['ToDate', IDS.untilTrip, { value: 3 }],
    ['ToDate', IDS.untilTrip, { startDate: '2025-01-01' }],
  ])('%s with a field that does not apply %j → 400, nothing applied (§4.2 rule 2, §7.6)', async (_type, id, body) => {
    const h = await startHarness();
    const before = h.service.getCounter(id);
    const res = await h.patch(`/v2/counters/${id}`, { name: 'A changed name', ...body });
    expect(res.status).toBe(400);
    ErrorBody.parse(res.body);
    expect(h.service.getCounter(id)).toEqual(before); // the valid name was not half-applied
  });

  it('a name outside 5..40 characters → 400 by default (not-shown #12)', async () => {
    const h = await startHarness();
    expect((await h.patch(`/v2/counters/${IDS.coffees}`, { name: 'abcd' })).status).toBe(400);
    expect((await h.patch(`/v2/counters/${IDS.coffees}`, { name: 'x'.repeat(41) })).status).toBe(400);
    expect((await h.patch(`/v2/counters/${IDS.coffees}`, { name: 'abcde' })).status).toBe(200);
    expect((await h.patch(`/v2/counters/${IDS.coffees}`, { name: 'x'.repeat(40) })).status).toBe(200);
  });

  it('any member may PATCH by default (not-shown #11)', async () => {
    const h = await startHarness();
    expect((await h.patch(`/v2/counters/${IDS.coffees}`, { value: 1 }, DEMO_OTHER_TOKEN)).status).toBe(200);
  });
});

describe('GET /v2/ws notifications (§6)', () => {
  it('a member’s socket gets counterUpdated after an increment: JSON-RPC 2.0, no id, v2 params', async () => {
    const h = await startHarness();
    const ws = await h.socket('/v2/ws?timezone=UTC');
    await h.post(`/v2/counters/${IDS.coffees}/increment`, DEMO_OTHER_TOKEN);
    const msg = JsonRpcNotification.parse(await ws.next());
    expect(msg.method).toBe('counterUpdated');
    expect(msg).not.toHaveProperty('id');
    expect(CounterUpdatedParamsV2.parse(msg.params)).toEqual({ counterId: IDS.coffees, name: 'Coffees today', type: 'UpDown', value: 4 });
  });

  it('a PATCH also emits counterUpdated (§6 "a mutation succeeds")', async () => {
    const h = await startHarness();
    const ws = await h.socket('/v2/ws?timezone=UTC');
    await h.patch(`/v2/counters/${IDS.coffees}`, { name: 'Renamed coffees' });
    expect(CounterUpdatedParamsV2.parse(JsonRpcNotification.parse(await ws.next()).params).name).toBe('Renamed coffees');
  });

  it('only members are notified (§6, issue: "sent only to members")', async () => {
    const h = await startHarness();
    const outsider = await h.socket('/v2/ws?timezone=UTC', DEMO_OUTSIDER_TOKEN);
    const member = await h.socket('/v2/ws?timezone=UTC');
    await h.post(`/v2/counters/${IDS.coffees}/increment`);
    await member.next();
    // A notification the outsider could get would have been sent before the member's: a later
    // event of the outsider's own counter proves the order and that nothing else came.
    await h.post(`/v2/counters/${IDS.gracesBooks}/increment`, DEMO_OUTSIDER_TOKEN);
    const first = JsonRpcNotification.parse(await outsider.next());
    expect(CounterUpdatedParamsV2.parse(first.params).counterId).toBe(IDS.gracesBooks);
  });

  it('FromDate/ToDate values in notifications are resolved for each connection’s timezone (§6 v2 params)', async () => {
    // 2026-11-22 11:30 UTC: already 2026-11-23 in Kiritimati (UTC+14), still 2026-11-22 in UTC.
    const h = await startHarness();
    h.autoAdvanceMs = 0;
    h.clock.set(Date.UTC(2026, 10, 22, 11, 30));
    const utc = await h.socket('/v2/ws?timezone=UTC');
    const kiri = await h.socket('/v2/ws?timezone=Pacific%2FKiritimati');
    await h.patch(`/v2/counters/${IDS.untilTrip}`, { endDate: '2026-12-01' });
    expect(CounterUpdatedParamsV2.parse(JsonRpcNotification.parse(await utc.next()).params).value).toBe(9);
    expect(CounterUpdatedParamsV2.parse(JsonRpcNotification.parse(await kiri.next()).params).value).toBe(8);
  });
});
