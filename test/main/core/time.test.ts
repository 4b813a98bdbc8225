// Day counts move on their own (docs/api.md R2). Resync on setTimezone and on notifyResume;
// every read and the socket carry the timezone (docs/api.md O1). (Local midnight turns day
// counts without a request: day-rollover.test.ts.)
import { describe, expect, it } from 'vitest';
import { once } from 'node:events';
import WebSocket from 'ws';
import { FakeClock } from '../../../dev-tools/support/fake-clock';
import type { CounterCore } from '../../../src-main/core/index';
import { FROM_DATE, USERS, counter, startCore, startService, until } from '../../support/core-harness';

const NO_PING = { pingIntervalMs: 1e12 }; // fake hours pass in a blink; pings would race them

const dayValue = (core: CounterCore, id: string) => counter(core.snapshot(), id)?.value;

describe('days move on their own', () => {
  it('setTimezone reopens the socket for the new zone and resyncs day counts', async () => {
    const clock = new FakeClock(Date.parse('2026-11-22T12:00:00Z'));
    const service = await startService({ now: clock.now });
    const urls: string[] = [];
    const core = await startCore(service.url, USERS.ada.token, {
      clock,
      timezone: 'UTC',
      tuning: NO_PING,
      webSocket: (url, options) => {
        urls.push(url);
        return new WebSocket(url, options);
      },
    });
    const inUtc = dayValue(core, FROM_DATE)!;
    core.setTimezone('Pacific/Kiritimati'); // already tomorrow there
    await until(core, (s) => counter(s, FROM_DATE)?.value === inUtc + 1 && s.connection.status === 'live', 5000, 'the new zone');
    expect(urls.map((url) => new URL(url).searchParams.get('timezone'))).toEqual(['UTC', 'Pacific/Kiritimati']);
    expect(() => core.setTimezone('Not/AZone')).toThrow(/timezone/);
  });

  it('notifyResume reconnects and resyncs', async () => {
    const service = await startService();
    const core = await startCore(service.url, USERS.ada.token);
    const { resyncs } = core.snapshot().stats;
    const upgrades = service.requestLog.filter((e) => e.path === '/v2/ws').length;
    core.notifyResume();
    await until(core, (s) => s.stats.resyncs > resyncs && s.connection.status === 'live', 5000, 'a resync');
    expect(service.requestLog.filter((e) => e.path === '/v2/ws').length).toBe(upgrades + 1);
  });

  it('every read carries the timezone; idle means no HTTP requests', async () => {
    const service = await startService({ variant: { timezoneDefault: 'Pacific/Kiritimati' } });
    const reads: string[] = [];
    const clock = new FakeClock(Date.now());
    const sockets: WebSocket[] = [];
    const core = await startCore(service.url, USERS.ada.token, {
      clock,
      timezone: 'UTC',
      webSocket: (url, options) => {
        const ws = new WebSocket(url, options);
        sockets.push(ws);
        return ws;
      },
      fetch: (input, init) => {
        if ((init?.method ?? 'GET') === 'GET') reads.push(String(input));
        return fetch(input, init);
      },
    });
    core.setTimezone('Europe/Berlin');
    await until(core, (s) => s.connection.status === 'live' && s.stats.resyncs >= 2, 5000, 'resync');
    expect(reads.length).toBeGreaterThanOrEqual(2);
    for (const url of reads) expect(new URL(url).searchParams.get('timezone')).toMatch(/^(UTC|Europe\/Berlin)$/);
    const before = service.requestLog.length;
    const socket = sockets.at(-1)!;
    for (let ping = 0; ping < 4; ping += 1) {
      // A ping is due every 25 s: let it go out, and let its pong arrive before the 10 s deadline.
      const pong = once(socket, 'pong');
      await clock.advance(25_000);
      await pong;
    }
    expect(service.requestLog.length).toBe(before); // 100 s of idle: pings only, no HTTP
    expect(core.snapshot().connection.status).toBe('live');
  });
});
