// The baseline: a client as the API's public clients are written (Home Assistant
// integration, .NET SDK): one request per click, sent at once, and a 429 retried after
// a fixed second. No pacing, no coalescing.
import type { Direction } from '../src-shared/domain/snapshot';

export interface NaiveClientOptions {
  baseUrl: string;
  token: string;
  retryAfterMs?: number;
}

export interface NaiveStats {
  sent: number;
  rateLimited: number;
  /** Requests that ended in anything but 200 or 429 (never retried). */
  failed: number;
}

export interface NaiveClient {
  click(id: string, direction: Direction): void;
  /** Resolves when every click has been answered with something other than 429. */
  settled(): Promise<void>;
  readonly stats: NaiveStats;
}

export function createNaiveClient(options: NaiveClientOptions): NaiveClient {
  const retryAfterMs = options.retryAfterMs ?? 1000;
  const stats: NaiveStats = { sent: 0, rateLimited: 0, failed: 0 };
  const inFlight = new Set<Promise<void>>();

  async function send(id: string, direction: Direction): Promise<void> {
    const url = new URL(`/v2/counters/${encodeURIComponent(id)}/${direction}`, options.baseUrl);
    for (;;) {
      stats.sent += 1;
      const response = await fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${options.token}`, Accept: 'application/json' } });
      await response.arrayBuffer(); // drain, so the connection is reused
      if (response.status !== 429) {
        if (!response.ok) stats.failed += 1;
        return;
      }
      stats.rateLimited += 1;
      await new Promise((resolve) => setTimeout(resolve, retryAfterMs));
    }
  }

  return {
    stats,
    click(id, direction) {
      const request = send(id, direction).catch(() => void (stats.failed += 1));
      inFlight.add(request);
      void request.finally(() => inFlight.delete(request));
    },
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
