// One test per variant of what the API leaves open (docs/api.md O1–O20): the service can play every plausible answer the
// API document leaves open, selected by name.
import { describe, expect, it } from 'vitest';
import { CounterListV1 } from './v1-schemas';
import { CounterListV2, CounterUpdatedParamsV2, CounterV2, ErrorBody, JsonRpcNotification } from '../../src-shared/api/schemas';
import { DEFAULT_VARIANT, parseVariantArg, resolveVariant, startCounterService } from '../../src-service/index';
import { DEMO_OTHER_TOKEN, DEMO_OTHER_USER_ID, DEMO_OUTSIDER_TOKEN, DEMO_USER_ID, IDS, refusedUpgrade, startHarness } from './helpers';

describe('variant selection', () => {
  it('the defaults are the service defaults of not-shown.md', () => {
    expect(DEFAULT_VARIANT).toEqual({
      timezoneDefault: 'UTC',
      decrementBody: 'number',
      patchBody: 'counter',
      deletedParams: 'counterId',
      memberlistParams: 'counterId',
      extraFields: false,
      unknownMethods: false,
      invalidOperationCode: -2041,
      rateLimitHeaders: 'none',
      rateLimiter: 'bucket',
      nonMember: 403,
      patchPermission: 'member',
      nameRule: 'v1',
      dayValues: 'signed',
      v1UpdatedParams: 'withCounterId',
      v1AfterSunset: 'serve',
    });
  });

  it('the CLI form key=value,... converts booleans and numbers by key', () => {
    expect(parseVariantArg('nonMember=404,extraFields=true,invalidOperationCode=-7,decrementBody=empty')).toMatchObject({
      nonMember: 404,
      extraFields: true,
      invalidOperationCode: -7,
      decrementBody: 'empty',
      patchBody: 'counter',
    });
  });

  it.each([['colour=red'], ['nonMember=500'], ['decrementBody=xml'], ['extraFields=yes'], ['nonsense']])('refuses %s with a message naming it', (text) => {
    expect(() => parseVariantArg(text)).toThrow(/variant/i);
  });

  it('startCounterService refuses an unknown variant value before listening', async () => {
    await expect(startCounterService({ fixtures: 'demo', variant: { patchBody: 'xml' } as never })).rejects.toThrow(/patchBody/);
    expect(() => resolveVariant({ timezoneDefault: 'Europe/Paris' })).toThrow(/timezoneDefault/);
  });
});

describe('not-shown #1 timezoneDefault', () => {
  it('Pacific/Kiritimati: a request without ?timezone= is resolved in UTC+14, so a missing parameter shows', async () => {
    const h = await startHarness({ variant: { timezoneDefault: 'Pacific/Kiritimati' } });
    h.autoAdvanceMs = 0;
    h.clock.set(Date.UTC(2026, 10, 22, 11, 0)); // 2026-11-23 01:00 in Kiritimati
    const implicit = CounterV2.parse((await h.get(`/v2/counters/${IDS.untilTrip}`)).body).value;
    const utc = CounterV2.parse((await h.get(`/v2/counters/${IDS.untilTrip}?timezone=UTC`)).body).value;
    expect(utc - implicit).toBe(1);
    // The socket without ?timezone= also resolves in Kiritimati.
    const ws = await h.socket('/v2/ws');
    await h.patch(`/v2/counters/${IDS.untilTrip}`, { name: 'Until the big trip' });
    expect(CounterUpdatedParamsV2.parse(JsonRpcNotification.parse(await ws.next()).params).value).toBe(implicit);
  });
});

describe('not-shown #2 decrementBody', () => {
  it('object: decrement answers { "value": n }', async () => {
    const h = await startHarness({ variant: { decrementBody: 'object' } });
    const res = await h.post(`/v2/counters/${IDS.coffees}/decrement/2`);
    expect([res.status, res.body]).toEqual([200, { value: 1 }]);
  });

  it('empty: decrement answers 204 without a body, and is applied', async () => {
    const h = await startHarness({ variant: { decrementBody: 'empty' } });
    const res = await h.post(`/v2/counters/${IDS.coffees}/decrement`);
    expect([res.status, res.text]).toEqual([204, '']);
    expect(h.service.getCounter(IDS.coffees)?.value).toBe(2);
  });
});

