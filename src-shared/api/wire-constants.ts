// Wire constants the popup needs as values, zod-free so the renderer bundle can import them.

/** docs/api.md §2. */
export const COUNTER_TYPES = ['UpDown', 'FromDate', 'ToDate'] as const;
type CounterTypeName = (typeof COUNTER_TYPES)[number];

/** Which field of PATCH /v2/counters/{id} applies to which type (docs/api.md §4.2). */
export const PATCH_FIELDS_BY_TYPE: Record<CounterTypeName, readonly ('name' | 'value' | 'startDate' | 'endDate')[]> = {
  UpDown: ['name', 'value'],
  FromDate: ['name', 'startDate'],
  ToDate: ['name', 'endDate'],
};
