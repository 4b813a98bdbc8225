// One token, several runs of the app (restarts, relaunches after a crash). Each run's requests
// carry its number, so the front can tell the runs apart: pacing is a promise of one run, since
// a new run cannot know what the last one sent in its last second (README.md, "Pacing and restarts").
import { WebSocket } from 'ws';
import type { WebSocketFactory } from '../../../src-main/core/contract';
import { RUN_HEADER, type PassedOn } from '../../../dev-tools/support/request-fault-front';
import { mostInWindow } from '../../support/core-harness';

/** A promise that never settles: what a killed process's calls get. */
export const never = <T>() => new Promise<T>(() => undefined);

/** The network of one run: every request and upgrade says which run sent it; `kill()` cuts it for good (a killed process sends nothing more). */
export function runNetwork(run: number) {
  let dead = false;
  const tag = String(run);
  const sockets = new Set<WebSocket>();
  const webSocket: WebSocketFactory = (url, { headers }) => {
    const ws = new WebSocket(url, { headers: { ...headers, [RUN_HEADER]: tag }, handshakeTimeout: 2_000 });
    if (dead) ws.terminate();
    sockets.add(ws);
    ws.on('close', () => sockets.delete(ws));
    return ws;
  };
  const send: typeof fetch = (input, init) => {
    if (dead) return never<Response>();
    const headers = new Headers(init?.headers);
    headers.set(RUN_HEADER, tag);
    return fetch(input, { ...init, headers });
  };
  return {
    fetch: send,
    webSocket,
    kill() {
      dead = true;
      for (const ws of sockets) ws.terminate();
    },
  };
}

/** The most requests one run put through the front in any rolling second, and that run's log to explain a failure. */
export function busiestRunSecond(passedOn: readonly PassedOn[], runOf = (entry: PassedOn) => entry.run): { most: number; log: string } {
  const runs = new Map<string, PassedOn[]>();
  for (const entry of passedOn) runs.set(runOf(entry), [...(runs.get(runOf(entry)) ?? []), entry]);
  let busiest = { most: 0, log: '' };
  for (const [run, entries] of runs) {
    const most = mostInWindow(entries.map((entry) => entry.at));
    if (most > busiest.most) busiest = { most, log: entries.map((entry) => `${entry.at % 100_000} run ${run} ${entry.what}`).join('\n') };
  }
  return busiest;
}
