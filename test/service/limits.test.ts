// docs/api.md §8 limits not covered elsewhere, §7.2 status codes, and handshakes that `ws` would
// refuse on its own: they get the §2.5 error body too.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CounterV1, ErrorBody } from '../../src-shared/api/schemas';
import { startHarness } from './helpers';

const ADA = '0b9a6c1e-6f0e-4a59-9d61-1f7d3c1c2a10';

describe('§8 limits', () => {
  it('no pagination: GET /v1/counters and GET /v2/counters return all 250 counters (§8 "Pagination", §4.1 row 1)', async () => {
    const counters = Array.from({ length: 250 }, (_, i) => ({
      id: `019a4f2e-8c00-7d3a-9b1e-${String(i).padStart(12, '0')}`,
      name: `Counter number ${i}`,
      type: 'UpDown',
      value: i,
      created: '2026-01-01T00:00:00Z',
      members: [{ userId: ADA, isAdmin: true }],
    }));
    const h = await startHarness({ fixtures: { users: [{ id: ADA, displayName: 'Ada', token: 'ada' }], counters } });
    const v1 = await h.get('/v1/counters', 'ada');
    expect(z.array(CounterV1).parse(v1.body)).toHaveLength(250);
    const v2 = await h.get('/v2/counters?timezone=UTC', 'ada');
    expect((v2.body as unknown[]).length).toBe(250);
  });

  it('the earlier 120/minute policy is not in force: 7 requests in one instant already get a 429 (§8 rows 1–2, §9.5 2026-07-07)', async () => {
    const h = await startHarness();
    h.autoAdvanceMs = 0;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await h.get('/v2/counters?timezone=UTC')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });
});

function rawUpgrade(port: number, lines: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const s = connect(port, '127.0.0.1', () => s.write(`${lines.join('\r\n')}\r\n\r\n`));
    s.on('data', (c: Buffer) => (text += String(c)));
    s.on('close', () => resolve(text));
    s.on('error', reject);
  });
}

describe('malformed WebSocket handshakes', () => {
  it.each([
    ['a missing key', ['Sec-WebSocket-Version: 13']],
    ['a bad key', ['Sec-WebSocket-Key: short', 'Sec-WebSocket-Version: 13']],
    ['an unknown version', ['Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==', 'Sec-WebSocket-Version: 99']],
  ])('%s → 400 with the error body', async (_what, extra) => {
    const h = await startHarness();
    const answer = await rawUpgrade(h.service.port, [
      'GET /v2/ws?timezone=UTC HTTP/1.1',
      'Host: 127.0.0.1',
      'Connection: Upgrade',
      'Upgrade: websocket',
      'Authorization: Bearer demo-token-ada',
      ...extra,
    ]);
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    ErrorBody.parse(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)));
    expect((await h.get('/v2/counters?timezone=UTC')).status).toBe(200);
  });
});
