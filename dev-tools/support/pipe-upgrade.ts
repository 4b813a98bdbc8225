// Both front servers pass WebSocket upgrades through untouched: the request line and raw
// headers as the client sent them, then bytes both ways. One copy, so they cannot drift.
import type { IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import type { Socket } from 'node:net';

/** Forwards the upgrade to 127.0.0.1:`port` and pipes both ways; answers the upstream socket (the caller tracks and closes it). */
export function pipeUpgrade(req: IncomingMessage, socket: Socket, head: Buffer, port: number): Socket {
  const upstream = connect(port, '127.0.0.1');
  const lines = [`${req.method} ${req.url} HTTP/1.1`];
  for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
  upstream.write(`${lines.join('\r\n')}\r\n\r\n`); // buffered by net until the connection opens
  if (head.length > 0) upstream.write(head);
  upstream.pipe(socket);
  socket.pipe(upstream);
  return upstream;
}
