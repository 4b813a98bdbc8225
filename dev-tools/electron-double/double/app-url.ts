// Chromium cannot load a scheme it does not know, so app://counter-tray/… is loaded from a
// stand-in http origin that the double routes to the app's own protocol.handle handler.
// Everything Electron would report about the frame (senderFrame.url, will-navigate) is
// mapped back, so the app's sender check sees app:// as in Electron.
// `*.localhost` is a secure context in Chromium, as the privileged app:// scheme is.
export const STAND_IN_SUFFIX = '.electron-double.localhost';

/** app://counter-tray/x → http://app.counter-tray.electron-double.localhost/x; null for another scheme. */
export function toStandIn(url: string, schemes: ReadonlySet<string>): string | null {
  const parsed = new URL(url);
  const scheme = parsed.protocol.slice(0, -1);
  if (!schemes.has(scheme)) return null;
  return `http://${scheme}.${parsed.host}${STAND_IN_SUFFIX}${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** The inverse; any other URL is returned as is. */
export function fromStandIn(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.protocol !== 'http:' || !parsed.hostname.endsWith(STAND_IN_SUFFIX)) return url;
  const host = parsed.hostname.slice(0, -STAND_IN_SUFFIX.length);
  const dot = host.indexOf('.');
  if (dot < 0) return url;
  return `${host.slice(0, dot)}://${host.slice(dot + 1)}${parsed.pathname}${parsed.search}${parsed.hash}`;
}
