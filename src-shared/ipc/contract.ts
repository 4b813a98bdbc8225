// The whole IPC contract, after GitHub Desktop's ipc-shared.ts but with zod schemas, because TypeScript
// types do not survive a process hop. Main's one push, `state:delta`, is main's own product: a type.
import { z } from 'zod';
import { Amount, CounterId, IsoDate } from '../api/schemas';
import { ActivityDetail, ActivitySummary } from '../domain/activity';
import { ActivityHistory, HistoryRange } from '../domain/history';
import { ExportRequest, ExportResult, Goal, LocalExtras, ResetOffer, UndoResetChoice, UndoResetResult } from '../domain/goals';
import { CoreSnapshot, CounterState, Outbox, UnconfirmedChoice, type ConnectionState, type CoreStats } from '../domain/snapshot';
import { Settings, SettingsPatch } from '../domain/settings';
import { CATALOGS, type CatalogName } from '../i18n/locale';
import { GroupId, Organisation, SortMode } from '../domain/organise';
import { UpdatesState } from '../domain/updates';
import { ACCENT_COLOR_PATTERN } from '../domain/accent-color';

/** A catalog message main names and the popup says in its own language; values are main's own (sanitized) text or numbers. */
const WordsOnWire = z.object({
  key: z.string().max(100),
  values: z.record(z.string().max(40), z.union([z.string().max(600), z.number()])).optional(),
});

/** A failure as it crosses IPC, a value, never a thrown error (Signal's pattern): `message` is English log text, `words` what the user reads. */
export const IpcError = z.object({ code: z.string(), message: z.string(), words: WordsOnWire.optional() });
export type IpcError = z.infer<typeof IpcError>;
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

const CatalogSchema = z.enum(CATALOGS as [CatalogName, ...CatalogName[]]);

export const TokenStorage = z.enum(['encrypted', 'weak', 'memory', 'none']);
export type TokenStorage = z.infer<typeof TokenStorage>;

export const SessionState = z.object({
  status: z.enum(['signedOut', 'connecting', 'signedIn']),
  mode: z.enum(['account', 'demo']),
  serverUrl: z.string(),
  /** Where the token lives; the token itself never crosses IPC. */
  tokenStorage: TokenStorage,
  /** No real encryption (Linux basic_text): the popup offers "store with weak protection". */
  encryptionWeak: z.boolean(),
  error: IpcError.optional(),
});
export type SessionState = z.infer<typeof SessionState>;

/** What main asks the popup to show, kept in the state so a page that mounts later still sees it; the page acts once per `seq`. */
const Ask = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('focusCounter'), id: z.string(), seq: z.int().min(1) }),
  z.object({ kind: z.literal('openSettings'), seq: z.int().min(1) }),
]);

export const AppState = z.object({
  session: SessionState,
  core: CoreSnapshot.nullable(),
  settings: Settings,
  shortcutFailures: z.array(IpcError.omit({ code: true }).extend({ accelerator: z.string() })),
  /** After "system" is resolved. */
  theme: z.enum(['light', 'dark']),
  platform: z.enum(['darwin', 'win32', 'linux', 'other']),
  systemTimezone: z.string(),
  /** The language spoken now and the BCP 47 tag numbers and dates follow (de-AT); main's tray and dialogs use the same. */
  locale: z.object({ language: CatalogSchema, formats: z.string().min(2).max(64), system: CatalogSchema }),
  activity: ActivitySummary,
  // extras and organise are kept on this computer, per account.
  extras: LocalExtras.optional(),
  organise: Organisation.optional(),
  resetUndo: ResetOffer.nullable().optional(),
  /** While a launch is still connecting: the counters this account saw last, shown greyed; clicks on them wait for the connection. */
  lastKnown: z
    .object({
      savedAt: z.number(),
      counters: z.array(CounterState),
      /** Absent: no core takes clicks yet. */
      outbox: Outbox.optional(),
    })
    .nullable(),
  /** What the OS draws behind the popup (src-main/electron/popup.ts); absent: solid. */
  windowMaterial: z.enum(['vibrancy', 'acrylic', 'solid']).optional(),
  /** The popup's pin: it stays open when it loses focus (`window:keepOpen`). */
  keepOpen: z.boolean().optional(),
  /** Absent where the OS has none: the popup's neutral blue. */
  accentColor: z.string().regex(ACCENT_COLOR_PATTERN).optional(),
  appVersion: z.string().optional(),
  /** Absent where main runs no updater (tests, dev:web). */
  updates: UpdatesState.optional(),
  ask: Ask.nullable(),
  /** The last sound main asked for (Settings → Sounds); the page plays each `seq` once, never one it finds at mount. */
  cue: z.object({ sound: z.enum(['click', 'chime']), seq: z.int().min(1) }).optional(),
  /** The `state:delta` this state is current with: the base later deltas apply to. */
  revision: z.int().min(0),
});
export type AppState = z.infer<typeof AppState>;
/** The state as main's own readers (tray, notices) take it, before the publisher numbers it. */
export type AppStateBody = Omit<AppState, 'revision'>;

/** Applied to the state of revision `from`, it gives revision `to` (= from + 1); a popup at another revision asks `state:get`. */
export interface StateDelta {
  from: number;
  to: number;
  /** Top-level parts besides `core`, each replaced whole. */
  changed: Partial<Omit<AppStateBody, 'core'>>;
  /** Absent: the core did not change. null: no core any more (signed out). */
  core?: {
    connection: ConnectionState;
    stats: CoreStats;
    outbox: Outbox;
    upserted: CounterState[];
    removed: string[];
    /** Every counter id in order, when the ids or their order changed. */
    order?: string[];
  } | null;
}