describe('not-shown #3 patchBody', () => {
  it('empty: PATCH answers 204 without a body, and is applied', async () => {
    const h = await startHarness({ variant: { patchBody: 'empty' } });
    const res = await h.patch(`/v2/counters/${IDS.coffees}`, { value: 42 });
    expect([res.status, res.text]).toEqual([204, '']);
    expect(h.service.getCounter(IDS.coffees)?.value).toBe(42);
  });

  it('envelope: PATCH answers { "data": Counter v2 }', async () => {
    const h = await startHarness({ variant: { patchBody: 'envelope' } });
    const res = await h.patch(`/v2/counters/${IDS.coffees}?timezone=UTC`, { value: 42 });
    expect(res.status).toBe(200);
    expect(CounterV2.parse((res.body as { data: unknown }).data).value).toBe(42);
  });
});

describe('not-shown #4 deletedParams and #5 memberlistParams', () => {
  it.each([
    ['counterId', { counterId: IDS.coffees }],
    ['empty', {}],
    ['id', { id: IDS.coffees }],
  ] as const)('deletedParams=%s: counterDeleted params are %j', async (deletedParams, params) => {
    const h = await startHarness({ variant: { deletedParams } });
    const ws = await h.socket('/v2/ws?timezone=UTC', DEMO_OTHER_TOKEN);
    h.service.deleteCounter(IDS.coffees);
    expect(await ws.next()).toEqual({ jsonrpc: '2.0', method: 'counterDeleted', params });
  });

  it.each([
    ['counterId', { counterId: IDS.coffees }],
    ['empty', {}],
  ] as const)('memberlistParams=%s: counterMemberlistChanged params are %j', async (memberlistParams, params) => {
    const h = await startHarness({ variant: { memberlistParams } });
    const ws = await h.socket('/v2/ws?timezone=UTC');
    h.service.setMembers(IDS.coffees, [{ userId: DEMO_USER_ID, isAdmin: true }]);
    expect(await ws.next()).toEqual({ jsonrpc: '2.0', method: 'counterMemberlistChanged', params });
  });
});

describe('not-shown #6 extraFields and unknownMethods', () => {
  it('extraFields: every object carries unknown fields, and the shared schemas still parse them', async () => {
    const h = await startHarness({ variant: { extraFields: true } });
    const v2 = await h.get('/v2/counters?timezone=UTC');
    const first = (v2.body as Record<string, unknown>[])[0];
    expect(first).toHaveProperty('revision');
    expect(CounterListV2.parse(v2.body)).toHaveLength(5);
    const v1 = await h.get('/v1/counters');
    const c1 = (v1.body as { members: Record<string, unknown>[]; data: Record<string, unknown> }[])[0];
    expect(c1?.members[0]).toHaveProperty('revision');
    expect(c1?.data).toHaveProperty('revision');
    CounterListV1.parse(v1.body);
    const err = await h.get('/v2/counters/019a4f2e-8c00-7d3a-9b1e-ffffffffffff');
    expect(err.body).toHaveProperty('revision');
    expect(ErrorBody.parse(err.body).code).toBe(-1100);
    const ws = await h.socket('/v2/ws?timezone=UTC');
    await h.post(`/v2/counters/${IDS.coffees}/increment`);
    const note = JsonRpcNotification.parse(await ws.next());
    expect(note.params).toHaveProperty('revision');
    expect(CounterUpdatedParamsV2.parse(note.params).value).toBe(4);
  });

  it('unknownMethods: an unknown-method notification comes before each real one', async () => {
    const h = await startHarness({ variant: { unknownMethods: true } });
    const ws = await h.socket('/v2/ws?timezone=UTC');
    await h.post(`/v2/counters/${IDS.coffees}/increment`);
    const unknown = JsonRpcNotification.parse(await ws.next());
    expect(['counterUpdated', 'counterDeleted', 'counterMemberlistChanged']).not.toContain(unknown.method);
    expect(JsonRpcNotification.parse(await ws.next()).method).toBe('counterUpdated');
  });
});

