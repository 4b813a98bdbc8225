// Server addresses as people type them, zod-free, so both sides of the hop read them alike.

export const DEFAULT_SERVER_URL = 'https://developers.counttogether.app';

/** "counttogether.app" → "https://counttogether.app"; an address with a scheme is left alone. */
export function withDefaultScheme(input: string): string {
  const trimmed = input.trim();
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return trimmed;
  return `https://${trimmed}`;
}

/** The public CountTogether service, as opposed to a self-hosted or the demo server. */
const PUBLIC_WEB_ORIGIN = 'https://counttogether.app';

export function isPublicServer(serverUrl: string): boolean {
  try {
    const { protocol, hostname } = new URL(serverUrl);
    return protocol === 'https:' && (hostname === 'counttogether.app' || hostname.endsWith('.counttogether.app'));
  } catch {
    return false;
  }
}

/** Signed in to the public service, which has a web page for each counter (the demo runs on a server of its own). */
export function onPublicServer(session: { mode: 'account' | 'demo'; serverUrl: string }): boolean {
  return session.mode === 'account' && isPublicServer(session.serverUrl);
}

/** A page of the public site for shell.openExternal; a path that would leave the origin ("//evil.example") is refused. */
export function publicWebPage(path: string): string {
  const url = new URL(path, PUBLIC_WEB_ORIGIN);
  if (url.origin !== PUBLIC_WEB_ORIGIN) throw new Error(`not a page of ${PUBLIC_WEB_ORIGIN}`);
  return url.toString();
}
