// The accent colour crosses as `#rrggbb` only, so no other CSS rides into the page's style.

export const ACCENT_COLOR_PATTERN = /^#[0-9a-f]{6}$/;

export function isAccentColor(value: unknown): value is string {
  return typeof value === 'string' && ACCENT_COLOR_PATTERN.test(value);
}
