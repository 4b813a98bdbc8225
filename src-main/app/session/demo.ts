// Demo mode: the reference service on loopback. Any local process can reach it, so its tokens are new
// each launch and it answers only 127.0.0.1:<port> without a browser's Origin.
import { randomBytes } from 'node:crypto';
import type { DemoService } from '../ports';

const freshToken = () => `demo-${randomBytes(24).toString('base64url')}`;

interface DemoOptions {
  /** Default 20 s between the other user's changes; false: nobody else acts. */
  activity?: { intervalMs?: number; firstDelayMs?: number; clock?: { setTimeout(callback: () => void, ms: number): unknown; clearTimeout(handle: unknown): void } } | false;
  onError?: (message: string) => void;
}

export async function startDemoService(options: DemoOptions = {}): Promise<DemoService> {
  const service = await import('../../../src-service/demo-backend');
  const tokens = { ada: freshToken(), alan: freshToken(), grace: freshToken() };
  const running = await service.startCounterService({ port: 0, fixtures: service.demoFixtures(tokens), loopbackOnly: true });
  const activity = options.activity === false ? null : service.startDemoActivity(running, { ...options.activity, token: tokens.alan, ...(options.onError ? { onError: options.onError } : {}) });
  return {
    url: running.url,
    token: tokens.ada,
    async close() {
      await activity?.stop();
      await running.close();
    },
  };
}
