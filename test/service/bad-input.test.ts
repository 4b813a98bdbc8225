// Bad input never crashes the service and never half-applies a change;
// every refusal carries the docs/api.md §2.5 error body (§7.1).
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ErrorBody } from '../../src-shared/api/schemas';
import { IDS, refusedUpgrade, startHarness } from './helpers';

describe('bad input', () => {
  it('malformed JSON → 400 with the error body, nothing applied', async () => {
    const h = await startHarness();
    const res = await h.request('PATCH', `/v2/counters/${IDS.coffees}`, { body: '{"name": "Broken', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(400);
    ErrorBody.parse(res.body);
    expect(h.service.getCounter(IDS.coffees)?.name).toBe('Coffees today');
  });

  it.each(['null', '[]', '"name"', '42'])('a JSON body that is not an object (%s) → 400', async (text) => {
    const h = await startHarness();
    const res = await h.request('PATCH', `/v2/counters/${IDS.coffees}`, { body: text, headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(400);
    ErrorBody.parse(res.body);
  });

  it.each([
    [{ name: 42 }],
    [{ value: 'ten' }],
    [{ value: 1.5 }],
    [{ value: null }],
    [{ colour: 'red' }],
  ])('a field of the wrong type or unknown %j → 400, nothing applied', async (body) => {
    const h = await startHarness();
    const res = await h.patch(`/v2/counters/${IDS.coffees}`, body);
    expect(res.status).toBe(400);
    ErrorBody.parse(res.body);
    expect(h.service.getCounter(IDS.coffees)).toMatchObject({ name: 'Coffees today', value: 3 });
  });

  it.each(['2026-02-30', '2026-13-01', '01.02.2026', ''])('an invalid date %s → 400', async (date) => {
    const h = await startHarness();
    const res = await h.patch(`/v2/counters/${IDS.sinceMovedIn}`, { startDate: date });
    expect(res.status).toBe(400);
    expect(h.service.getCounter(IDS.sinceMovedIn)?.startDate).toBe('2024-02-29');
  });

  it('a wrong content type → 415 with the error body', async () => {
    const h = await startHarness();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await h.request('PATCH', `/v2/counters/${IDS.coffees}`, { body: '{"name":"Plain text name"}', headers: { 'Content-Type': type } });
      expect(res.status).toBe(415);
      ErrorBody.parse(res.body);
    }
    const put = await h.request('PUT', `/v1/counters/${IDS.coffees}`, { body: '{}', headers: { 'Content-Type': 'text/plain' } });
    expect(put.status).toBe(415);
    expect(h.service.getCounter(IDS.coffees)?.name).toBe('Coffees today');
  });

  it('application/json with a charset is accepted', async () => {
    const h = await startHarness();
    const res = await h.request('PATCH', `/v2/counters/${IDS.coffees}`, { body: '{"value":5}', headers: { 'Content-Type': 'application/json; charset=utf-8' } });
    expect(res.status).toBe(200);
  });

  it('a body over the size limit → 413 with the error body, nothing applied; the server keeps serving', async () => {
    const h = await startHarness();
    const res = await h.patch(`/v2/counters/${IDS.coffees}`, { name: 'Big enough', padding: 'x'.repeat(100_000) });
    expect(res.status).toBe(413);
    ErrorBody.parse(res.body);
    expect(h.service.getCounter(IDS.coffees)?.name).toBe('Coffees today');
    expect((await h.get('/v2/counters?timezone=UTC')).status).toBe(200);
  });

  it.each(['not-a-uuid', '12345', '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b1', '%E0%A4%A'])('a counter id that is not a UUID (%s) → 404 NotFound with the error body (our choice)', async (id) => {
    const h = await startHarness();
    for (const [method, suffix] of [['GET', ''], ['POST', '/increment'], ['POST', '/decrement/2']] as const) {
      const res = await h.request(method, `/v2/counters/${id}${suffix}`);
      expect(res.status).toBe(404);
      ErrorBody.parse(res.body);
    }
  });

  it.each(['/', '/v3/counters', '/v2/counter', '/v2/counters/x/y/z/w', '/favicon.ico'])('unknown route %s → 404 with the error body', async (path) => {
    const h = await startHarness();
    const res = await h.get(path);
    expect(res.status).toBe(404);
    ErrorBody.parse(res.body);
  });

  it.each([
    ['DELETE', `/v2/counters/${IDS.coffees}`, 'GET, PATCH'],
    ['POST', '/v2/counters', 'GET'],
    ['GET', `/v2/counters/${IDS.coffees}/increment`, 'POST'],
    ['PUT', `/v2/counters/${IDS.coffees}`, 'GET, PATCH'],
    ['PATCH', `/v1/counters/${IDS.coffees}`, 'GET, PUT'],
  ])('wrong method %s %s → 405 with Allow and the error body', async (method, path, allow) => {
    const h = await startHarness();
    const res = await h.request(method, path);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allow);
    ErrorBody.parse(res.body);
  });

  it('a garbage request line does not take the server down', async () => {
    const h = await startHarness();
    const port = h.service.port;
    await new Promise<void>((resolve) => {
      const s = connect(port, '127.0.0.1', () => s.end('NONSENSE\r\n\r\n'));
      s.on('close', () => resolve());
      s.on('error', () => resolve());
      s.resume();
    });
    expect((await h.get('/v2/counters?timezone=UTC')).status).toBe(200);
  });

  it('a client that disconnects mid-body does not take the server down or apply anything', async () => {
    const h = await startHarness();
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${h.service.url}/v2/counters/${IDS.coffees}`, {
        method: 'PATCH',
        headers: { Authorization: 'Bearer demo-token-ada', 'Content-Type': 'application/json', 'Content-Length': '100' },
      });
      req.on('error', () => resolve());
      req.write('{"name":"Half a bo', () => {
        req.destroy();
        resolve();
      });
    });
    expect((await h.get(`/v2/counters/${IDS.coffees}?timezone=UTC`)).body).toMatchObject({ name: 'Coffees today' });
  });

  it('a body cut short after a complete JSON prefix is not applied (Content-Length not reached)', async () => {
    const h = await startHarness();
    const text = '{"value":99}';
    await new Promise<void>((resolve) => {
      const s = connect(h.service.port, '127.0.0.1', () => {
        s.write(
          `PATCH /v2/counters/${IDS.coffees} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer demo-token-ada\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${text.length + 10}\r\n\r\n${text}`,
          () => s.destroy(),
        );
      });
      s.on('close', () => resolve());
      s.on('error', () => resolve());
    });
    // The next request is served after the cut one was handled (same event loop, in order).
    expect((await h.get(`/v2/counters/${IDS.coffees}?timezone=UTC`)).body).toMatchObject({ value: 3 });
    expect(h.service.getCounter(IDS.coffees)?.value).toBe(3);
  });

  it('an upgrade on an unknown path → 404 with the error body; an unknown timezone on /v2/ws → 400', async () => {
    const h = await startHarness();
    const nowhere = await refusedUpgrade(h.socket('/v3/ws'));
    expect(nowhere.status).toBe(404);
    ErrorBody.parse(nowhere.body);
    const badZone = await refusedUpgrade(h.socket('/v2/ws?timezone=Nowhere%2FCity'));
    expect(badZone.status).toBe(400);
    ErrorBody.parse(badZone.body);
  });

  it('client text frames are ignored and the socket keeps receiving (not-shown #18)', async () => {
    const h = await startHarness();
    const ws = await h.socket('/v2/ws?timezone=UTC');
    ws.ws.send('{"jsonrpc":"2.0","method":"hello","id":1}');
    ws.ws.send('garbage');
    const pong = new Promise<void>((resolve) => ws.ws.once('pong', () => resolve()));
    ws.ws.ping();
    await pong; // docs/api.md O18: pings are answered
    await h.post(`/v2/counters/${IDS.coffees}/increment`);
    expect(await ws.next()).toMatchObject({ method: 'counterUpdated' });
  });
});
