// Wire constants the popup needs as values, zod-free so the renderer bundle can import them;
// schemas.ts builds its schemas from these, so nothing is declared twice.

/** docs/api.md §2: the counter types. */
export const COUNTER_TYPES = ['UpDown', 'FromDate', 'ToDate'] as const;
export type CounterTypeName = (typeof COUNTER_TYPES)[number];

/** The fields of PATCH /v2/counters/{id} (docs/api.md §4.2). */
export const PATCH_FIELDS = ['name', 'value', 'startDate', 'endDate'] as const;
export type PatchField = (typeof PATCH_FIELDS)[number];

/** Which PATCH field applies to which type (docs/api.md §4.2 table). */
export const PATCH_FIELDS_BY_TYPE: Record<CounterTypeName, readonly PatchField[]> = {
  UpDown: ['name', 'value'],
  FromDate: ['name', 'startDate'],
  ToDate: ['name', 'endDate'],
};
