// The programmatic levers (src-service/README.md) for what the API has no endpoint for
// (docs/api.md O14): deletion and member changes fire their notifications (§6 rows 2–3),
// plus revoke, suspend/resume and raw frames for client robustness tests.
import { describe, expect, it } from 'vitest';
import { CounterListV2, JsonRpcNotification } from '../../src-shared/api/schemas';
import { DEMO_OTHER_TOKEN, DEMO_OTHER_USER_ID, DEMO_OUTSIDER_TOKEN, DEMO_OUTSIDER_USER_ID, DEMO_USER_ID, IDS, openSocket, startHarness } from './helpers';

describe('deleteCounter → counterDeleted (§6 row 2)', () => {
  it('members’ sockets get counterDeleted { counterId } by default; the counter is gone for everyone', async () => {
    const h = await startHarness();
    const ada = await h.socket('/v2/ws?timezone=UTC');
    const alan = await h.socket('/v1/ws', DEMO_OTHER_TOKEN);
    expect(h.service.deleteCounter(IDS.coffees)).toBe(true);
    for (const ws of [ada, alan]) expect(await ws.next()).toEqual({ jsonrpc: '2.0', method: 'counterDeleted', params: { counterId: IDS.coffees } });
    expect(h.service.getCounter(IDS.coffees)).toBeUndefined();
    expect((await h.get(`/v2/counters/${IDS.coffees}?timezone=UTC`)).status).toBe(404);
    expect(CounterListV2.parse((await h.get('/v2/counters?timezone=UTC')).body).map((c) => c.id)).not.toContain(IDS.coffees);
    expect(h.service.deleteCounter(IDS.coffees)).toBe(false);
  });

  it('non-members are not told', async () => {
    const h = await startHarness();
    const grace = await h.socket('/v2/ws?timezone=UTC', DEMO_OUTSIDER_TOKEN);
    h.service.deleteCounter(IDS.coffees);
    h.service.deleteCounter(IDS.gracesBooks);
    expect(await grace.next()).toMatchObject({ method: 'counterDeleted', params: { counterId: IDS.gracesBooks } });
  });
});

describe('setMembers → counterMemberlistChanged (§6 row 3)', () => {
  it('a removed member and an added member are both told; the list changes for both', async () => {
    const h = await startHarness();
    const alan = await h.socket('/v2/ws?timezone=UTC', DEMO_OTHER_TOKEN);
    const grace = await h.socket('/v2/ws?timezone=UTC', DEMO_OUTSIDER_TOKEN);
    h.service.setMembers(IDS.coffees, [
      { userId: DEMO_USER_ID, isAdmin: true },
      { userId: DEMO_OUTSIDER_USER_ID, isAdmin: false },
    ]);
    const expected = { jsonrpc: '2.0', method: 'counterMemberlistChanged', params: { counterId: IDS.coffees } };
    expect(await alan.next()).toEqual(expected);
    expect(await grace.next()).toEqual(expected);
    expect((await h.get(`/v2/counters/${IDS.coffees}?timezone=UTC`, DEMO_OTHER_TOKEN)).status).toBe(403);
    expect((await h.get(`/v2/counters/${IDS.coffees}?timezone=UTC`, DEMO_OUTSIDER_TOKEN)).status).toBe(200);
    expect(h.service.getCounter(IDS.coffees)?.members).toEqual([
      { userId: DEMO_USER_ID, isAdmin: true },
      { userId: DEMO_OUTSIDER_USER_ID, isAdmin: false },
    ]);
  });

  it('an unknown counter is refused', async () => {
    const h = await startHarness();
    expect(() => h.service.setMembers('019a4f2e-8c00-7d3a-9b1e-ffffffffffff', [])).toThrow(/Unknown counter/);
  });
});

describe('createCounter (not-shown #15: no endpoint creates counters)', () => {
  it('adds a counter with a fresh UUID v7 and created time from the clock, and tells its members', async () => {
    const h = await startHarness();
    h.autoAdvanceMs = 0;
    h.clock.set(Date.UTC(2026, 10, 22, 8, 0));
    const alan = await h.socket('/v2/ws?timezone=UTC', DEMO_OTHER_TOKEN);
    const made = h.service.createCounter({ name: 'Fresh counter', type: 'ToDate', endDate: '2026-12-24', members: [{ userId: DEMO_OTHER_USER_ID, isAdmin: true }] });
    expect(made.created).toBe('2026-11-22T08:00:00.000Z');
    expect(parseInt(made.id.replace(/-/g, '').slice(0, 12), 16)).toBe(Date.UTC(2026, 10, 22, 8, 0)); // v7 timestamp
    expect(await alan.next()).toMatchObject({ method: 'counterMemberlistChanged', params: { counterId: made.id } });
    const list = CounterListV2.parse((await h.get('/v2/counters?timezone=UTC', DEMO_OTHER_TOKEN)).body);
    expect(list.find((c) => c.id === made.id)?.value).toBe(32);
  });
});

