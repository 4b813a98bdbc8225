// The reading rules of System.Text.Json with the options the .NET SDK passes to every
// Deserialize call (CountTogetherClient.cs, JsonSerializerOptions): property names matched
// case-insensitively (PropertyNameCaseInsensitive), enums read from their names
// (JsonStringEnumConverter), unknown properties ignored. Written as zod schemas so that
// what the service sends stays `unknown` until it passes the same rules the SDK applies.
import { z } from 'zod';

/**
 * An object whose properties are found regardless of case, as the SDK's deserializer
 * finds them; unknown properties are ignored (System.Text.Json's default).
 */
export function stjObject<Shape extends z.ZodRawShape>(shape: Shape) {
  const names = Object.keys(shape);
  return z.preprocess((raw) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(raw)) {
      const name = names.find((n) => n.toLowerCase() === key.toLowerCase());
      if (name !== undefined) out[name] = value;
    }
    return out;
  }, z.object(shape));
}

/**
 * A C# enum read by JsonStringEnumConverter: a member name, matched without regard to case.
 * (The converter would also take a bare integer; no integer names a member the SDK's users
 * switch on, so the mirror refuses it rather than accept a counter of no known type.)
 */
export function stjEnum<const Names extends readonly [string, ...string[]]>(names: Names) {
  return z.string().transform((value, ctx) => {
    const hit = names.find((n) => n.toLowerCase() === value.toLowerCase());
    if (hit === undefined) {
      ctx.addIssue({ code: 'custom', message: `"${value}" names no member of enum { ${names.join(', ')} }` });
      return z.NEVER;
    }
    return hit as Names[number];
  });
}

/** A C# `long`: a JSON number with no fraction, inside the 64-bit range. */
export const stjLong = z.number().refine((n) => Number.isSafeInteger(n), 'not an Int64 (integer) value');

/** A C# `int` (ErrorObject.Code). */
export const stjInt32 = z.int32();

/**
 * A C# DateTimeOffset as the SDK's data models document it ("in UTC (ISO 8601)"): an
 * ISO 8601 date-time with an explicit UTC offset, which System.Text.Json parses exactly.
 */
export const stjUtcDateTimeOffset = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,7})?)?(Z|\+00:00)$/, 'not an ISO 8601 UTC date-time');

/**
 * `JsonSerializer.Deserialize<long>(text)`: the whole answer is one JSON integer literal.
 * A fraction ("4.0"), an exponent, a string ("\"4\"") or an object throws JsonException.
 */
export function readLong(text: string): number {
  const match = /^\s*(-?(?:0|[1-9]\d*))\s*$/.exec(text);
  if (!match?.[1]) throw new Error(`JsonException: ${JSON.stringify(text)} is not an Int64`);
  const big = BigInt(match[1]);
  if (big > 9223372036854775807n || big < -9223372036854775808n) throw new Error('JsonException: Int64 overflow');
  return Number(big);
}
