// docs/api.md §5 authentication and §8 rate limit, with the injected clock (no sleeps).
import { describe, expect, it } from 'vitest';
import { ErrorBody } from '../../src-shared/api/schemas';
import { DEMO_OTHER_TOKEN, IDS, refusedUpgrade, startHarness } from './helpers';

describe('§5 authentication', () => {
  it.each([
    ['GET', '/v2/counters'],
    ['GET', `/v2/counters/${IDS.coffees}`],
    ['POST', `/v2/counters/${IDS.coffees}/increment`],
    ['POST', `/v2/counters/${IDS.coffees}/decrement/2`],
    ['PATCH', `/v2/counters/${IDS.coffees}`],
    ['GET', '/v1/counters'],
    ['GET', `/v1/counters/${IDS.coffees}`],
    ['PUT', `/v1/counters/${IDS.coffees}`],
    ['POST', `/v1/counters/${IDS.coffees}/increment`],
    ['POST', `/v1/counters/${IDS.coffees}/decrement`],
  ])('%s %s without a token or with an unknown one → 401 with the error body (§5.1, §5.4)', async (method, path) => {
    const h = await startHarness();
    for (const token of [null, 'not-a-real-token']) {
      const res = await h.request(method, path, { token, json: method === 'PATCH' || method === 'PUT' ? { name: 'Whatever name' } : undefined });
      expect(res.status).toBe(401);
      ErrorBody.parse(res.body);
    }
    expect(h.service.getCounter(IDS.coffees)?.value).toBe(3);
  });

  it('a Basic or malformed Authorization header → 401 (§5.1 "Bearer")', async () => {
    const h = await startHarness();
    const res = await h.request('GET', '/v2/counters', { token: null, headers: { Authorization: 'Basic demo-token-ada' } });
    expect(res.status).toBe(401);
  });

  it.each(['/v1/ws', '/v2/ws'])('the %s upgrade without a valid token → 401 with the error body (§5.3, §5.4)', async (path) => {
    const h = await startHarness();
    const noToken = await refusedUpgrade(h.socket(path, null));
    expect(noToken.status).toBe(401);
    ErrorBody.parse(noToken.body);
    expect((await refusedUpgrade(h.socket(path, 'wrong'))).status).toBe(401);
  });

  it('a revoked token gets 401 on the next request and its open socket is closed (§5.2 "unless revoked")', async () => {
    const h = await startHarness();
    const ws = await h.socket('/v2/ws?timezone=UTC');
    expect((await h.get('/v2/counters?timezone=UTC')).status).toBe(200);
    h.service.revokeToken('demo-token-ada');
    expect((await ws.closed).code).toBe(1008);
    expect((await h.get('/v2/counters?timezone=UTC')).status).toBe(401);
    expect((await h.get('/v2/counters?timezone=UTC', DEMO_OTHER_TOKEN)).status).toBe(200);
  });
});

describe('§8 rate limit: 4/s with a burst of 6 per user, reads + mutations + upgrades', () => {
  it('token bucket: 6 at once pass, the 7th is 429 with the error body; 250 ms later one more passes', async () => {
    const h = await startHarness();
    h.autoAdvanceMs = 0;
    for (let i = 0; i < 6; i++) expect((await h.get('/v2/counters?timezone=UTC')).status).toBe(200);
    const res = await h.get('/v2/counters?timezone=UTC');
    expect(res.status).toBe(429);
    ErrorBody.parse(res.body);
    // docs/api.md O8 default: no rate-limit headers
    expect(res.headers.get('retry-after')).toBeNull();
    h.clock.tick(250);
    expect((await h.get('/v2/counters?timezone=UTC')).status).toBe(200);
    expect((await h.get('/v2/counters?timezone=UTC')).status).toBe(429);
  });

  it('steady 4 per second never gets a 429', async () => {
    const h = await startHarness();
    h.autoAdvanceMs = 250;
    for (let i = 0; i < 40; i++) expect((await h.get('/v2/counters?timezone=UTC')).status).toBe(200);
    expect(h.service.requestLog.filter((e) => e.status === 429)).toEqual([]);
  });

  it('mutations and reads share one window, and a 429’d mutation is not applied (§8 scope)', async () => {
    const h = await startHarness();
    h.autoAdvanceMs = 0;
    for (let i = 0; i < 3; i++) await h.get('/v2/counters?timezone=UTC');
    for (let i = 0; i < 3; i++) expect((await h.post(`/v2/counters/${IDS.coffees}/increment`)).status).toBe(200);
    const ws = await h.socket('/v2/ws?timezone=UTC', DEMO_OTHER_TOKEN);
    const limited = await h.post(`/v2/counters/${IDS.coffees}/increment`);
    expect(limited.status).toBe(429);
    expect(h.service.getCounter(IDS.coffees)?.value).toBe(6);
    // No notification for the refused mutation: the next one the socket sees is value 7.
    h.clock.tick(1000);
    await h.post(`/v2/counters/${IDS.coffees}/increment`);
    expect((await ws.next()) as { params: { value: number } }).toMatchObject({ params: { value: 7 } });
  });

  it('WebSocket upgrades count too, and an over-limit upgrade is refused with 429 (§8 scope)', async () => {
    const h = await startHarness();
    h.autoAdvanceMs = 0;
    for (let i = 0; i < 6; i++) await h.get('/v2/counters?timezone=UTC');
    const refused = await refusedUpgrade(h.socket('/v2/ws?timezone=UTC'));
    expect(refused.status).toBe(429);
    ErrorBody.parse(refused.body);
  });

  it('the limit is per user: another user is not affected (§8 "per user")', async () => {
    const h = await startHarness();
    h.autoAdvanceMs = 0;
    for (let i = 0; i < 7; i++) await h.get('/v2/counters?timezone=UTC');
    expect((await h.get('/v2/counters?timezone=UTC', DEMO_OTHER_TOKEN)).status).toBe(200);
  });

  it('requestLog records every request and upgrade with the clock time, user and status', async () => {
    const h = await startHarness();
    h.autoAdvanceMs = 0;
    h.clock.set(5_000);
    await h.get('/v2/counters?timezone=UTC');
    await h.get('/nowhere', null);
    const ws = await h.socket('/v2/ws?timezone=UTC');
    ws.ws.terminate();
    expect(h.service.requestLog).toEqual([
      { at: 5_000, userId: '0b9a6c1e-6f0e-4a59-9d61-1f7d3c1c2a10', method: 'GET', path: '/v2/counters', status: 200 },
      { at: 5_000, userId: undefined, method: 'GET', path: '/nowhere', status: 401 },
      { at: 5_000, userId: '0b9a6c1e-6f0e-4a59-9d61-1f7d3c1c2a10', method: 'GET', path: '/v2/ws', status: 101 },
    ]);
  });
});
