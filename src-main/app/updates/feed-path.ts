// A feed path that decodes into another: WHATWG parsing leaves "%2f" and "%5c", so
// "…/counter-tray/..%2fx" escapes the folder on a server that decodes first. Every layer is peeled.

/** A deeper one is refused rather than peeled forever. */
const MAX_LAYERS = 4;
const ENCODED_SEPARATOR = /%(?:2f|5c)/i;

/** `path`: a URL's pathname, or the part after the feed's folder. */
export function encodedPathProblem(path: string): string | null {
  let layer = path;
  for (let depth = 0; depth < MAX_LAYERS; depth += 1) {
    if (ENCODED_SEPARATOR.test(layer)) return 'it holds an encoded / or \\';
    let decoded: string;
    try {
      decoded = decodeURIComponent(layer);
    } catch {
      return 'it holds a malformed %-escape';
    }
    if (decoded.split(/[/\\]/).some((segment) => segment === '.' || segment === '..')) return 'it holds an encoded . or .. segment';
    if (decoded === layer) return null;
    layer = decoded;
  }
  return `it is %-encoded more than ${MAX_LAYERS} times`;
}
