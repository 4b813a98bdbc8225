// Scenario 8, midnight: real cores, one user each, in three time zones whose
// midnights are 15 minutes apart, ride across their local midnight on one simulated
// clock that the service shares (so its day values and the cores' agree). What reaches
// the service meanwhile is counted from its request log; the day counters turning in each
// core at its own 00:00:00 shows the run did cross midnight. A core that read its whole list 1 s after midnight
// would send N requests in one second for a zone of N apps.
import { WebSocket } from 'ws';
import { createCounterCore } from '../../src-main/core/index';
import type { CounterCore } from '../../src-main/core/index';
import type { CoreSnapshot } from '../../src-shared/domain/snapshot';
import { startCounterService } from '../../src-service/index';
import { untilSnapshot } from '../core-wait';
import { FakeClock } from '../../dev-tools/support/fake-clock';
import { readFixtures, writeFixtures } from '../fixtures';
import type { Row, ScenarioResult } from '../report';
import { pause } from '../stats';

/** Next local midnights after the start, as UTC instants (no DST in these zones). */
const ZONES = [
  { zone: 'Asia/Dhaka', midnight: Date.parse('2026-11-23T18:00:00Z') },
  { zone: 'Asia/Kathmandu', midnight: Date.parse('2026-11-23T18:15:00Z') },
  { zone: 'Asia/Kolkata', midnight: Date.parse('2026-11-23T18:30:00Z') },
];
const START = Date.parse('2026-11-23T17:58:00Z');
const END = Date.parse('2026-11-23T18:32:00Z');
const COUNTERS = 20;
/** Pings wait this long for their pongs before time moves on (real ms); a late pong would show as a reconnect. */
const PONG_WAIT_MS = 5_000;

/** Pings the cores sent that have no pong yet, so simulated time moves on only once they are answered. */
class PingLedger {
  sent = 0;
  private outstanding = 0;
  private waiters: (() => void)[] = [];

  watch(ws: WebSocket): WebSocket {
    let pending = 0;
    const ping = ws.ping.bind(ws);
    ws.ping = (...args: Parameters<WebSocket['ping']>) => {
      pending += 1;
      this.sent += 1;
      this.change(1);
      ping(...args);
    };
    ws.on('pong', () => {
      if (pending === 0) return;
      pending -= 1;
      this.change(-1);
    });
    ws.on('close', () => {
      this.change(-pending);
      pending = 0;
    });
    return ws;
  }

