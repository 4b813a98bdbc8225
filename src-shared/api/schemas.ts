// Every wire shape of docs/api.md, once, for the reference service and the app. zod objects strip
// unknown keys, as the document asks of clients (docs/api.md §4.1).
import { z } from 'zod';
import { COUNTER_TYPES } from './wire-constants';

/** docs/api.md §2: ids are UUID v7; any 8-4-4-4-12 hex id passes, so a server quirk in the version nibble cannot brick the app. */
export const CounterId = z.guid();
export type CounterId = z.infer<typeof CounterId>;

export const CounterType = z.enum(COUNTER_TYPES);
export type CounterType = z.infer<typeof CounterType>;

/** YYYY-MM-DD, a calendar date with no zone (docs/api.md §2.4). */
export const IsoDate = z.iso.date();

// v1 (docs/api.md §2.1–§2.3)

export const CounterV1 = z.object({
  id: CounterId,
  displayName: z.string().min(5).max(40),
  type: CounterType,
  members: z.array(z.object({ userId: z.guid(), displayName: z.string(), isAdmin: z.boolean() })),
  // v1 FromDate/ToDate data is not shown, so it stays open.
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type CounterV1 = z.infer<typeof CounterV1>;

// v2 (docs/api.md §2.4)

/** A server may send null: normalised to absent. */
const optionalDate = IsoDate.nullish().transform((v) => v ?? undefined);

export const CounterV2 = z.object({
  id: CounterId,
  name: z.string(),
  type: CounterType,
  value: z.number(),
  startDate: optionalDate,
  endDate: optionalDate,
  created: z.string(),
});
export type CounterV2 = z.infer<typeof CounterV2>;

export const CounterListV2 = z.array(CounterV2);

/** Increment/decrement answer a bare JSON number (docs/api.md §4.1, §4.2). */
export const BareNumber = z.number();

/** docs/api.md §4.2, §8: an integer of at least 1. */
export const Amount = z.int().min(1);

/** PATCH /v2/counters/{id} (docs/api.md §4.2): all optional, at least one. */
export const PatchBodyV2 = z
  .object({
    name: z.string().optional(),
    value: z.number().optional(),
    startDate: IsoDate.optional(),
    endDate: IsoDate.optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((v) => v !== undefined), { message: 'at least one field is needed' });
export type PatchBodyV2 = z.infer<typeof PatchBodyV2>;

// errors (docs/api.md §2.5, §7)

export const ErrorBody = z.object({ message: z.string(), code: z.int() });
export type ErrorBody = z.infer<typeof ErrorBody>;

// notifications (docs/api.md §6)

/** JSON-RPC 2.0 notification: no id. */
export const JsonRpcNotification = z.object({
  jsonrpc: z.literal('2.0'),
  method: z.string(),
  params: z.unknown().optional(),
});
export type JsonRpcNotification = z.infer<typeof JsonRpcNotification>;

export const CounterUpdatedParamsV2 = z.object({
  counterId: CounterId,
  name: z.string(),
  type: CounterType,
  value: z.number(),
});
export type CounterUpdatedParamsV2 = z.infer<typeof CounterUpdatedParamsV2>;

/** docs/api.md O4/O5: params are not shown; these are the shapes seen so far. Anything else means "resync". */
export const CounterRefParams = z.union([
  z.object({ counterId: CounterId }).transform((p) => p.counterId),
  z.object({ id: CounterId }).transform((p) => p.id),
]);

// versioning (docs/api.md §9)

export const V1_SUNSET_HTTP_DATE = 'Tue, 01 Jul 2026 00:00:00 GMT';
