// The OS accent colour crosses to the popup as `#rrggbb` only, so no other CSS (a url(), another
// declaration) rides into the page's style. Zod-free: the popup checks it too.

export const ACCENT_COLOR_PATTERN = /^#[0-9a-f]{6}$/;

export function isAccentColor(value: unknown): value is string {
  return typeof value === 'string' && ACCENT_COLOR_PATTERN.test(value);
}
