// The sanitizer of Counter Tray 0.2, kept verbatim as the negative control of
// test/hardening/sanitizer-order.test.ts: it matched tokens before it stripped invisible
// characters, knew only some of them, and cut before it redacted. Not used by the app.
/* eslint-disable no-control-regex */
const REDACTED = '[redacted]';
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;
const SPACING = /[\t\n\r]+/g;
const BEARER = /\b(bearer)\s+[A-Za-z0-9\-._~+/]+=*/gi;
const AUTH_HEADER = /\b(authorization|x-api-key|api[-_]?key|access[-_]?token|token)(["']?\s*[:=]\s*["']?)[^\s"',;}]+/gi;

export function sanitizeServerText02(text: string, options: { secrets?: Iterable<string>; maxLength?: number } = {}): string {
  const maxLength = options.maxLength ?? 500;
  let out = text.length > maxLength * 4 + 64 ? text.slice(0, maxLength * 4 + 64) : text;
  for (const secret of options.secrets ?? []) {
    if (secret.length >= 4) out = out.split(secret).join(REDACTED);
  }
  out = out.replace(BEARER, `$1 ${REDACTED}`).replace(AUTH_HEADER, `$1$2${REDACTED}`);
  out = out.replace(SPACING, ' ').replace(CONTROL, '');
  if (out.length > maxLength) out = `${out.slice(0, Math.max(0, maxLength - 1))}…`;
  return out;
}