describe('not-shown #7 invalidOperationCode', () => {
  it('another number: InvalidOperationForCounterType uses it (still 400)', async () => {
    const h = await startHarness({ variant: { invalidOperationCode: -3001 } });
    const res = await h.post(`/v2/counters/${IDS.pushUps}/decrement`);
    expect([res.status, ErrorBody.parse(res.body).code]).toEqual([400, -3001]);
  });
});

describe('not-shown #8 rateLimitHeaders and rateLimiter', () => {
  it('retryAfter: a 429 carries Retry-After in whole seconds', async () => {
    const h = await startHarness({ variant: { rateLimitHeaders: 'retryAfter' } });
    h.autoAdvanceMs = 0;
    for (let i = 0; i < 6; i++) await h.get('/v2/counters?timezone=UTC');
    const res = await h.get('/v2/counters?timezone=UTC');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('1');
  });

  it('window: a strict rolling window of 4 per 1000 ms, no burst', async () => {
    const h = await startHarness({ variant: { rateLimiter: 'window' } });
    h.autoAdvanceMs = 0;
    h.clock.set(10_000);
    for (let i = 0; i < 4; i++) {
      expect((await h.get('/v2/counters?timezone=UTC')).status).toBe(200);
      h.clock.tick(100);
    }
    // t = 10 400: four requests in (9 400, 10 400]
    expect((await h.get('/v2/counters?timezone=UTC')).status).toBe(429);
    h.clock.set(10_999);
    expect((await h.get('/v2/counters?timezone=UTC')).status).toBe(429);
    h.clock.set(11_000); // the first request (t = 10 000) has left the window
    expect((await h.get('/v2/counters?timezone=UTC')).status).toBe(200);
    expect((await h.get('/v2/counters?timezone=UTC')).status).toBe(429);
  });

  it('the 429 message names the limiter in force: no "burst" under the rolling window (issue 14)', async () => {
    const message = async (rateLimiter: 'bucket' | 'window'): Promise<string> => {
      const h = await startHarness({ variant: { rateLimiter } });
      h.autoAdvanceMs = 0;
      for (let i = 0; i < 7; i++) {
        const res = await h.get('/v2/counters?timezone=UTC');
        if (res.status === 429) return ErrorBody.parse(res.body).message;
      }
      throw new Error('never limited');
    };
    const windowMessage = await message('window');
    expect(windowMessage).not.toMatch(/burst/i);
    expect(windowMessage).toContain('at most 4 in any 1000 ms');
    expect(await message('bucket')).toContain('at most 4 per second (burst 6)');
  });
});

describe('not-shown #10 nonMember', () => {
  it('404: a counter the user is not a member of answers 404 NotFound -1100', async () => {
    const h = await startHarness({ variant: { nonMember: 404 } });
    for (const [method, path] of [['GET', `/v2/counters/${IDS.coffees}`], ['POST', `/v2/counters/${IDS.coffees}/increment`], ['GET', `/v1/counters/${IDS.coffees}`]] as const) {
      const res = await h.request(method, path, { token: DEMO_OUTSIDER_TOKEN });
      expect([res.status, ErrorBody.parse(res.body).code]).toEqual([404, -1100]);
    }
  });
});

describe('not-shown #11 patchPermission', () => {
  it('admin: a non-admin member gets 403 on PATCH and PUT, an admin may', async () => {
    const h = await startHarness({ variant: { patchPermission: 'admin' } });
    const denied = await h.patch(`/v2/counters/${IDS.coffees}`, { value: 9 }, DEMO_OTHER_TOKEN);
    expect(denied.status).toBe(403);
    ErrorBody.parse(denied.body);
    expect(h.service.getCounter(IDS.coffees)?.value).toBe(3);
    // Increment is not a PATCH: a plain member still may.
    expect((await h.post(`/v2/counters/${IDS.coffees}/increment`, DEMO_OTHER_TOKEN)).status).toBe(200);
    expect((await h.patch(`/v2/counters/${IDS.coffees}`, { value: 9 })).status).toBe(200);
    const v1 = (await h.get(`/v1/counters/${IDS.coffees}`)).body as Record<string, unknown>;
    expect((await h.request('PUT', `/v1/counters/${IDS.coffees}`, { json: v1, token: DEMO_OTHER_TOKEN })).status).toBe(403);
  });
});

