// What a hostile local client gets back for bytes of its own on the command line's channel.
import { createConnection } from 'node:net';

export function sendRaw(path: string, text: string): Promise<string> {
  return new Promise((resolve) => {
    let answer = '';
    const socket = createConnection(path, () => socket.write(text));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(answer));
  });
}
