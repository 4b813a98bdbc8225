// A server restart is told from the client's own network failing. The reference
// service closes every socket with 1012 (suspend: a restart) or 1001 (close: it stops);
// the core then spreads its return over restartWindowMs, while a connection lost without
// a close frame (a cut, a ping with no pong) comes back within reconnectBaseMs. Clicks go
// over REST meanwhile. Real service and sockets, the core on a fake clock; random fixed
// at 0.9, so each wait is 0.9 × its ceiling and the two policies cannot be confused.
import { describe, expect, it } from 'vitest';
import type { CoreTuning } from '../../../src-main/core/contract';
import { ReconnectBackoff, dropCauseOf } from '../../../src-main/core/reconnect-backoff';
import { DEFAULT_TUNING } from '../../../src-main/core/tuning';
import { FakeClock } from '../../../dev-tools/support/fake-clock';
import { FaultProxy } from '../../support/fault-proxy';
import { SHARED, USERS, counter, onCleanup, serverValue, startCore, startService, until } from '../../support/core-harness';
import type { CounterCore } from '../../../src-main/core/index';

const TUNING: Partial<CoreTuning> = { reconnectBaseMs: 1_000, reconnectCapMs: 60_000, restartWindowMs: 20_000, pingIntervalMs: 1e12, random: () => 0.9 };

async function setUp(options: { proxy?: boolean; tuning?: Partial<CoreTuning> } = {}) {
  const clock = new FakeClock(Date.parse('2026-11-22T12:00:00Z'));
  const service = await startService({ now: clock.now });
  const proxy = options.proxy ? await FaultProxy.start(service.port) : undefined;
  if (proxy) onCleanup(() => proxy.close());
  const core = await startCore(proxy?.url ?? service.url, USERS.ada.token, { clock, tuning: { ...TUNING, ...options.tuning } });
  await until(core, (s) => s.connection.status === 'live', 5000, 'live');
  // Healthy for reconnectHealthyMs: the next drop starts the backoff afresh.
  await clock.advance(DEFAULT_TUNING.reconnectHealthyMs);
  return { clock, service, proxy, core };
}

/** The wait the core scheduled after its socket went, and the reason it gives. */
async function dropped(core: CounterCore, clock: FakeClock, drop: () => unknown): Promise<{ waitMs: number; message: string }> {
  const down = until(core, (s) => s.connection.status !== 'live', 5000, 'the drop noticed');
  void drop();
  const { connection } = await down;
  return { waitMs: connection.nextAttemptAt! - clock.now(), message: connection.message ?? '' };
}

describe('issue 25: a server restart is not the client’s own blip', () => {
  it('1012 Service Restart (suspend): the return is spread over restartWindowMs, and clicks go over REST meanwhile', async () => {
    const { clock, service, core } = await setUp();
    const { waitMs, message } = await dropped(core, clock, () => service.suspend());
    expect(waitMs).toBe(0.9 * 20_000);
    expect(message).toContain('restart (1012)');
    await service.resume();
    const id = SHARED[0]!;
    const before = serverValue(service, id);
    core.increment(id, 3);
    await core.settled();
    expect(serverValue(service, id)).toBe(before + 3);
    expect(core.snapshot().connection.status).toBe('reconnecting'); // the socket still waits its turn
    await clock.advance(waitMs);
    const live = await until(core, (s) => s.connection.status === 'live', 5000, 'live after the restart window');
    expect(counter(live, id)?.value).toBe(before + 3);
  });

  it('1001 Going Away (close): the same wide spread', async () => {
    const { clock, service, core } = await setUp();
    const { waitMs, message } = await dropped(core, clock, () => service.close());
    expect(waitMs).toBe(0.9 * 20_000);
    expect(message).toContain('restart (1001)');
  });

  it('a connection cut without a close frame (suspend abrupt): back within reconnectBaseMs', async () => {
    const { clock, service, core } = await setUp();
    const { waitMs, message } = await dropped(core, clock, () => service.suspend({ abrupt: true }));
    expect(waitMs).toBe(0.9 * 1_000);
    expect(message).toContain('(1006)');
    await service.resume();
    await clock.advance(waitMs);
    await until(core, (s) => s.connection.status === 'live', 5000, 'live after the blip');
  });

  it('a ping without pong (the network between went silent): back within reconnectBaseMs', async () => {
    const { clock, proxy, core } = await setUp({ proxy: true, tuning: { pingIntervalMs: 25_000, pongTimeoutMs: 10_000 } });
    proxy!.halfOpenAll();
    const { waitMs, message } = await dropped(core, clock, () => clock.advance(25_000 + 10_000));
    expect(message).toContain('No answer to a ping');
    expect(waitMs).toBe(0.9 * 1_000);
  });

  it('a restart that takes longer than the first attempt: each later wait is spread over the cap', async () => {
    const { clock, service, core } = await setUp();
    const first = await dropped(core, clock, () => service.suspend());
    const refused = until(core, (s) => s.connection.nextAttemptAt !== undefined && s.connection.nextAttemptAt > clock.now() + first.waitMs, 5000, 'the refused attempt');
    await clock.advance(first.waitMs);
    const { connection } = await refused;
    expect(connection.nextAttemptAt! - clock.now()).toBe(0.9 * 60_000);
  });
});

describe('which closes count as a restart (reconnect-backoff.ts)', () => {
  it('1001 Going Away, 1012 Service Restart and 1013 Try Again Later; everything else is a lost connection', () => {
    expect([1001, 1012, 1013].map(dropCauseOf)).toEqual(['serverRestart', 'serverRestart', 'serverRestart']);
    // 1000 normal, 1006 no close frame, 1008 policy (a revoked token: the next upgrade's 401 stops), 1011 server error.
    expect([1000, 1006, 1008, 1011, 4000].map(dropCauseOf)).toEqual(['lost', 'lost', 'lost', 'lost', 'lost']);
  });

  it('a socket that opened ends the restart: a later failure backs off from the base again', () => {
    const backoff = new ReconnectBackoff({ ...DEFAULT_TUNING, random: () => 0.5 });
    expect(backoff.next('serverRestart')).toBe(DEFAULT_TUNING.restartWindowMs / 2);
    backoff.opened();
    backoff.healthy();
    expect(backoff.next('attemptFailed')).toBe(DEFAULT_TUNING.reconnectBaseMs / 2);
  });
});
