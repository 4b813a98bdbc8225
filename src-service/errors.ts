// docs/api.md §2.5 / §7: every error the service raises is `{ message, code }`. The document names
// -2042 (InvalidAmount) and -1100 (NotFound); every other number here is this service's
// own choice (docs/api.md O7) and clients must not key on it.
import { ErrorCode } from '../src-shared/api/error-codes';

export const ServiceCode = {
  NotFound: ErrorCode.NotFound,
  InvalidAmount: ErrorCode.InvalidAmount,
  // Our choices, grouped: -10xx auth/transport, -20xx request validation.
  Unauthorized: -1001,
  Forbidden: -1003,
  RouteNotFound: -1004,
  MethodNotAllowed: -1005,
  Gone: -1010,
  TooManyRequests: -1029,
  Internal: -1099,
  BadRequest: -2000,
  InvalidJson: -2001,
  UnsupportedMediaType: -2002,
  PayloadTooLarge: -2003,
  InvalidTimezone: -2010,
  InvalidName: -2020,
  EmptyPatch: -2030,
  FieldNotApplicable: -2031,
  InvalidField: -2032,
} as const;

/** An error that becomes an HTTP answer with the docs/api.md §2.5 body. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

export const notFound = (what = 'Counter not found'): ServiceError => new ServiceError(404, ServiceCode.NotFound, what);
export const badRequest = (message: string, code: number = ServiceCode.BadRequest): ServiceError =>
  new ServiceError(400, code, message);
