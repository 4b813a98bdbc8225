// The one sanitizer for text that came from a server (or may quote it) on its way to the
// popup, an OS notification or a log line (issue 12). A server, hostile or just buggy,
// may echo the request (a 401 quoting the Authorization header), send megabytes, or hide
// control and bidi characters that make a notification say something else. So: every
// token this run has handled and anything shaped like a bearer credential is removed,
// control characters are stripped, the length is capped.
import type { CoreSnapshot, CounterState } from '../../src-shared/domain/snapshot';

export const REDACTED = '[redacted]';

/** Caps: a message the popup shows, a counter name, a log line. */
export const TEXT_LIMITS = { message: 500, name: 200, log: 4000 } as const;

// C0/C1 controls (tab, newline and carriage return become a space), and the
// bidirectional overrides/isolates that reorder what the user reads (Trojan Source).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;
const SPACING = /[\t\n\r]+/g;
/** "Bearer <credential>" (RFC 6750 b64token), wherever it appears. */
const BEARER = /\b(bearer)\s+[A-Za-z0-9\-._~+/]+=*/gi;
/** "Authorization: <anything up to the end of the value>", as a quoted header. */
const AUTH_HEADER = /\b(authorization|x-api-key|api[-_]?key|access[-_]?token|token)(["']?\s*[:=]\s*["']?)[^\s"',;}]+/gi;

export interface SanitizeOptions {
  /** Exact secrets to remove (the tokens this run has seen). Shorter than 4 characters: ignored. */
  secrets?: Iterable<string>;
  maxLength?: number;
}

export function sanitizeServerText(text: string, options: SanitizeOptions = {}): string {
  const maxLength = options.maxLength ?? TEXT_LIMITS.message;
  // Cut far beyond the cap first: a 10 MB message must not cost 10 MB of regex work.
  let out = text.length > maxLength * 4 + 64 ? text.slice(0, maxLength * 4 + 64) : text;
  for (const secret of options.secrets ?? []) {
    if (secret.length >= 4) out = out.split(secret).join(REDACTED);
  }
  out = out.replace(BEARER, `$1 ${REDACTED}`).replace(AUTH_HEADER, `$1$2${REDACTED}`);
  out = out.replace(SPACING, ' ').replace(CONTROL, '');
  if (out.length > maxLength) out = `${out.slice(0, Math.max(0, maxLength - 1))}…`;
  return out;
}

/** A sanitizer bound to the secrets of this run (the controller keeps the set). */
export function createSanitizer(secrets: () => Iterable<string>) {
  return (text: string, maxLength?: number) => sanitizeServerText(text, { secrets: secrets(), ...(maxLength !== undefined ? { maxLength } : {}) });
}

type Clean = (text: string, maxLength?: number) => string;

/** The snapshot with every server-provided text sanitized; unchanged objects are kept as they are. */
export function createSnapshotSanitizer(clean: Clean) {
  const counters = new WeakMap<CounterState, CounterState>();
  const counter = (c: CounterState): CounterState => {
    const cached = counters.get(c);
    if (cached) return cached;
    const name = clean(c.name, TEXT_LIMITS.name);
    const increment = c.refused.increment === undefined ? undefined : clean(c.refused.increment);
    const decrement = c.refused.decrement === undefined ? undefined : clean(c.refused.decrement);
    const error = c.error ? clean(c.error.message) : undefined;
    const same = name === c.name && increment === c.refused.increment && decrement === c.refused.decrement && error === c.error?.message;
    const out: CounterState = same
      ? c
      : {
          ...c,
          name,
          refused: { ...(increment !== undefined ? { increment } : {}), ...(decrement !== undefined ? { decrement } : {}) },
          ...(c.error && error !== undefined ? { error: { kind: c.error.kind, message: error } } : {}),
        };
    counters.set(c, out);
    return out;
  };
  return (snapshot: CoreSnapshot): CoreSnapshot => {
    const message = snapshot.connection.message;
    const cleanMessage = message === undefined ? undefined : clean(message);
    const list = snapshot.counters.map(counter);
    const listSame = list.every((c, i) => c === snapshot.counters[i]);
    if (cleanMessage === message && listSame) return snapshot;
    return {
      ...snapshot,
      connection: cleanMessage === message ? snapshot.connection : { ...snapshot.connection, message: cleanMessage },
      counters: listSame ? snapshot.counters : list,
    };
  };
}
