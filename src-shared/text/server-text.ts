// The one sanitizer for text from a server (or that may quote one): it may echo the token, send
// megabytes, or hide characters that change what a notification says (docs/security.md).

export const REDACTED = '[redacted]';

export const TEXT_LIMITS = { message: 500, name: 200, log: 4000 } as const;

/** Runs of a known token this long are redacted wherever they appear. */
export const TOKEN_FRAGMENT_MIN = 8;

// Bounds the work first (a caller may hand over megabytes); generous, so a token is cut before the
// redaction sees it only when the text had it past this point.
const workLimit = (maxLength: number) => Math.max(maxLength * 8, 4096);

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const SEPARATORS = /[\t\n\r\u2028\u2029]+/g;
/** Format (bidi, zero-width, soft hyphen, tags), control, line and paragraph separators, lone surrogates. */
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Zl}\p{Zp}\p{Cs}]/gu;
/** "Bearer <credential>" (RFC 6750 b64token), wherever it appears. */
const BEARER = /\b(bearer)\s+[A-Za-z0-9\-._~+/]+=*/gi;
/** "Authorization: <value>", as a quoted header or a query parameter. */
const AUTH_HEADER = /\b(authorization|x-api-key|api[-_]?key|access[-_]?token|token)(["']?\s*[:=]\s*["']?)[^\s"',;}]+/gi;

interface SanitizeOptions {
  /** The tokens this run has seen; one shorter than TOKEN_FRAGMENT_MIN is removed only whole, from 4 characters. */
  secrets?: Iterable<string>;
  maxLength?: number;
}

export type ServerTextCleaner = (text: string, maxLength?: number) => string;

export function sanitizeServerText(text: string, options: SanitizeOptions = {}): string {
  const maxLength = options.maxLength ?? TEXT_LIMITS.message;
  const limit = workLimit(maxLength);
  let out = text.length > limit ? text.slice(0, limit) : text;
  // NFKC and stripped before the redaction, so a token written fullwidth or split by invisible characters
  // is whole again; cut last. Printable ASCII (most names) has nothing to do.
  if (!PRINTABLE_ASCII.test(out)) out = out.normalize('NFKC').replace(SEPARATORS, ' ').replace(INVISIBLE, '');
  for (const secret of options.secrets ?? []) out = redactSecret(out, secret);
  out = out.replace(BEARER, `$1 ${REDACTED}`).replace(AUTH_HEADER, `$1$2${REDACTED}`);
  return cut(out, maxLength);
}

/** Bound to the core's own token, or to the set of every token main has seen this run, read at each call. */
export function createServerTextCleaner(secrets: Iterable<string>): ServerTextCleaner {
  return (text, maxLength) => sanitizeServerText(text, { secrets, ...(maxLength !== undefined ? { maxLength } : {}) });
}

/** The secret and every run of TOKEN_FRAGMENT_MIN or more of its characters, in its order. */
function redactSecret(text: string, secret: string): string {
  if (secret.length < 4) return text;
  if (secret.length < TOKEN_FRAGMENT_MIN) return text.split(secret).join(REDACTED);
  if (!hasRunOfCharactersOf(text, secret)) return text;
  // Where each window of TOKEN_FRAGMENT_MIN characters starts in the secret.
  const windows = new Map<string, number[]>();
  for (let i = 0; i + TOKEN_FRAGMENT_MIN <= secret.length; i += 1) {
    const key = secret.slice(i, i + TOKEN_FRAGMENT_MIN);
    const starts = windows.get(key);
    if (starts) starts.push(i);
    else windows.set(key, [i]);
  }
  const parts: string[] = [];
  let copied = 0;
  let i = 0;
  while (i + TOKEN_FRAGMENT_MIN <= text.length) {
    const starts = windows.get(text.slice(i, i + TOKEN_FRAGMENT_MIN));
    if (!starts) {
      i += 1;
      continue;
    }
    // The longest run of the secret that starts here.
    let longest = 0;
    for (const start of starts) {
      let n = TOKEN_FRAGMENT_MIN;
      while (start + n < secret.length && i + n < text.length && secret[start + n] === text[i + n]) n += 1;
      longest = Math.max(longest, n);
    }
    parts.push(text.slice(copied, i), REDACTED);
    i += longest;
    copied = i;
  }
  if (copied === 0) return text;
  parts.push(text.slice(copied));
  return parts.join('');
}

/** A cheap first look: TOKEN_FRAGMENT_MIN characters in a row that all occur in the secret (most names have none). */
function hasRunOfCharactersOf(text: string, secret: string): boolean {
  let run = 0;
  for (const char of text) {
    run = secret.includes(char) ? run + 1 : 0;
    if (run >= TOKEN_FRAGMENT_MIN) return true;
  }
  return false;
}

/** At most maxLength UTF-16 units, never half a surrogate pair, with an ellipsis when cut. */
function cut(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  let end = Math.max(0, maxLength - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}