  async answered(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    if (this.outstanding === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([new Promise<void>((resolve) => this.waiters.push(resolve)), new Promise((resolve) => (timer = setTimeout(resolve, PONG_WAIT_MS)))]);
    clearTimeout(timer);
  }

  private change(by: number): void {
    this.outstanding += by;
    if (this.outstanding > 0) return;
    for (const resolve of this.waiters.splice(0)) resolve();
  }
}

const dayValues = (snapshot: CoreSnapshot) =>
  new Map(snapshot.counters.filter((c) => c.type === 'FromDate' || c.type === 'ToDate').map((c) => [c.id, { type: c.type, value: c.value }]));

interface Rider {
  zone: string;
  midnight: number;
  core: CounterCore;
  before: ReturnType<typeof dayValues>;
  /** Simulated time of the first snapshot whose day values differ from `before`. */
  turnedAt?: number;
  turnedRight: boolean;
}

export async function runMidnight(options: { cores: number; log: (line: string) => void }): Promise<ScenarioResult> {
  const fx = writeFixtures({ counters: COUNTERS, readers: options.cores, others: 0, datedEvery: 2 });
  const clock = new FakeClock(START);
  const service = await startCounterService({ port: 0, fixtures: readFixtures(fx.file), now: clock.now });
  const pings = new PingLedger();
  const riders: Rider[] = fx.readers.map((reader, n) => {
    const { zone, midnight } = ZONES[n % ZONES.length]!;
    const core = createCounterCore({
      baseUrl: service.url,
      token: reader.token,
      timezone: zone,
      clock,
      webSocket: (url, { headers }) => pings.watch(new WebSocket(url, { headers, handshakeTimeout: 10_000 })),
    });
    return { zone, midnight, core, before: new Map(), turnedRight: false };
  });
  try {
    let started = 0;
    const starting = Promise.all(riders.map((r) => r.core.start().finally(() => (started += 1))));
    while (started < riders.length) await clock.runTogether(0, () => pause(5));
    await starting;
    await Promise.all(riders.map((r) => untilSnapshot(r.core, (s) => s.connection.status === 'live', 10_000, 'live before midnight')));
    for (const rider of riders) {
      rider.before = dayValues(rider.core.snapshot());
      rider.core.subscribe((snapshot) => {
        if (rider.turnedAt !== undefined) return;
        const now = dayValues(snapshot);
        if ([...now].every(([id, c]) => c.value === rider.before.get(id)?.value)) return;
        rider.turnedAt = clock.now();
        rider.turnedRight = [...now].every(([id, c]) => c.value === (rider.before.get(id)?.value ?? Number.NaN) + (c.type === 'FromDate' ? 1 : -1));
      });
    }
    const mark = service.requestLog.length;
    const pingsBefore = pings.sent;
    await clock.runTogether(END - clock.now(), () => pings.answered());
    await pause(200); // a request a timer started would still be on its way
    const requests = service.requestLog.slice(mark);
    const live = riders.filter((r) => r.core.snapshot().connection.status === 'live').length;
    const perZone = ZONES.map(({ zone, midnight }) => {
      const mine = riders.filter((r) => r.zone === zone);
      return {
        zone,
        midnightUtc: new Date(midnight).toISOString().slice(11, 16),
        cores: mine.length,
        turnedAtMidnight: mine.filter((r) => r.turnedAt === midnight && r.turnedRight).length,
      };
    });
    const turned = perZone.reduce((sum, z) => sum + z.turnedAtMidnight, 0);
    const dayCounters = riders.reduce((sum, r) => sum + r.before.size, 0);
    const data = { startRequests: mark, cores: riders.length, simulatedMs: END - START, requests: requests.length, requestPaths: requests.slice(0, 10).map((e) => `${e.method} ${e.path}`), pings: pings.sent - pingsBefore, live, perZone, dayCounters };
    options.log(`midnight: ${JSON.stringify(data)}`);
    const scenario = `Midnight: ${riders.length} real cores in ${ZONES.length} zones across local midnight`;
    const zonesText = perZone.map((z) => `${z.zone} ${z.midnightUtc} UTC`).join(', ');
    const rows: Row[] = [
      {
        scenario,
        measure: 'requests reaching the service',
        app: `${requests.length} (HTTP and WebSocket upgrades; ${data.pings.toLocaleString('en-US')} pings answered, ${live}/${riders.length} still live)`,
        naive: 'HA-like, .NET-SDK-like: 0 (neither acts on midnight; their day values stay stale until their next poll or reconnect)',
        target: '0 requests',
        met: requests.length === 0,
        how: `createCounterCore with default tuning, one user each, ${COUNTERS} counters (every second one FromDate/ToDate), a third of the cores in each of ${zonesText}; core and service share one simulated clock (dev-tools/support/fake-clock.ts runTogether: timers due at the same instant fire together, then time waits until every ping has its pong) from ${new Date(START).toISOString().slice(11, 16)} to ${new Date(END).toISOString().slice(11, 16)} UTC, real sockets; the service's requestLog from the last core live until the end (the same log counted the start: ${mark} requests). A core that read its list 1 s after its midnight would send ${riders.length} requests here, N in one second for a zone of N apps`,
      },
      {
        scenario,
        measure: 'day counters turned at 00:00:00 local, without a request',
        app: `${turned}/${riders.length} cores, each at its own zone's midnight (${dayCounters.toLocaleString('en-US')} day values, each one day on)`,
        target: 'every core',
        met: turned === riders.length,
        how: "a core counts when its first snapshot whose FromDate/ToDate values changed came at its zone's midnight on the simulated clock and moved every one of them one day (FromDate +1, ToDate −1)",
      },
    ];
    return { rows, data };
  } finally {
    await Promise.all(riders.map((r) => r.core.stop()));
    await service.close();
  }
}
