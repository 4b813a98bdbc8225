// A picture is written only when it differs from the file beyond the goldens' tolerance, by the
// comparison toHaveScreenshot runs: anti-aliasing noise from another machine leaves the committed
// file as it is, byte for byte, and `npm run screenshots` leaves a clean clone clean.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { z } from 'zod';
import playwrightConfig from '../../playwright.config';

/** Share of the pixels that may differ (the `goldens` project's maxDiffPixelRatio, playwright.config.ts). */
export const GOLDEN_TOLERANCE = playwrightConfig.projects?.find((project) => project.name === 'goldens')?.expect?.toHaveScreenshot?.maxDiffPixelRatio;

type Comparison = (actual: Buffer, expected: Buffer, options: { maxDiffPixelRatio: number }) => { errorMessage: string } | null;

/** Playwright's own image comparison (pixelmatch at its default threshold): not in its typed API, so checked here. */
const PlaywrightUtils = z.object({ utils: z.object({ getComparator: z.custom<(mimeType: string) => Comparison>((value) => typeof value === 'function') }) });
const comparePng = PlaywrightUtils.parse(createRequire(import.meta.url)('playwright-core/lib/coreBundle')).utils.getComparator('image/png');

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** True when `next` shows what `current` shows, within the goldens' tolerance (another size, or no PNG, never does). */
export function samePicture(current: Buffer, next: Buffer): boolean {
  if (GOLDEN_TOLERANCE === undefined) throw new Error('playwright.config.ts: the goldens project has no maxDiffPixelRatio');
  if (!current.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  return comparePng(next, current, { maxDiffPixelRatio: GOLDEN_TOLERANCE }) === null;
}

/** Writes `png` to `path` unless the file there is the same picture; says which it did. */
export function writePicture(path: string, png: Buffer): 'kept' | 'written' {
  if (existsSync(path) && samePicture(readFileSync(path), png)) return 'kept';
  writeFileSync(path, png);
  return 'written';
}
