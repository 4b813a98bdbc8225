// What the badge says: at most three characters, every one of them drawable, never more than
// the value (cut toward zero, bounds said as bounds), negatives included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { badgeText, GLYPH_CHARS, layoutBadge } from '../../../src-main/desktop/tray-badge';
import { TRAY_ICON_SIZES } from '../../../src-main/desktop/tray-icon';

const UNIT = { k: 1000, M: 1_000_000, G: 1_000_000_000 } as const;

/** The values a badge can stand for, read back from it: [lowest, highest] (inclusive). */
function rangeOf(badge: string): [number, number] {
  if (badge === '<0') return [-Infinity, -1];
  if (badge === '<1M') return [100_000, 999_999];
  if (badge === '<1G') return [100_000_000, 999_999_999];
  if (badge === '1G+') return [1_000_000_000, Infinity];
  const match = /^(-?)(\d+)([kMG]?)$/.exec(badge);
  if (!match) throw new Error(`unreadable badge ${badge}`);
  const [, sign, digits, unit] = match;
  const scale = unit ? UNIT[unit as keyof typeof UNIT] : 1;
  const low = Number(digits) * scale;
  const high = low + scale - 1;
  return sign ? [-high, -low] : [low, high];
}

describe('badgeText', () => {
  it('the examples: 7, 42, 999, 1k, 12k, -5 and the rest of the ladder', () => {
    const cases: [number, string][] = [
      [0, '0'], [7, '7'], [42, '42'], [999, '999'], [1000, '1k'], [1999, '1k'], [12_345, '12k'], [99_999, '99k'],
      [100_000, '<1M'], [999_999, '<1M'], [1_000_000, '1M'], [3_400_000, '3M'], [99_999_999, '99M'], [100_000_000, '<1G'], [2e9, '1G+'],
      [-5, '-5'], [-42, '-42'], [-99, '-99'], [-100, '<0'], [-999, '<0'], [-1000, '-1k'], [-9999, '-9k'], [-10_000, '<0'], [-5e6, '<0'],
      [4.7, '4'], [-0.5, '0'],
    ];
    expect(cases.map(([value]) => badgeText(value))).toEqual(cases.map(([, badge]) => badge));
  });

  it('any integer: at most 3 characters, all of them in the drawn sets, and the value within what the badge says', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -20_000, max: 20_000 }), fc.integer({ min: -(2 ** 53), max: 2 ** 53 })), (value) => {
        const badge = badgeText(value);
        expect(badge.length).toBeGreaterThan(0);
        expect(badge.length).toBeLessThanOrEqual(3);
        for (const char of badge) expect(GLYPH_CHARS).toContain(char);
        const [low, high] = rangeOf(badge);
        expect(value >= low && value <= high, `${value} shown as ${badge}`).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('nothing for a value that is not a number (the tooltip still has the text)', () => {
    expect([Number.NaN, Infinity].map(badgeText)).toEqual(['', '']);
    expect(layoutBadge('', 16)).toBeNull();
  });
});

describe('layoutBadge', () => {
  it('every badge fits inside every icon size, its characters inside its pill', () => {
    const badges = ['0', '7', '42', '999', '1k', '12k', '99k', '<1M', '99M', '<1G', '1G+', '-5', '-42', '-99', '-9k', '<0'];
    for (const size of TRAY_ICON_SIZES) {
      for (const badge of badges) {
        const layout = layoutBadge(badge, size);
        expect(layout, `${badge} at ${size}`).not.toBeNull();
        if (!layout) continue;
        const { pill } = layout;
        expect(pill.x, `${badge} at ${size}`).toBeGreaterThanOrEqual(0);
        expect(pill.x + pill.width, `${badge} at ${size}`).toBe(size);
        expect(pill.y + pill.height, `${badge} at ${size}`).toBe(size);
        for (const dot of layout.ink.filter((d) => d.coverage >= 0.5)) {
          expect(dot.x >= pill.x && dot.x < pill.x + pill.width && dot.y >= pill.y && dot.y < pill.y + pill.height, `${badge} at ${size}: ink at ${dot.x},${dot.y}`).toBe(true);
        }
      }
    }
  });

  it('one height per icon size for the common badges, so 99 → 100 does not make the badge jump', () => {
    for (const size of TRAY_ICON_SIZES) {
      const heights = new Set(['7', '42', '999', '12k', '-5', '-42'].map((badge) => layoutBadge(badge, size)?.pill.height));
      expect(heights.size, `${size} px`).toBe(1);
    }
  });
});
