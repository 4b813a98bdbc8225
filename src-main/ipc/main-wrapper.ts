// One `ipcMain.handle` per contract channel, every call's sender checked first (README.md: the doors on quit).
import { invokeChannels, type InvokeChannel, type IpcResult, type StateDelta } from '../../src-shared/ipc/contract';
import type { Dispatch } from './dispatch';
import { senderProblem, type InvokeEventLike, type SenderPolicy } from './sender-check';

export interface IpcMainLike<E extends InvokeEventLike = InvokeEventLike> {
  handle(channel: string, listener: (event: E, ...args: unknown[]) => Promise<unknown>): void;
}

const CLOSING: IpcResult<never> = { ok: false, error: { code: 'closing', message: 'Counter Tray is quitting.' } };

export const INVOKE_CHANNELS = Object.keys(invokeChannels) as InvokeChannel[];

export function registerInvokeHandlers<E extends InvokeEventLike>(
  ipcMain: IpcMainLike<E>,
  dispatch: Dispatch,
  policy: SenderPolicy,
  onRefused: (channel: InvokeChannel, reason: string) => void = () => undefined,
): () => void {
  let closed = false;
  for (const channel of INVOKE_CHANNELS) {
    ipcMain.handle(channel, async (event, ...args): Promise<IpcResult<unknown>> => {
      if (closed) return CLOSING;
      const problem = senderProblem(event, policy);
      if (problem) {
        onRefused(channel, problem);
        return { ok: false, error: { code: 'forbidden-sender', message: 'This window may not talk to Counter Tray.' } };
      }
      // The preload sends exactly one argument; anything else did not come from it.
      if (args.length !== 1) return { ok: false, error: { code: 'invalid-payload', message: 'Expected exactly one request argument.' } };
      return dispatch(channel, args[0]);
    });
  }
  return () => {
    closed = true;
  };
}

interface WebContentsLike {
  isDestroyed(): boolean;
  send(channel: string, ...args: unknown[]): void;
}

/** To one of our windows, never broadcast to every window. */
export function createDeltaSender(target: () => WebContentsLike | null) {
  return (delta: StateDelta): void => {
    const contents = target();
    if (contents && !contents.isDestroyed()) contents.send('state:delta', delta);
  };
}
