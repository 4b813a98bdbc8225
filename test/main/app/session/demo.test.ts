import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startDemoService } from '../../../../src-main/app/session/demo';
import type { DemoService } from '../../../../src-main/app/ports';
import { DEMO_TOKEN, startCounterService } from '../../../../src-service/index';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function demo(): Promise<DemoService> {
  const started = await startDemoService({ activity: false });
  cleanups.push(() => started.close());
  return started;
}

/** GET /v2/counters with any Host and Origin (fetch would not let a test set Host). */
function get(url: string, token: string, headers: Record<string, string> = {}): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path: '/v2/counters?timezone=UTC', headers: { Authorization: `Bearer ${token}`, ...headers } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A WebSocket upgrade as a browser page makes it (it always sends its Origin). */
function upgrade(url: string, token: string, origin?: string): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/v2/ws?timezone=UTC`, { headers: { Authorization: `Bearer ${token}` }, ...(origin ? { origin } : {}) });
    ws.on('open', () => {
      ws.terminate();
      resolve(101);
    });
    ws.on('unexpected-response', (_req, res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    ws.on('error', () => undefined);
  });
}

describe('startDemoService', () => {
  it('starts the reference service on loopback with demo data its token can read, and closes it', async () => {
    const started = await startDemoService();
    try {
      expect(started.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const response = await fetch(`${started.url}/v2/counters?timezone=UTC`, { headers: { Authorization: `Bearer ${started.token}`, Accept: 'application/json' } });
      expect(response.status).toBe(200);
      const counters = (await response.json()) as unknown[];
      expect(counters.length).toBeGreaterThan(0);
    } finally {
      await started.close();
    }
    await expect(fetch(`${started.url}/v2/counters`)).rejects.toThrow();
  });
});

describe('the demo answers only the app (issue 23, point 10)', () => {
  /** What another local process or a web page (DNS rebinding to 127.0.0.1, or a page on this machine) gets from a demo service. */
  async function reach(service: { url: string; token: string }) {
    const { port } = new URL(service.url);
    return {
      publishedToken: await get(service.url, DEMO_TOKEN),
      rebindingPage: await get(service.url, service.token, { Host: `rebind.attacker.example:${port}`, Origin: `http://rebind.attacker.example:${port}` }),
      rebindingHostOnly: await get(service.url, service.token, { Host: `rebind.attacker.example:${port}` }),
      localPage: await get(service.url, service.token, { Origin: 'http://127.0.0.1:3000' }),
      pageSocket: await upgrade(service.url, service.token, 'http://127.0.0.1:3000'),
      app: await get(service.url, service.token),
      appSocket: await upgrade(service.url, service.token),
    };
  }

  it('a token of its own per launch; Host must be 127.0.0.1:<port>; browser Origins are refused', async () => {
    const [one, two] = [await demo(), await demo()];
    expect(one.token).not.toBe(two.token);
    expect([one.token, two.token]).not.toContain(DEMO_TOKEN);
    expect(await reach(one)).toEqual({ publishedToken: 401, rebindingPage: 403, rebindingHostOnly: 403, localPage: 403, pageSocket: 403, app: 200, appSocket: 101 });
  });

  it('negative control: the 0.2 demo (published token, no guard) answers every one of them', async () => {
    // A clock a second further on each time it is read: seven requests in a row stay under the rate limit.
    let clock = Date.now();
    const service = await startCounterService({ port: 0, fixtures: 'demo', now: () => (clock += 1000) });
    cleanups.push(() => service.close());
    expect(await reach({ url: service.url, token: DEMO_TOKEN })).toEqual({ publishedToken: 200, rebindingPage: 200, rebindingHostOnly: 200, localPage: 200, pageSocket: 101, app: 200, appSocket: 101 });
  });
});
