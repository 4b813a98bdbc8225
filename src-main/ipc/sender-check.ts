// Who may call main (VS Code's validatedIpcMain): only the top frame of our popup or mini window while it shows our own page.
export const APP_SCHEME = 'app';
export const APP_HOST = 'counter-tray';

export interface SenderFrameLike {
  readonly url: string;
  /** null for the top frame. */
  readonly parent: unknown;
}

export interface InvokeEventLike {
  readonly sender: { readonly id: number };
  /** Electron: null when the frame navigated or was destroyed before we looked. */
  readonly senderFrame: SenderFrameLike | null;
}

export interface SenderPolicy {
  trustedWebContentsIds(): ReadonlySet<number>;
  /** The Vite dev server's origin when running unpackaged with one; never in production. */
  devServerOrigin?: string;
}

/** No userinfo: `app://evil@counter-tray/` has our origin, but no page of ours is loaded so. */
export function isOwnAppUrl(url: string, devServerOrigin?: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (writtenWithUserinfo(url, parsed)) return false;
  if (parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST) return true;
  return devServerOrigin !== undefined && parsed.origin === devServerOrigin;
}

/** The parser forgets an empty userinfo (`app://:@counter-tray/`), so the text is read too, less the tabs and line breaks it drops. */
function writtenWithUserinfo(url: string, parsed: URL): boolean {
  if (parsed.username !== '' || parsed.password !== '') return true;
  const text = url.replace(/[\t\n\r]/g, '');
  const slashes = /[/\\]{2}/.exec(text);
  if (!slashes) return false;
  const rest = text.slice(slashes.index + 2);
  const end = rest.search(/[/\\?#]/);
  return (end === -1 ? rest : rest.slice(0, end)).includes('@');
}

/** Null when the sender may call; otherwise why not (for the log, never for the renderer). */
export function senderProblem(event: InvokeEventLike, policy: SenderPolicy): string | null {
  if (!policy.trustedWebContentsIds().has(event.sender.id)) return `webContents ${event.sender.id} is not ours`;
  const frame = event.senderFrame;
  if (!frame) return 'sender frame is gone';
  if (frame.parent !== null) return 'sender is not the top frame';
  if (!isOwnAppUrl(frame.url, policy.devServerOrigin)) return `sender URL is not our app (${safeOrigin(frame.url)})`;
  return null;
}

/** For a log line: never the path or query, which may carry anything. */
export function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'invalid URL';
  }
}