describe('suspend / resume (server restart)', () => {
  it('closes every WebSocket with 1012 Service Restart, drops HTTP connections, refuses connections while down, and keeps state on the same port', async () => {
    const h = await startHarness();
    await h.post(`/v2/counters/${IDS.coffees}/increment`);
    const ws = await h.socket('/v2/ws?timezone=UTC');
    const port = h.service.port;
    await h.service.suspend();
    expect((await ws.closed).code).toBe(1012);
    await expect(fetch(`${h.service.url}/v2/counters`)).rejects.toThrow();
    await h.service.resume();
    expect(h.service.port).toBe(port);
    expect((await h.get(`/v2/counters/${IDS.coffees}?timezone=UTC`)).body).toMatchObject({ value: 4 });
    const again = await h.socket('/v2/ws?timezone=UTC');
    await h.post(`/v2/counters/${IDS.coffees}/increment`);
    expect(await again.next()).toMatchObject({ params: { value: 5 } });
  });
});

describe('how the service tells its clients it goes (issue 25)', () => {
  it('close() closes every WebSocket with 1001 Going Away', async () => {
    const h = await startHarness();
    const ada = await h.socket('/v2/ws?timezone=UTC');
    const alan = await h.socket('/v1/ws', DEMO_OTHER_TOKEN);
    await h.service.close();
    expect((await ada.closed).code).toBe(1001);
    expect((await alan.closed).code).toBe(1001);
  });

  it('suspend({ abrupt: true }) cuts them without a close frame (1006), as a crash or a cut network would', async () => {
    const h = await startHarness();
    const ws = await h.socket('/v2/ws?timezone=UTC');
    await h.service.suspend({ abrupt: true });
    expect((await ws.closed).code).toBe(1006);
    await h.service.resume();
  });

  it('a client that never answers the close frame is cut after the grace period, so suspend() still finishes', async () => {
    const h = await startHarness();
    const ws = await h.socket('/v2/ws?timezone=UTC');
    ws.ws.pause(); // reads nothing: the close frame is never seen, so never answered
    const started = Date.now();
    await h.service.suspend();
    expect(Date.now() - started).toBeLessThan(5_000);
    ws.ws.resume();
    expect([1006, 1012]).toContain((await ws.closed).code);
    await h.service.resume();
  });
});

describe('broadcastRaw', () => {
  it('sends an arbitrary text frame to the user’s sockets only', async () => {
    const h = await startHarness();
    const ada = await h.socket('/v2/ws?timezone=UTC');
    const alan = await h.socket('/v2/ws?timezone=UTC', DEMO_OTHER_TOKEN);
    h.service.broadcastRaw(DEMO_USER_ID, '{"jsonrpc":"2.0","method":"counterUpdated","params":{"garbage":true}}');
    h.service.broadcastRaw(DEMO_USER_ID, 'not json at all');
    expect(JsonRpcNotification.parse(await ada.next()).params).toEqual({ garbage: true });
    expect(await ada.next()).toBe('not json at all');
    h.service.broadcastRaw(DEMO_OTHER_USER_ID, 'for alan');
    expect(await alan.next()).toBe('for alan');
  });
});

describe('lifecycle', () => {
  it('close() ends every socket and frees the port', async () => {
    const h = await startHarness();
    const ws = await h.socket('/v2/ws?timezone=UTC');
    expect(h.service.openSockets).toBe(1);
    await h.service.close();
    await ws.closed;
    await expect(openSocket(`${h.service.url.replace('http', 'ws')}/v2/ws`, 'demo-token-ada')).rejects.toThrow();
  });

  it('listens on 127.0.0.1 by default and reports the port it got for port 0', async () => {
    const h = await startHarness();
    expect(h.service.url).toBe(`http://127.0.0.1:${h.service.port}`);
    expect(h.service.port).toBeGreaterThan(0);
  });
});
