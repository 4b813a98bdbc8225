// Scenario 2a, live latency to the core: other users increment shared counters over
// HTTP; the measured core hears it on its WebSocket and calls onRemoteChange. Two
// spans, both on this process's performance.now(): from issuing the other user's
// request, and from the frame reaching the core's socket (the core's own cost).
import { WebSocket } from 'ws';
import { createCounterCore } from '../../src-main/core/index';
import type { WebSocketFactory } from '../../src-main/core/index';
import { startCounterService } from '../../src-service/index';
import type { RemoteChange } from '../../src-shared/domain/snapshot';
import { readFixtures, writeFixtures } from '../fixtures';
import type { Row, ScenarioResult } from '../report';
import { ms, pause, percentile } from '../stats';

export const OTHER_USERS = 50;
/** Changes before the recorded ones: the first frames pay for JIT compilation. */
const WARM_UP = 10;

export async function runLatencyCore(options: { samples: number }): Promise<ScenarioResult> {
  // Many "other users" so that 200 quick changes stay far inside each one's rate limit.
  const fx = writeFixtures({ counters: 10, readers: 1, others: OTHER_USERS });
  const service = await startCounterService({ port: 0, fixtures: readFixtures(fx.file) });
  let frameAt = 0;
  // Our 'message' listener is added before the core's, so it stamps the frame first.
  const stampingSocket: WebSocketFactory = (url, { headers }) => {
    const ws = new WebSocket(url, { headers, handshakeTimeout: 10_000 });
    ws.on('message', () => (frameAt = performance.now()));
    return ws;
  };
  const core = createCounterCore({ baseUrl: service.url, token: fx.readers[0]!.token, timezone: 'UTC', webSocket: stampingSocket });
  const fromRequest: number[] = [];
  const fromFrame: number[] = [];
  try {
    await core.start();
    let waiting: { id: string; resolve: (change: RemoteChange) => void } | undefined;
    core.onRemoteChange((change) => {
      if (waiting && change.counterId === waiting.id) waiting.resolve(change);
    });
    for (let i = 0; i < WARM_UP + options.samples; i += 1) {
      const id = fx.upDownIds[i % fx.upDownIds.length]!;
      const other = fx.others[i % fx.others.length]!;
      const heard = new Promise<number>((resolve) => (waiting = { id, resolve: () => resolve(performance.now()) }));
      const sent = performance.now();
      const response = fetch(new URL(`/v2/counters/${id}/increment`, service.url), { method: 'POST', headers: { Authorization: `Bearer ${other.token}` } });
      const listenerAt = await heard;
      if (i >= WARM_UP) {
        fromRequest.push(listenerAt - sent);
        fromFrame.push(listenerAt - frameAt);
      }
      await (await response).arrayBuffer();
      waiting = undefined;
      await pause(2); // let the answer's loose ends run before the next sample
    }
  } finally {
    await core.stop();
    await service.close();
  }
  const p = (xs: number[], q: number) => ms(percentile(xs, q), 2);
  const scenario = `Live latency → core listener (${fromRequest.length} samples)`;
  const rows: Row[] = [
    {
      scenario,
      measure: 'frame at the core socket → onRemoteChange, p50 / p99',
      app: `${p(fromFrame, 50)} / ${p(fromFrame, 99)}`,
      target: 'p99 < 2 ms',
      met: percentile(fromFrame, 99) < 2,
      how: `performance.now() in a 'message' listener added to the core's ws before the core's own, to the onRemoteChange callback: the core's parse + merge + emit; ${WARM_UP} warm-up changes dropped`,
    },
    {
      scenario,
      measure: "other user's POST issued → onRemoteChange, p50 / p99",
      app: `${p(fromRequest, 50)} / ${p(fromRequest, 99)}`,
      how: `performance.now() before fetch(POST …/increment) as one of ${OTHER_USERS} other users (in turn) to the callback; includes the service's HTTP handling and its WebSocket send, all in this process`,
    },
  ];
  return { rows, data: { fromFrame, fromRequest } };
}
