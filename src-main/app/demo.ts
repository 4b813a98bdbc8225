// Demo mode: the reference service with its built-in demo data, on a free loopback
// port, loaded on demand so the account path never carries it.
import type { DemoService } from './ports';

export async function startDemoService(): Promise<DemoService> {
  const service = await import('../../src-service/index');
  const running = await service.startCounterService({ port: 0, fixtures: 'demo' });
  return { url: running.url, token: service.DEMO_TOKEN, close: () => running.close() };
}
