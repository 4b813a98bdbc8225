// A WebSocket client that keeps what the public clients see and the shared test socket
// throws away: the 101's headers, and each frame as raw text with its text/binary kind
// (the HA integration handles TEXT frames only). Frames are awaited, never slept for.
import { once } from 'node:events';
import type { IncomingMessage } from 'node:http';
import WebSocket from 'ws';
import type { RawData } from 'ws';
import { afterEach } from 'vitest';

export interface Frame {
  text: string;
  binary: boolean;
}

export interface RawSocket {
  upgradeHeaders: IncomingMessage['headers'];
  /** The next frame, first in first out. */
  next(): Promise<Frame>;
  /** Frames received and not yet taken. */
  pending(): Frame[];
}

const open = new Set<WebSocket>();
afterEach(() => {
  for (const ws of open) ws.terminate();
  open.clear();
});

export async function openRawSocket(url: string, headers: Record<string, string>): Promise<RawSocket> {
  const ws = new WebSocket(url, { headers });
  open.add(ws);
  const queue: Frame[] = [];
  const waiters: ((f: Frame) => void)[] = [];
  ws.on('message', (data, isBinary) => {
    const frame = { text: rawText(data), binary: isBinary };
    const waiter = waiters.shift();
    if (waiter) waiter(frame);
    else queue.push(frame);
  });
  const upgraded = once(ws, 'upgrade') as Promise<[IncomingMessage]>;
  await once(ws, 'open'); // rejects on 'error', e.g. a refused upgrade
  const [res] = await upgraded;
  return {
    upgradeHeaders: res.headers,
    next: () => {
      const queued = queue.shift();
      return queued ? Promise.resolve(queued) : new Promise((resolve) => waiters.push(resolve));
    },
    pending: () => [...queue],
  };
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  return Buffer.from(new Uint8Array(data)).toString('utf8');
}