export const CounterPatch = z.strictObject({ name: z.string().optional(), value: z.number().optional(), startDate: IsoDate.optional(), endDate: IsoDate.optional() });
export type CounterPatch = z.infer<typeof CounterPatch>;

/** What a settings import would change, said by main (src-main/app/account/carry.ts). */
const ImportPreview = z.object({
  changes: z.array(WordsOnWire).max(12),
  /** The file's server when it is not this one: shown, never used. */
  otherServer: z.string().max(2048).nullable(),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

const Empty = z.strictObject({});
const OneCounter = z.strictObject({ id: CounterId });
const Nothing = z.null();

export const invokeChannels = {
  'state:get': { request: Empty, response: AppState },
  /** Without `amount`, by the counter's step (`Settings.steps`, else 1). */
  'counter:increment': { request: z.strictObject({ id: CounterId, amount: Amount.optional() }), response: Nothing },
  'counter:decrement': { request: z.strictObject({ id: CounterId, amount: Amount.optional() }), response: Nothing },
  'counter:update': { request: z.strictObject({ id: CounterId, patch: CounterPatch }), response: Nothing },
  'counter:dismissError': { request: OneCounter, response: Nothing },
  'counter:resolveUnconfirmed': { request: z.strictObject({ id: CounterId, choice: UnconfirmedChoice }), response: Nothing },
  'counter:undo': { request: OneCounter, response: Nothing },
  'activity:detail': { request: OneCounter, response: ActivityDetail },
  'activity:history': { request: z.strictObject({ id: CounterId, range: HistoryRange }), response: ActivityHistory },
  'goal:set': { request: z.strictObject({ id: CounterId, goal: Goal.nullable() }), response: Nothing },
  'milestones:mute': { request: z.strictObject({ id: CounterId, muted: z.boolean() }), response: Nothing },
  'counter:reset': { request: OneCounter, response: Nothing },
  'counter:undoReset': { request: z.strictObject({ id: CounterId, choice: UndoResetChoice }), response: UndoResetResult },
  /** Main asks where in its own save dialog: the page never names a path. */
  'activity:export': { request: ExportRequest, response: ExportResult },
  'session:connect': { request: z.strictObject({ serverUrl: z.string().max(2048), token: z.string().min(1).max(4096) }), response: Nothing },
  'session:startDemo': { request: Empty, response: Nothing },
  'session:signOut': { request: Empty, response: Nothing },
  'session:storeTokenWeakly': { request: Empty, response: Nothing },
  'settings:update': { request: SettingsPatch.strict(), response: Settings },
  'session:retryNow': { request: Empty, response: Nothing },
  /** Main builds the address, never a URL from the page. */
  'app:openLink': {
    request: z.discriminatedUnion('target', [z.strictObject({ target: z.enum(['tokens', 'home']) }), z.strictObject({ target: z.literal('counter'), id: CounterId })]),
    response: Nothing,
  },
  'app:quit': { request: Empty, response: Nothing },
  'updates:check': { request: Empty, response: Nothing },
  'updates:download': { request: Empty, response: Nothing },
  'updates:restart': { request: Empty, response: Nothing },
  'window:hide': { request: Empty, response: Nothing },
  'window:keepOpen': { request: z.strictObject({ keep: z.boolean() }), response: Nothing },
  /** The small always-on-top window of the pinned counters: opened (or brought forward), or closed. */
  'window:mini': { request: z.strictObject({ open: z.boolean() }), response: Nothing },
  'group:create': { request: z.strictObject({ name: z.string().max(400) }), response: GroupId },
  'group:rename': { request: z.strictObject({ id: GroupId, name: z.string().max(400) }), response: Nothing },
  'group:delete': { request: z.strictObject({ id: GroupId }), response: Nothing },
  'group:fold': { request: z.strictObject({ id: GroupId, folded: z.boolean() }), response: Nothing },
  /** Into `group` (null: Ungrouped), just before `before` in the manual order (null: last). */
  'counter:place': { request: z.strictObject({ id: CounterId, group: GroupId.nullable(), before: CounterId.nullable() }), response: Nothing },
  'counter:hide': { request: z.strictObject({ id: CounterId, hidden: z.boolean() }), response: Nothing },
  'list:sort': { request: z.strictObject({ sort: SortMode }), response: Nothing },
  /** Main asks where, in its own dialogs: the page never names a path. Import: pick (preview), then apply or undo. */
  'settings:export': { request: Empty, response: z.object({ fileName: z.string().max(255) }).nullable() },
  'settings:importPick': { request: Empty, response: ImportPreview.nullable() },
  'settings:importApply': { request: z.strictObject({ undo: z.boolean() }), response: Nothing },
} as const;

export type InvokeChannel = keyof typeof invokeChannels;
export type RequestOf<C extends InvokeChannel> = z.input<(typeof invokeChannels)[C]['request']>;
export type ResponseOf<C extends InvokeChannel> = z.output<(typeof invokeChannels)[C]['response']>;

/** What the preload exposes on `window.counterTray` (src-main/preload/README.md); `invoke` never throws. */
export interface CounterTrayApi {
  invoke<C extends InvokeChannel>(channel: C, request: RequestOf<C>): Promise<IpcResult<ResponseOf<C>>>;
  onStateDelta(listener: (delta: StateDelta) => void): () => void;
}
