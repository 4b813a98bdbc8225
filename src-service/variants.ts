// The behaviours the API document leaves open (docs/api.md O1–O20), one variant each.
// The service picks the first value of each as its default; tests start it with the
// others to prove the app copes with every plausible answer.
import { z } from 'zod';

export const VariantSchema = z
  .object({
    /** docs/api.md O1: zone used when `timezone` is omitted. */
    timezoneDefault: z.enum(['UTC', 'Pacific/Kiritimati']).default('UTC'),
    /** docs/api.md O2: v2 decrement answer: bare number, `{ "value": n }`, or 204 without body. */
    decrementBody: z.enum(['number', 'object', 'empty']).default('number'),
    /** docs/api.md O3: v2 PATCH answer: Counter v2, 204 without body, or `{ "data": Counter }`. */
    patchBody: z.enum(['counter', 'empty', 'envelope']).default('counter'),
    /** docs/api.md O4: counterDeleted params: `{ counterId }`, `{}`, or `{ id }`. */
    deletedParams: z.enum(['counterId', 'empty', 'id']).default('counterId'),
    /** docs/api.md O5: counterMemberlistChanged params: `{ counterId }` or `{}`. */
    memberlistParams: z.enum(['counterId', 'empty']).default('counterId'),
    /** docs/api.md O6: unknown extra fields on every object the service sends. */
    extraFields: z.boolean().default(false),
    /** docs/api.md O6: an unknown-method notification before each real one. */
    unknownMethods: z.boolean().default(false),
    /** docs/api.md O7: numeric code of InvalidOperationForCounterType (our choice: -2041, next to InvalidAmount -2042). */
    invalidOperationCode: z.int().default(-2041),
    /** docs/api.md O8: 429 without headers, or with `Retry-After` (seconds). */
    rateLimitHeaders: z.enum(['none', 'retryAfter']).default('none'),
    /** docs/api.md O8: token bucket (6, refilled 4/s) or strict rolling window of 4 per 1000 ms. */
    rateLimiter: z.enum(['bucket', 'window']).default('bucket'),
    /** docs/api.md O10: status for a counter that exists but the user is not a member of. */
    nonMember: z.union([z.literal(403), z.literal(404)]).default(403),
    /** docs/api.md O11: who may PATCH (and PUT on v1). */
    patchPermission: z.enum(['member', 'admin']).default('member'),
    /** docs/api.md O12: v2 name length: v1's 5..40 characters, or no limit (non-empty). */
    nameRule: z.enum(['v1', 'none']).default('v1'),
    /** docs/api.md O13: past ToDate / future FromDate: signed day difference or clamped at 0. */
    dayValues: z.enum(['signed', 'clamped']).default('signed'),
    /**
     * docs/api.md O19: v1 counterUpdated params: `counterId` plus the Counter v1 fields (the
     * public .NET SDK reads `counterId` and drops the update without it), or the Counter v1 alone.
     */
    v1UpdatedParams: z.enum(['withCounterId', 'counterOnly']).default('withCounterId'),
    /** docs/api.md O16: v1 after the 2026-07-01 sunset: keep serving, or 410 Gone. */
    v1AfterSunset: z.enum(['serve', 'gone']).default('serve'),
  })
  .strict();

export type Variant = z.infer<typeof VariantSchema>;
export type VariantInput = Partial<Variant>;

export const DEFAULT_VARIANT: Variant = VariantSchema.parse({});

/** Validates a partial variant, naming the bad key; throws on unknown keys or values. */
export function resolveVariant(input: unknown = {}): Variant {
  const parsed = VariantSchema.safeParse(input ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || (issue && 'keys' in issue ? String(issue.keys) : 'variant');
    throw new Error(`Invalid variant ${where}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/** Parses the CLI form `key=value,key=value`; numbers and booleans are converted by key. */
export function parseVariantArg(text: string): Variant {
  const raw: Record<string, unknown> = {};
  for (const pair of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new Error(`Invalid variant "${pair}": expected key=value`);
    const key = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    raw[key] = convertCliValue(key, value);
  }
  return resolveVariant(raw);
}

function convertCliValue(key: string, value: string): unknown {
  if (key === 'extraFields' || key === 'unknownMethods') {
    if (value === 'true') return true;
    if (value === 'false') return false;
    return value;
  }
  if (key === 'invalidOperationCode' || key === 'nonMember') {
    const n = Number(value);
    return value !== '' && Number.isFinite(n) ? n : value;
  }
  return value;
}
