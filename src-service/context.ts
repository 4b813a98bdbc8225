// What a route handler gets, and what it returns. Handlers throw ServiceError for every
// refusal; the dispatcher turns it into the docs/api.md §2.5 body.
import type { CounterRecord } from './fixtures';
import type { CounterStore } from './store';
import type { Variant } from './variants';
import type { ViewContext } from './views';
import type { Route as GenericRoute } from './router';

export interface Notifier {
  counterUpdated(counter: CounterRecord): void;
  counterDeleted(counter: CounterRecord): void;
  memberlistChanged(counter: CounterRecord, userIds: string[]): void;
}

export interface ServiceDeps extends ViewContext {
  store: CounterStore;
  variant: Variant;
  now: () => number;
  notifier: Notifier;
}

export interface RouteContext {
  deps: ServiceDeps;
  userId: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: Buffer;
  contentType: string | undefined;
}

export interface Reply {
  status: number;
  /** undefined → no body (e.g. 204). */
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (ctx: RouteContext) => Reply;

export type Route = GenericRoute<Handler>;