describe('not-shown #12 nameRule', () => {
  it('none: short and long v2 names are accepted, an empty one is not; v1 keeps 5..40', async () => {
    const h = await startHarness({ variant: { nameRule: 'none' } });
    expect((await h.patch(`/v2/counters/${IDS.coffees}`, { name: 'Tea' })).status).toBe(200);
    expect((await h.patch(`/v2/counters/${IDS.coffees}`, { name: 'x'.repeat(200) })).status).toBe(200);
    expect((await h.patch(`/v2/counters/${IDS.coffees}`, { name: '' })).status).toBe(400);
    const v1 = (await h.get(`/v1/counters/${IDS.coffees}`)).body as Record<string, unknown>;
    expect((await h.request('PUT', `/v1/counters/${IDS.coffees}`, { json: { ...v1, displayName: 'Tea' } })).status).toBe(400);
  });
});

describe('not-shown #13 dayValues', () => {
  it('clamped: a past ToDate and a future FromDate are 0', async () => {
    const h = await startHarness({ variant: { dayValues: 'clamped' } });
    await h.patch(`/v2/counters/${IDS.untilTrip}`, { endDate: '2020-01-01' });
    await h.patch(`/v2/counters/${IDS.sinceMovedIn}`, { startDate: '2099-01-01' });
    const list = CounterListV2.parse((await h.get('/v2/counters?timezone=UTC')).body);
    expect(list.find((c) => c.id === IDS.untilTrip)?.value).toBe(0);
    expect(list.find((c) => c.id === IDS.sinceMovedIn)?.value).toBe(0);
  });
});

describe('not-shown #19 v1UpdatedParams', () => {
  it('counterOnly: v1 counterUpdated params are the Counter v1 object alone, without counterId', async () => {
    const h = await startHarness({ variant: { v1UpdatedParams: 'counterOnly' } });
    const ws = await h.socket('/v1/ws');
    await h.post(`/v1/counters/${IDS.coffees}/increment`, DEMO_OTHER_TOKEN);
    const params = JsonRpcNotification.parse(await ws.next()).params;
    expect(params).not.toHaveProperty('counterId');
    expect(CounterListV1.element.parse(params)).toMatchObject({ id: IDS.coffees, data: { value: 4 } });
  });

  it('the CLI form selects it by name', () => {
    expect(parseVariantArg('v1UpdatedParams=counterOnly').v1UpdatedParams).toBe('counterOnly');
  });
});

describe('not-shown #16 v1AfterSunset', () => {
  it('gone: /v1/ answers 410 with the error body and the deprecation headers from 2026-07-01, not before', async () => {
    const h = await startHarness({ variant: { v1AfterSunset: 'gone' } });
    h.autoAdvanceMs = 0;
    h.clock.set(Date.UTC(2026, 5, 30, 23, 59, 59, 999));
    expect((await h.get('/v1/counters')).status).toBe(200);
    h.clock.set(Date.UTC(2026, 6, 1));
    const res = await h.get('/v1/counters');
    expect(res.status).toBe(410);
    ErrorBody.parse(res.body);
    expect(res.headers.get('deprecation')).toBe('true');
    expect((await h.post(`/v1/counters/${IDS.coffees}/increment`)).status).toBe(410);
    expect(h.service.getCounter(IDS.coffees)?.value).toBe(3);
    expect((await refusedUpgrade(h.socket('/v1/ws'))).status).toBe(410);
    expect((await h.get('/v2/counters?timezone=UTC')).status).toBe(200);
  });
});

it('setMembers with a member who is not a user is refused', async () => {
  const h = await startHarness();
  expect(() => h.service.setMembers(IDS.coffees, [{ userId: '00000000-0000-4000-8000-000000000000', isAdmin: true }])).toThrow(/Unknown user/);
  expect(h.service.getCounter(IDS.coffees)?.members.map((m) => m.userId)).toEqual([DEMO_USER_ID, DEMO_OTHER_USER_ID]);
});
