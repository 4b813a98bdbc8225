// Issue §8: day counts move on their own. Resync at the next local midnight (fake clock
// shared by the core and the service), across DST, on setTimezone and on notifyResume;
// every read and the socket carry the timezone.
import { describe, expect, it } from 'vitest';
import { once } from 'node:events';
import WebSocket from 'ws';
import { nextLocalMidnight } from '../../src-main/core/midnight';
import { FakeClock } from '../support/fake-clock';
import { FROM_DATE, TO_DATE, USERS, counter, startCore, startService, until } from '../support/core-harness';

const NO_PING = { pingIntervalMs: 1e12 }; // fake hours pass in a blink; pings would race them

async function fakeTimeSetup(start: string, timezone: string) {
  const clock = new FakeClock(Date.parse(start));
  const service = await startService({ now: clock.now });
  const core = await startCore(service.url, USERS.ada.token, { clock, timezone, tuning: NO_PING });
  return { clock, service, core };
}

const dayValue = (core: Awaited<ReturnType<typeof fakeTimeSetup>>['core'], id: string) => counter(core.snapshot(), id)?.value;

describe('days move on their own', () => {
  it('resyncs at the next local midnight, not before', async () => {
    const { clock, core } = await fakeTimeSetup('2026-11-22T12:00:00Z', 'Pacific/Kiritimati');
    const since = dayValue(core, FROM_DATE)!;
    const until_ = dayValue(core, TO_DATE)!;
    const midnight = nextLocalMidnight('Pacific/Kiritimati', clock.now());
    expect(new Date(midnight).toISOString()).toBe('2026-11-23T10:00:00.000Z');
    const resyncs = core.snapshot().stats.resyncs;
    await clock.advanceTo(midnight - 1);
    expect(core.snapshot().stats.resyncs).toBe(resyncs);
    await clock.advanceTo(midnight + 1000);
    await until(core, (s) => counter(s, FROM_DATE)?.value === since + 1, 5000, 'the day to turn');
    expect(dayValue(core, TO_DATE)).toBe(until_ - 1);
    expect(core.snapshot().stats.resyncs).toBe(resyncs + 1);
  });

  it('follows a 23-hour day when DST starts (Europe/Berlin)', async () => {
    const { clock, core } = await fakeTimeSetup('2026-03-28T12:00:00Z', 'Europe/Berlin');
    const since = dayValue(core, FROM_DATE)!;
    await clock.advanceTo(Date.parse('2026-03-28T23:00:01Z'));
    await until(core, (s) => counter(s, FROM_DATE)?.value === since + 1, 5000, 'first midnight (CET)');
    const resyncs = core.snapshot().stats.resyncs;
    // The next midnight is 23 hours later, at 22:00Z (CEST).
    await clock.advanceTo(Date.parse('2026-03-29T21:59:59Z'));
    expect(core.snapshot().stats.resyncs).toBe(resyncs);
    await clock.advanceTo(Date.parse('2026-03-29T22:00:01Z'));
    await until(core, (s) => counter(s, FROM_DATE)?.value === since + 2, 5000, 'second midnight (CEST)');
  });

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
