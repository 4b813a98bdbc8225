import { describe, expect, it } from 'vitest';
import { startDemoService } from '../../src-main/app/demo';

describe('startDemoService', () => {
  it('starts the reference service on loopback with demo data its token can read, and closes it', async () => {
    const demo = await startDemoService();
    try {
      expect(demo.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const response = await fetch(`${demo.url}/v2/counters?timezone=UTC`, { headers: { Authorization: `Bearer ${demo.token}`, Accept: 'application/json' } });
      expect(response.status).toBe(200);
      const counters = (await response.json()) as unknown[];
      expect(counters.length).toBeGreaterThan(0);
    } finally {
      await demo.close();
    }
    await expect(fetch(`${demo.url}/v2/counters`)).rejects.toThrow();
  });
});
