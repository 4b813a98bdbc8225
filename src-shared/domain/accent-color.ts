// The OS accent colour as it crosses from main to the popup: only `#rrggbb` (lower case), so
// no other CSS (a url(), another declaration) can ride along into the page's style.
// Zod-free: the popup's bundle checks it too.

export const ACCENT_COLOR_PATTERN = /^#[0-9a-f]{6}$/;

export function isAccentColor(value: unknown): value is string {
  return typeof value === 'string' && ACCENT_COLOR_PATTERN.test(value);
}
