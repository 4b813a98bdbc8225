// The whole IPC contract, after GitHub Desktop's ipc-shared.ts but with zod schemas, because TypeScript
// types do not survive a process hop: channel → request/response for the page's calls. Main's one push,
// `state:delta`, is main's own product and crosses unparsed: a type.
import { z } from 'zod';
import { Amount, CounterId, IsoDate } from '../api/schemas';
import { ActivityDetail, ActivitySummary } from '../domain/activity';
import { ActivityHistory, HistoryRange } from '../domain/history';
import { ExportRequest, ExportResult, Goal, LocalExtras, ResetOffer, UndoResetChoice, UndoResetResult } from '../domain/goals';
import { CoreSnapshot, CounterState, Outbox, UnconfirmedChoice, type ConnectionState, type CoreStats } from '../domain/snapshot';
import { Settings, SettingsPatch } from '../domain/settings';
import { CATALOGS, type CatalogName } from '../i18n/locale';
import { GroupId, Organisation, SortMode } from '../domain/organise';

/**
 * A catalog message named by main (src-shared/i18n/messages.ts `Words`): the popup says it in
 * its own language, so a language switch re-says an error already shown. Values are main's
 * own text (hosts, counter names already sanitized) or numbers.
 */
export const WordsOnWire = z.object({
  key: z.string().max(100),
  values: z.record(z.string().max(40), z.union([z.string().max(600), z.number()])).optional(),
});

const CatalogSchema = z.enum(CATALOGS as [CatalogName, ...CatalogName[]]);
import { UpdatesState } from '../domain/updates';
import { ACCENT_COLOR_PATTERN } from '../domain/accent-color';

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
  error: z.object({ code: z.string(), message: z.string(), words: WordsOnWire.optional() }).optional(),
});
export type SessionState = z.infer<typeof SessionState>;

/** `message` is for the log (it may be Electron's own English); `words` is what the popup says. */
export const ShortcutFailure = z.object({ accelerator: z.string(), message: z.string(), words: WordsOnWire.optional() });

/**
 * What main asks the popup to show (a notification clicked, the tray's "Settings…"), kept in the
 * state so a page that mounts later still sees it; `seq` grows with every ask: the page acts on
 * each once, and a later ask replaces an earlier one.
 */
export const Ask = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('focusCounter'), id: z.string(), seq: z.int().min(1) }),
  z.object({ kind: z.literal('openSettings'), seq: z.int().min(1) }),
]);
export type Ask = z.infer<typeof Ask>;

export const AppState = z.object({
  session: SessionState,
  core: CoreSnapshot.nullable(),
  settings: Settings,
  shortcutFailures: z.array(ShortcutFailure),
  /** The effective theme after "system" is resolved. */
  theme: z.enum(['light', 'dark']),
  platform: z.enum(['darwin', 'win32', 'linux', 'other']),
  systemTimezone: z.string(),
  /**
   * The language the app speaks now (Settings → Language, else the OS's) and the conventions its numbers
   * and dates follow (a BCP 47 tag, e.g. de-AT); main's tray, notifications and dialogs use the same.
   */
  locale: z.object({ language: CatalogSchema, formats: z.string().min(2).max(64), system: CatalogSchema }),
  /** Today's change per counter and the undo offer; a counter's detail is asked for separately. */
  activity: ActivitySummary,
  /** Goals with this period's progress, muted milestones and today; kept on this computer, per account. */
  extras: LocalExtras.optional(),
  /** Groups, hidden counters, the manual order and the sort; kept on this computer, per account. */
  organise: Organisation.optional(),
  /** A reset or start again that can still be undone. */
  resetUndo: ResetOffer.nullable().optional(),
  /**
   * While a launch is still connecting: the counters this account saw last (from disk),
   * shown greyed as "offline since savedAt". Clicks on them are kept and sent on connect.
   */
  lastKnown: z
    .object({
      savedAt: z.number(),
      counters: z.array(CounterState),
      /** The clicks the connecting core holds (absent: no core takes clicks yet). */
      outbox: Outbox.optional(),
    })
    .nullable(),
  /**
   * What the OS draws behind the popup (src-main/electron/popup.ts): macOS vibrancy,
   * Windows 11 acrylic, or nothing (the page paints a solid, theme-aware background). Absent: solid.
   */
  windowMaterial: z.enum(['vibrancy', 'acrylic', 'solid']).optional(),
  /** The OS accent colour (macOS, Windows) as `#rrggbb`; absent elsewhere: the popup's neutral blue. */
  accentColor: z.string().regex(ACCENT_COLOR_PATTERN).optional(),
  appVersion: z.string().optional(),
  /** The counters live on the public CountTogether server, which has a web page for each. */
  publicServer: z.boolean(),
  /** Where updates come from and how far the current one is; absent where main runs no updater (tests, dev:web). */
  updates: UpdatesState.optional(),
  ask: Ask.nullable(),
  /** Which `state:delta` this state is current with (main counts them from 1): the base later deltas apply to. */
  revision: z.int().min(0),
});
export type AppState = z.infer<typeof AppState>;
/** The state as main holds it, before the publisher numbers it for the popup: what main's own readers (tray, notices) take. */
export type AppStateBody = Omit<AppState, 'revision'>;

/**
 * What changed between two AppStates: applied to the state of revision `from`, it gives the state
 * of revision `to` (= from + 1); a popup at another revision asks `state:get` again. Main's own
 * product, sent unparsed: a type, not a schema.
 */
