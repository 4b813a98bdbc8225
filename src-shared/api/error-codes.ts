// docs/api.md §7: the numeric codes the API document names. Only these are keyed on; every other
// error is told apart by its HTTP status and shown with the server's own message.
export const ErrorCode = {
  /** docs/api.md §7.3: amount of increment or decrement is 0 or less (v2). */
  InvalidAmount: -2042,
  /** docs/api.md §7.3: "a not-found message with code -1100 appears in a sample". */
  NotFound: -1100,
} as const;
export type KnownErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
