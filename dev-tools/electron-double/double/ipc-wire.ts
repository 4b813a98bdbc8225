// Node's end of the IPC wire: the same codec the preload world runs (renderer/ipc-codec.js),
// evaluated in this realm so that a decoded Map or Date is Node's own. Values cross by the
// Structured Clone Algorithm, as in Electron; see the codec for why the wire is text.
import { readFileSync } from 'node:fs';

export interface IpcCodec {
  /** structuredClone (throws "An object could not be cloned." as Electron does), then the wire text. */
  serialize(value: unknown): string;
  decode(text: string): unknown;
}

const source = readFileSync(new URL('../renderer/ipc-codec.js', import.meta.url), 'utf8');
export const ipcCodecSource = source;

export const ipcWire = (new Function(`${source}\nreturn ipcCodec();`) as () => IpcCodec)();