export interface StateDelta {
  from: number;
  to: number;
  /** Top-level parts besides `core` that changed, each replaced whole. */
  changed: Partial<Omit<AppStateBody, 'core'>>;
  /** Absent: the core did not change. null: no core any more (signed out). */
  core?: {
    connection: ConnectionState;
    stats: CoreStats;
    outbox: Outbox;
    /** Counters added or changed, each whole. */
    upserted: CounterState[];
    removed: string[];
    /** Every counter id in the list's order, when the ids or their order changed. */
    order?: string[];
  } | null;
}

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
  /** Dismisses a counter's "refused" flag ("could not confirm" is answered with counter:resolveUnconfirmed). */
  'counter:dismissError': { request: z.object({ id: CounterId }).strict(), response: Nothing },
  /** The user's answer to "could not confirm": send the lost change again, or keep the server's value. */
  'counter:resolveUnconfirmed': { request: z.object({ id: CounterId, choice: UnconfirmedChoice }).strict(), response: Nothing },
  /** Takes back the change offered in `activity.undo`. */
  'counter:undo': { request: z.object({ id: CounterId }).strict(), response: Nothing },
  /** One counter's activity for the detail view: 14 days and the latest events. */
  'activity:detail': { request: z.object({ id: CounterId }).strict(), response: ActivityDetail },
  /** One counter's history over a range (chart, heatmap, numbers, streak), computed in main from the record this computer keeps. */
  'activity:history': { request: z.object({ id: CounterId, range: HistoryRange }).strict(), response: ActivityHistory },
  /** Sets (or with null removes) an UpDown counter's goal; kept on this computer for the account. */
  'goal:set': { request: z.object({ id: CounterId, goal: Goal.nullable() }).strict(), response: Nothing },
  /** Mutes (or unmutes) a day counter's milestone notifications. */
  'milestones:mute': { request: z.object({ id: CounterId, muted: z.boolean() }).strict(), response: Nothing },
  /** Reset to 0 (UpDown) or start again today (FromDate), through PATCH; the popup asked the user first. */
  'counter:reset': { request: z.object({ id: CounterId }).strict(), response: Nothing },
  /** Takes back `resetUndo`: PATCHes the earlier value back; if the counter changed since, 'undo' only asks (see UndoResetChoice). */
  'counter:undoReset': { request: z.object({ id: CounterId, choice: UndoResetChoice }).strict(), response: UndoResetResult },
  /** Writes activity as CSV where the user chooses in main's native save dialog (the page never names a path). */
  'activity:export': { request: ExportRequest, response: ExportResult },
  'session:connect': { request: z.object({ serverUrl: z.string().max(2048), token: z.string().min(1).max(4096) }).strict(), response: Nothing },
  'session:startDemo': { request: Empty, response: Nothing },
  'session:signOut': { request: Empty, response: Nothing },
  'session:storeTokenWeakly': { request: Empty, response: Nothing },
  'settings:update': { request: SettingsPatch.strict(), response: Settings },
  /** "Retry now": try the server at once instead of waiting out the back-off. */
  'session:retryNow': { request: Empty, response: Nothing },
  /** Opens a CountTogether page in the browser; main builds the address (never a URL from the page). */
  'app:openLink': {
    request: z.discriminatedUnion('target', [z.object({ target: z.enum(['tokens', 'home']) }).strict(), z.object({ target: z.literal('counter'), id: CounterId }).strict()]),
    response: Nothing,
  },
  'app:quit': { request: Empty, response: Nothing },
  /** "Check for updates…": at once, whatever the mode. */
  'updates:check': { request: Empty, response: Nothing },
  /** Downloads the update a check found (notify only / off). */
  'updates:download': { request: Empty, response: Nothing },
  /** "Restart to update": the quit path (unsent clicks written first), then the installer. */
  'updates:restart': { request: Empty, response: Nothing },
  'window:hide': { request: Empty, response: Nothing },
  /** Groups (local to this computer and account): the answer names the new group. */
  'group:create': { request: z.object({ name: z.string().max(400) }).strict(), response: GroupId },
  'group:rename': { request: z.object({ id: GroupId, name: z.string().max(400) }).strict(), response: Nothing },
  /** Its counters go back to Ungrouped. */
  'group:delete': { request: z.object({ id: GroupId }).strict(), response: Nothing },
  'group:fold': { request: z.object({ id: GroupId, folded: z.boolean() }).strict(), response: Nothing },
  /** Moves a counter into a group (null: Ungrouped), just before another in the manual order (null: last). */
  'counter:place': { request: z.object({ id: CounterId, group: GroupId.nullable(), before: CounterId.nullable() }).strict(), response: Nothing },
  /** Hides a counter from the list and the tray menu (its shortcut and notifications still work), or shows it again. */
  'counter:hide': { request: z.object({ id: CounterId, hidden: z.boolean() }).strict(), response: Nothing },
  'list:sort': { request: z.object({ sort: SortMode }).strict(), response: Nothing },
} as const;

export type InvokeChannel = keyof typeof invokeChannels;
export type RequestOf<C extends InvokeChannel> = z.input<(typeof invokeChannels)[C]['request']>;
export type ResponseOf<C extends InvokeChannel> = z.output<(typeof invokeChannels)[C]['response']>;

/** Results cross IPC as values, never as thrown errors (Signal's pattern). */
export const IpcError = z.object({ code: z.string(), message: z.string(), words: WordsOnWire.optional() });
export type IpcError = z.infer<typeof IpcError>;
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/** What the preload exposes on `window.counterTray` (src-main/preload/README.md); `invoke` never throws. */
export interface CounterTrayApi {
  invoke<C extends InvokeChannel>(channel: C, request: RequestOf<C>): Promise<IpcResult<ResponseOf<C>>>;
  onStateDelta(listener: (delta: StateDelta) => void): () => void;
}

export const isInvokeChannel = (value: unknown): value is InvokeChannel =>
  typeof value === 'string' && Object.hasOwn(invokeChannels, value);
