// Soak. 24 simulated hours on the fake clock (the core's timers and the
// service's clock), real sockets on loopback: a click every 10 minutes, a dropped
// connection every 30 minutes, a half-open one every 3 hours, a local midnight. Every
// simulated hour the resources are counted; none may grow: fake timers, WebSockets the
// core opened and has not closed, listeners on its socket, requests in flight, the
// server's open sockets, the proxy's connections, and the process's active handles.
import { WebSocket } from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { createCounterCore, createMemoryStore } from '../../src-main/core/index';
import type { WebSocketFactory } from '../../src-main/core/index';
import { FakeClock } from '../../dev-tools/support/fake-clock';
import { FaultProxy } from '../support/fault-proxy';
import { FROM_DATE, SHARED, USERS, onCleanup, startService } from '../support/core-harness';
import { envInt } from './support/knobs';
import { explainedByUnconfirmed } from './support/fault-world';

const HOURS = envInt('HARDENING_SOAK_HOURS', 24);
const STEP_MS = 5_000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface Sample {
  hour: number;
  timers: number;
  liveSockets: number;
  socketListeners: number;
  inFlight: number;
  serverSockets: number;
  proxyConnections: number;
  handles: number;
}
const samples: Sample[] = [];
afterAll(() => {
  const peak = (key: keyof Sample) => Math.max(...samples.map((s) => s[key]));
  if (samples.length > 0) console.info(`[hardening:soak] ${samples.length} hourly samples; peaks: timers=${peak('timers')} liveSockets=${peak('liveSockets')} socketListeners=${peak('socketListeners')} inFlight=${peak('inFlight')} serverSockets=${peak('serverSockets')} proxyConnections=${peak('proxyConnections')} handles=${peak('handles')}`);
});

/** Every socket the core opens, so the test can count the ones never closed and their listeners. */
function trackingWebSocket() {
  const opened: WebSocket[] = [];
  const factory: WebSocketFactory = (url, { headers }) => {
    const ws = new WebSocket(url, { headers, handshakeTimeout: 10_000 });
    opened.push(ws);
    return ws;
  };
  const alive = () => opened.filter((ws) => ws.readyState !== WebSocket.CLOSED);
  const listeners = () => Math.max(0, ...alive().map((ws) => ws.eventNames().reduce((sum, name) => sum + ws.listenerCount(name), 0)));
  return { factory, opened, alive, listeners };
}

function trackingFetch() {
  let inFlight = 0;
  let total = 0;
  const tracked: typeof fetch = async (input, init) => {
    inFlight += 1;
    total += 1;
    try {
      return await fetch(input, init);
    } finally {
      inFlight -= 1;
    }
  };
  return { fetch: tracked, inFlight: () => inFlight, total: () => total };
}

/** Lets real I/O run: at least one real millisecond, and until `idle` (bounded). */
async function realIo(idle: () => boolean): Promise<void> {
  for (let round = 0; round === 0 || (!idle() && round < 200); round += 1) await new Promise((resolve) => setTimeout(resolve, 1));
}

