// The demo's simulated second user against the real reference service: its changes go
// through HTTP with Alan's token and reach the demo user's socket as notifications; the
// pace, the 429 back-off and stop() are driven by a fake clock shared with the service.
import { afterEach, describe, expect, it } from 'vitest';
import { startDemoActivity, type DemoActivity } from '../../src-service/demo-activity';
import { startCounterService, type CounterService } from '../../src-service/index';
import { FakeClock } from '../../dev-tools/support/fake-clock';
import { DEMO_OTHER_TOKEN, DEMO_OTHER_USER_ID, IDS, openSocket, type TestSocket } from './helpers';

let service: CounterService;
let clock: FakeClock;
const cleanups: (() => Promise<void> | void)[] = [];

async function setup(): Promise<void> {
  clock = new FakeClock();
  service = await startCounterService({ port: 0, fixtures: 'demo', now: clock.now });
  cleanups.push(() => service.close());
}

function activity(options: Parameters<typeof startDemoActivity>[1] = {}): DemoActivity {
  const running = startDemoActivity(service, { clock, intervalMs: 20_000, firstDelayMs: 8_000, ...options });
  cleanups.push(() => running.stop());
  return running;
}

async function adaSocket(): Promise<TestSocket> {
  const socket = await openSocket(`${service.url.replace('http', 'ws')}/v2/ws?timezone=UTC`, 'demo-token-ada');
  cleanups.push(() => void socket.ws.terminate());
  return socket;
}

const alansRequests = () => service.requestLog.filter((entry) => entry.userId === DEMO_OTHER_USER_ID);
const valueOf = (id: string) => service.getCounter(id)?.value;

/** Fires the next step and waits for its request to finish. */
async function nextStep(running: DemoActivity, ms: number): Promise<void> {
  await clock.advance(ms);
  await running.idle();
}

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('startDemoActivity', () => {
  it('changes a shared counter over HTTP as Alan, and the demo user hears it on the socket', async () => {
    await setup();
    const socket = await adaSocket();
    const running = activity();

    await clock.advance(7_999);
    expect(alansRequests()).toEqual([]);
    await nextStep(running, 1);

    expect(alansRequests()).toMatchObject([{ method: 'POST', path: `/v2/counters/${IDS.coffees}/increment`, status: 200 }]);
    expect(valueOf(IDS.coffees)).toBe(4);
    expect(await socket.next()).toEqual({ jsonrpc: '2.0', method: 'counterUpdated', params: { counterId: IDS.coffees, name: 'Coffees today', type: 'UpDown', value: 4 } });
    expect(running.changes).toBe(1);
  });

  it('repeats its routine one request per interval, and restocks the cookies once they run out', async () => {
    await setup();
    // Leave one cookie (as the demo user, through the API like any member).
    const patched = await fetch(`${service.url}/v2/counters/${IDS.cookiesLeft}`, {
      method: 'PATCH',
      headers: { Authorization: 'Bearer demo-token-ada', 'Content-Type': 'application/json' },
      body: JSON.stringify({ value: 1 }),
    });
    expect(patched.status).toBe(200);
    const running = activity();

    await nextStep(running, 8_000); // coffee
    await nextStep(running, 20_000); // the last cookie
    expect(valueOf(IDS.cookiesLeft)).toBe(0);
    await nextStep(running, 20_000); // more cookies
    expect(valueOf(IDS.cookiesLeft)).toBe(12);
    await nextStep(running, 20_000); // the routine goes on: another coffee
    expect(valueOf(IDS.coffees)).toBe(5);

    const requests = alansRequests();
    expect(requests.map((r) => `${r.method} ${r.path.split('/').slice(-2).join('/')} ${r.status}`)).toEqual([
      `POST ${IDS.coffees}/increment 200`,
      `POST ${IDS.cookiesLeft}/decrement 200`,
      `PATCH counters/${IDS.cookiesLeft} 200`,
      `POST ${IDS.coffees}/increment 200`,
    ]);
    const gaps = requests.slice(1).map((r, i) => r.at - (requests[i]?.at ?? 0));
    expect(gaps).toEqual([20_000, 20_000, 20_000]);
    expect(running.changes).toBe(4);
  });

  it('backs off on 429 and retries the same change once the limit allows it', async () => {
    await setup();
    // Alan spends his whole burst at one instant (the service's clock does not move).
    for (let i = 0; i < 6; i += 1) {
      const response = await fetch(`${service.url}/v2/counters?timezone=UTC`, { headers: { Authorization: `Bearer ${DEMO_OTHER_TOKEN}` } });
      expect(response.status).toBe(200);
    }
    const running = activity({ firstDelayMs: 0 });

    await nextStep(running, 0);
    expect(alansRequests().at(-1)).toMatchObject({ method: 'POST', status: 429 });
    expect(valueOf(IDS.coffees)).toBe(3);
    expect(running.changes).toBe(0);
    expect(clock.nextAt! - clock.now()).toBe(40_000); // twice the interval

    await nextStep(running, 40_000);
    expect(alansRequests().at(-1)).toMatchObject({ path: `/v2/counters/${IDS.coffees}/increment`, status: 200 });
    expect(valueOf(IDS.coffees)).toBe(4);
    expect(clock.nextAt! - clock.now()).toBe(20_000); // back to the normal pace
  });

  it('never goes faster than one change per second', async () => {
    await setup();
    const running = activity({ intervalMs: 10, firstDelayMs: 0 });
    await nextStep(running, 0);
    expect(clock.nextAt! - clock.now()).toBe(1_000);
  });

  it('stops cleanly: no timer left, no request afterwards', async () => {
    await setup();
    const running = activity();
    await running.stop();
    expect(clock.pending).toBe(0);
    await clock.advance(120_000);
    expect(alansRequests()).toEqual([]);
  });

  it('stop() cancels a request in flight without reporting an error', async () => {
    await setup();
    const errors: string[] = [];
    let started = false;
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        started = true;
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted')));
      });
    const running = activity({ fetch: hanging, firstDelayMs: 0, onError: (m) => errors.push(m) });
    await clock.advance(0);
    expect(started).toBe(true);
    await running.stop();
    expect(clock.pending).toBe(0);
    expect(errors).toEqual([]);
  });

  it('reports an unreachable service and tries again at the next interval', async () => {
    await setup();
    const errors: string[] = [];
    const running = activity({ firstDelayMs: 0, onError: (m) => errors.push(m) });
    await service.suspend();
    await nextStep(running, 0);
    expect(errors).toHaveLength(1);
    await service.resume();
    await nextStep(running, 20_000);
    expect(valueOf(IDS.coffees)).toBe(4);
  });
});
