// docs/api.md §7: the only numeric codes keyed on; every other error is told apart by its HTTP status.
export const ErrorCode = {
  /** §7.3: an increment or decrement amount of 0 or less (v2). */
  InvalidAmount: -2042,
  /** §7.3: "a not-found message with code -1100 appears in a sample". */
  NotFound: -1100,
} as const;