describe('soak', () => {
  it(`${HOURS} simulated hours with drops and a midnight: resources stay bounded, values stay exact or flagged`, async () => {
    // 22:30 UTC is 23:30 in Berlin: the local midnight comes half an hour in.
    const clock = new FakeClock(Date.UTC(2026, 10, 22, 22, 30));
    const service = await startService({ now: clock.now });
    const proxy = await FaultProxy.start(service.port);
    onCleanup(() => proxy.close());
    const sockets = trackingWebSocket();
    const requests = trackingFetch();
    const core = createCounterCore({ baseUrl: proxy.url, token: USERS.ada.token, timezone: 'Europe/Berlin', store: createMemoryStore(), clock, webSocket: sockets.factory, fetch: requests.fetch });
    onCleanup(() => core.stop());
    let snapshots = 0;
    const id = SHARED[0]!;
    // A click caught on the wire by a half-open link cannot be proven landed or lost: the core flags it.
    const flagged: number[] = [];
    core.subscribe(() => (snapshots += 1));
    core.onChangeOutcome(({ counterId, amount, outcome }) => {
      if (counterId === id && outcome === 'unconfirmed') flagged.push(amount);
    });
    await core.start();

    const initial = service.getCounter(id)!.value!;
    const daysBefore = core.snapshot().counters.find((c) => c.id === FROM_DATE)!.value;
    let clicks = 0;
    const resyncsBefore = core.snapshot().stats.resyncs;

    const around: { before?: { resyncs: number; days: number }; after?: { resyncs: number; days: number } } = {};
    const look = () => {
      const now = core.snapshot();
      return { resyncs: now.stats.resyncs, days: now.counters.find((c) => c.id === FROM_DATE)!.value };
    };
    for (let elapsed = 0; elapsed < HOURS * HOUR; elapsed += STEP_MS) {
      // Local midnight is 30 minutes in; no drop falls between these two looks.
      if (elapsed === 29 * MINUTE) around.before = look();
      if (elapsed === 31 * MINUTE) around.after = look();
      if (elapsed % (10 * MINUTE) === 0) {
        core.increment(id);
        clicks += 1;
      }
      if (elapsed % (30 * MINUTE) === 15 * MINUTE) proxy.dropAll();
      if (elapsed % (3 * HOUR) === 2 * HOUR) proxy.halfOpenAll();
      const timerDue = (clock.nextAt ?? Infinity) <= clock.now() + STEP_MS;
      await clock.advance(STEP_MS);
      // A timer that fired may have started real loopback I/O (a ping, a request, a
      // reconnect): give it real time to come back before fake time moves on.
      if (timerDue || requests.inFlight() > 0) await realIo(() => requests.inFlight() === 0);
      if (elapsed % HOUR === HOUR - STEP_MS) {
        samples.push({
          hour: samples.length + 1,
          timers: clock.pending,
          liveSockets: sockets.alive().length,
          socketListeners: sockets.listeners(),
          inFlight: requests.inFlight(),
          serverSockets: service.openSockets,
          proxyConnections: proxy.openConnections,
          handles: process.getActiveResourcesInfo().length,
        });
      }
    }

    // The day turns locally, without a resync (docs/api.md R2); no drop falls between the two looks.
    expect(around.after!.resyncs, 'no resync at local midnight').toBe(around.before!.resyncs);
    expect(around.after!.days, 'the day count turned at local midnight').toBe(around.before!.days + 1);
    for (const sample of samples) {
      expect(sample.timers, `fake timers at hour ${sample.hour}`).toBeLessThanOrEqual(8);
      expect(sample.liveSockets, `WebSockets not closed at hour ${sample.hour}`).toBeLessThanOrEqual(2);
      expect(sample.socketListeners, `listeners on the socket at hour ${sample.hour}`).toBeLessThanOrEqual(12);
      expect(sample.inFlight, `requests in flight at hour ${sample.hour}`).toBeLessThanOrEqual(2);
      expect(sample.serverSockets, `server sockets at hour ${sample.hour}`).toBeLessThanOrEqual(2);
      expect(sample.proxyConnections, `proxy connections at hour ${sample.hour}`).toBeLessThanOrEqual(10);
    }
    // Nothing accumulates: the last hours look like the first ones.
    const first = samples.slice(0, 3);
    const last = samples.slice(-3);
    const most = (list: Sample[], key: keyof Sample) => Math.max(...list.map((s) => s[key]));
    expect(most(last, 'handles')).toBeLessThanOrEqual(most(first, 'handles') + 5);
    expect(most(last, 'timers')).toBeLessThanOrEqual(most(first, 'timers') + 2);

    // Still exact and in step with the server after a day of this, the midnight included.
    await clock.advance(STEP_MS);
    await core.settled();
    const snapshot = core.snapshot();
    const server = service.getCounter(id)!.value!;
    expect(explainedByUnconfirmed(server - (initial + clicks), flagged), `server ${server}, clicks ${clicks}, flagged ${JSON.stringify(flagged)}`).toBe(true);
    expect(flagged.length, 'at most the clicks a half-open link caught').toBeLessThanOrEqual(Math.ceil(HOURS / 3));
    expect(snapshot.counters.find((c) => c.id === id)?.value).toBe(server);
    const daysAfter = snapshot.counters.find((c) => c.id === FROM_DATE)!.value;
    expect(daysAfter, 'the day count moved on at midnight').toBe(daysBefore + 1);
    expect(snapshot.stats.resyncs).toBeGreaterThan(resyncsBefore);
    console.info(`[hardening:soak] ${HOURS} h simulated: ${clicks} clicks, ${sockets.opened.length} sockets opened, ${requests.total()} requests, ${snapshot.stats.resyncs} resyncs, ${snapshots} snapshots, ${flagged.length} clicks flagged unconfirmed`);
  }, 120_000);
});
