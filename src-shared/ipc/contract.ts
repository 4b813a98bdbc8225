// The whole IPC contract, after GitHub Desktop's ipc-shared.ts but with zod schemas,
// because TypeScript types do not survive a process hop. Channel → request/response
// for renderer→main calls; event → payload for main→renderer pushes.
import { z } from 'zod';
import { Amount, CounterId, IsoDate } from '../api/schemas';
import { CoreSnapshot } from '../domain/snapshot';
import { Settings, SettingsPatch } from '../domain/settings';

export const TokenStorage = z.enum(['encrypted', 'weak', 'memory', 'none']);
export type TokenStorage = z.infer<typeof TokenStorage>;

export const SessionState = z.object({
  status: z.enum(['signedOut', 'connecting', 'signedIn']),
  mode: z.enum(['account', 'demo']),
  serverUrl: z.string(),
  /** Where the token lives; the token itself never crosses IPC. */
  tokenStorage: TokenStorage,
  /** The OS offers no real encryption (Linux basic_text): the UI offers "store with weak protection". */
  encryptionWeak: z.boolean(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});
export type SessionState = z.infer<typeof SessionState>;

export const ShortcutFailure = z.object({ accelerator: z.string(), message: z.string() });

export const AppState = z.object({
  session: SessionState,
  core: CoreSnapshot.nullable(),
  settings: Settings,
  shortcutFailures: z.array(ShortcutFailure),
  /** The effective theme after "system" is resolved. */
  theme: z.enum(['light', 'dark']),
  platform: z.enum(['darwin', 'win32', 'linux', 'other']),
  systemTimezone: z.string(),
});
export type AppState = z.infer<typeof AppState>;

export const CounterPatch = z
  .object({ name: z.string().optional(), value: z.number().optional(), startDate: IsoDate.optional(), endDate: IsoDate.optional() })
  .strict();
export type CounterPatch = z.infer<typeof CounterPatch>;

const Empty = z.object({}).strict();
const Nothing = z.null();

export const invokeChannels = {
  'state:get': { request: Empty, response: AppState },
  'counter:increment': { request: z.object({ id: CounterId, amount: Amount.optional() }).strict(), response: Nothing },
  'counter:decrement': { request: z.object({ id: CounterId, amount: Amount.optional() }).strict(), response: Nothing },
  'counter:update': { request: z.object({ id: CounterId, patch: CounterPatch }).strict(), response: Nothing },
  'session:connect': { request: z.object({ serverUrl: z.string().max(2048), token: z.string().min(1).max(4096) }).strict(), response: Nothing },
  'session:startDemo': { request: Empty, response: Nothing },
  'session:signOut': { request: Empty, response: Nothing },
  'session:storeTokenWeakly': { request: Empty, response: Nothing },
  'settings:update': { request: SettingsPatch.strict(), response: Settings },
  'window:hide': { request: Empty, response: Nothing },
} as const;

export const eventChannels = {
  'state:changed': AppState,
  /** A notification click or shortcut asks the popup to show one counter. */
  'ui:focusCounter': z.object({ id: z.string() }),
} as const;

export type InvokeChannel = keyof typeof invokeChannels;
export type EventChannel = keyof typeof eventChannels;
export type RequestOf<C extends InvokeChannel> = z.input<(typeof invokeChannels)[C]['request']>;
export type ResponseOf<C extends InvokeChannel> = z.output<(typeof invokeChannels)[C]['response']>;
export type EventOf<E extends EventChannel> = z.output<(typeof eventChannels)[E]>;

/** Results cross IPC as values, never as thrown errors (Signal's pattern). */
export const IpcError = z.object({ code: z.string(), message: z.string() });
export type IpcError = z.infer<typeof IpcError>;
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/**
 * The API the preload exposes on `window.counterTray`: only the contract's channels.
 * The preload parses every answer and event with the schemas above before the page
 * sees it: a malformed answer becomes `{ ok: false, error: { code: 'badResponse' } }`,
 * a malformed event is dropped and reported to `onInvalid`. `invoke` never throws.
 */
export interface CounterTrayApi {
  invoke<C extends InvokeChannel>(channel: C, request: RequestOf<C>): Promise<IpcResult<ResponseOf<C>>>;
  on<E extends EventChannel>(event: E, listener: (payload: EventOf<E>) => void, onInvalid?: () => void): () => void;
}

export const isInvokeChannel = (value: unknown): value is InvokeChannel =>
  typeof value === 'string' && Object.hasOwn(invokeChannels, value);
export const isEventChannel = (value: unknown): value is EventChannel =>
  typeof value === 'string' && Object.hasOwn(eventChannels, value);
