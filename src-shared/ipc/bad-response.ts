// The one answer for a reply the window cannot use: the preload's (a reply that fails the
// contract's check) and the page's (a packed list that does not read back whole) say the same.
// zod-free: the preload imports it.
import type { IpcResult } from './contract';

export function badResponse(channel: string): IpcResult<never> {
  return { ok: false, error: { code: 'badResponse', message: `The app sent an answer the window does not understand (${channel}).` } };
}
