// Demo mode: the reference service with its built-in demo data, on a free loopback
// port, loaded on demand so the account path never carries it. A simulated second
// user changes shared counters now and then, so live updates and notifications show.
import type { DemoService } from './ports';

export interface DemoOptions {
  /** Time between the other user's changes (default 20 s); false: nobody else acts. */
  activity?: { intervalMs?: number; firstDelayMs?: number; clock?: { setTimeout(callback: () => void, ms: number): unknown; clearTimeout(handle: unknown): void } } | false;
  onError?: (message: string) => void;
}

export async function startDemoService(options: DemoOptions = {}): Promise<DemoService> {
  const service = await import('../../src-service/index');
  const running = await service.startCounterService({ port: 0, fixtures: 'demo' });
  const { startDemoActivity } = await import('../../src-service/demo-activity');
  const activity = options.activity === false ? null : startDemoActivity(running, { ...options.activity, ...(options.onError ? { onError: options.onError } : {}) });
  return {
    url: running.url,
    token: service.DEMO_TOKEN,
    async close() {
      await activity?.stop();
      await running.close();
    },
  };
}
