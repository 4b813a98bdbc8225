// The answers to every invoke channel, per click source; the context below is all a handler may touch.
import { stepOf } from './settings/app-settings';
import { PatchBodyV2 } from '../../src-shared/api/schemas';
import type { ClickSource } from '../../src-shared/domain/activity';
import { DEFAULT_SERVER_URL, isPublicServer } from '../../src-shared/domain/server-address';
import type { AppState } from '../../src-shared/ipc/contract';
import type { Clock, CounterCore } from '../core/contract';
import { done, type InvokeHandlers } from '../ipc/dispatch';
import { AppError } from '../ipc/errors';
import type { OfflineCounters } from './offline/offline-counters';
import type { AppControllerDeps, AppPlatform, ConsentPort, OpenFilePort, SaveFilePort } from './ports';
import type { Carry } from './account/carry';
import type { SettingsPatch } from '../../src-shared/domain/settings';
import type { CounterState, Direction } from '../../src-shared/domain/snapshot';
import type { AccountRecords, CounterReset } from './account/account-data';
import type { OrganiseService } from './organise/organise-service';
import { groupNames, organiseHandlers } from './organise/organise-handlers';
import { firstDayOfWeek } from '../../src-shared/time/week-start';
import { originOf, parseServerUrl, type ServerUrl } from './session/server-url';
import type { Session } from './session/session-api';
import type { AppSettings } from './settings/app-settings';
import { applySettingsPatch } from './settings/settings-rules';
import { words } from '../../src-shared/i18n/messages';

interface InvokeHandlerContext {
  publishDelta(): AppState;
  offline: OfflineCounters;
  /** There once a core runs (every handler asks the core first). */
  records(): AccountRecords;
  session: Session;
  /** Resolves once what was just asked of `core` is on disk. */
  durable(core: CounterCore): Promise<void>;
  settings: AppSettings;
  effectiveTimezone(): string;
  /** The BCP 47 tag of numbers and dates: the history's weeks start on its first day. */
  formatsLocale(): string;
  platform: AppPlatform;
  knownCounterIds(): ReadonlySet<string>;
  consent: ConsentPort;
  organise: OrganiseService;
  counterReset: CounterReset;
  saveFile: SaveFilePort | undefined;
  openFile: OpenFilePort | undefined;
  clock: Clock;
  warn(message: string): void;
  /** Names through the server-text sanitizer. */
  shownCounters(): readonly CounterState[];
  openPublicPage: AppControllerDeps['openPublicPage'];
  quit: AppControllerDeps['quit'];
  hideWindow: AppControllerDeps['hideWindow'];
  keepOpen(keep: boolean): void;
  mini(open: boolean): void;
  updates: AppControllerDeps['updates'];
  /** Settings → Sounds: played if they are on. */
  cue(sound: 'click'): void;
}

const DEFAULT_ORIGIN = originOf(DEFAULT_SERVER_URL);

/** A new server, or plain http to another host, needs the user's yes in main's dialog before a request is sent. */
async function confirmServer(target: ServerUrl, bound: string | null, consent: ConsentPort): Promise<void> {
  if (target.plainHttp && target.origin !== bound) {
    if (!(await consent.ask({ kind: 'plain-http', to: target.origin }))) {
      throw new AppError('declined', words('error.declinedPlainHttp'));
    }
    return;
  }
  if (target.origin !== DEFAULT_ORIGIN && target.origin !== bound) {
    if (!(await consent.ask({ kind: 'change-server', to: target.origin, from: bound }))) {
      throw new AppError('declined', words('error.declined'));
    }
  }
}

function requireUpdates(ctx: InvokeHandlerContext): NonNullable<AppControllerDeps['updates']> {
  if (!ctx.updates) throw new AppError('updates-unavailable', words('error.noUpdater'));
  return ctx.updates;
}

export function createInvokeHandlers(ctx: InvokeHandlerContext, source: ClickSource): InvokeHandlers {
  // Without an amount a click moves by the counter's step: the popup, tray, shortcuts, command line and links all come here.
  const step = async (id: string, direction: Direction, asked: number | undefined) => {
    const amount = asked ?? stepOf(ctx.settings.current(), id);
    const value = ctx.session.core()?.snapshot().counters.find((c) => c.id === id)?.value;
    // Past a safe integer a value is no longer exact (the reference service refuses it): refused before anything is sent.
    if (value !== undefined && !Number.isSafeInteger(value + (direction === 'increment' ? amount : -amount))) throw new AppError('invalid-payload', words('error.amountOutOfRange'));
    const core = ctx.offline.step(id, direction, amount);
    ctx.records().activity.click(id, source, direction === 'increment' ? amount : -amount);
    ctx.cue('click');
    await ctx.durable(core);
    return null;
  };
  const updateSettings = async (patch: SettingsPatch) => {
    const next = applySettingsPatch(ctx.settings.current(), patch, { platform: ctx.platform, knownCounterIds: ctx.knownCounterIds() });
    // Any web page can open a link: a compromised popup must not open that door without the user.
    if (next.allowLinks && !ctx.settings.current().allowLinks && !(await ctx.consent.ask({ kind: 'allow-links' }))) throw new AppError('declined', words('error.declinedLinks'));
    const timezoneBefore = ctx.effectiveTimezone();
    await ctx.settings.save(next);
    const core = ctx.session.core();
    if (core && ctx.effectiveTimezone() !== timezoneBefore) core.setTimezone(ctx.effectiveTimezone());
    return next;
  };
  // Loaded on first use: a launch never needs it.
  let carry: Promise<Carry> | undefined;
  const carryOf = () => (carry ??= import('./account/carry').then(({ createCarry }) => createCarry({ ...ctx, updateSettings })));
  return {
    // The answer is a base the next delta applies to.
    'state:get': () => ctx.publishDelta(),
    // An unknown counter is refused (nothing recorded); a click taken offline goes to the connecting core's ledger.
    'counter:increment': ({ id, amount }) => step(id, 'increment', amount),
    'counter:decrement': ({ id, amount }) => step(id, 'decrement', amount),
    'counter:undo': async ({ id }) => {
      const core = ctx.session.requireCounter(id);
      ctx.records().activity.undo(id);
      await ctx.durable(core);
      return null;
    },
    'activity:detail': ({ id }) => {
      ctx.session.requireCounter(id);
      return ctx.records().activity.detail(id);
    },
    'activity:history': ({ id, range }) => {
      ctx.session.requireCounter(id);
      return ctx.records().history(id, range, firstDayOfWeek(ctx.formatsLocale()));
    },
    'counter:dismissError': ({ id }) => {
      ctx.session.requireCounter(id).dismissError(id);
      return null;
    },
    'counter:resolveUnconfirmed': async ({ id, choice }) => {
      const core = ctx.session.requireCounter(id);
      core.resolveUnconfirmed(id, choice);
      await ctx.durable(core);
      return null;
    },
    'counter:update': async ({ id, patch }) => {
      const body = PatchBodyV2.safeParse(patch);
      if (!body.success) throw new AppError('invalid-payload', words('error.noChange'));
      const core = ctx.session.requireCounter(id);
      await ctx.records().activity.edit(id, () => core.update(id, body.data));
      return null;
    },
    'goal:set': async ({ id, goal }) => {
      ctx.session.requireCounter(id);
      await ctx.records().goals.setGoal(id, goal);
      return null;
    },
    'milestones:mute': async ({ id, muted }) => {
      ctx.session.requireCounter(id);
      await ctx.records().goals.muteMilestones(id, muted);
      return null;
    },
    'counter:reset': ({ id }) => done(ctx.counterReset.reset(id)),
    'counter:undoReset': ({ id, choice }) => ctx.counterReset.undo(id, choice),
    'activity:export': async (request) => {
      if (request.scope === 'counter') ctx.session.requireCounter(request.id);
      else if (!ctx.session.core()) throw new AppError('not-signed-in', words('error.notSignedIn'));
      // Loaded on the first export: a launch never needs the CSV writer.
      const { exportActivity } = await import('./export/export-activity');
      return exportActivity(request, {
        counters: ctx.shownCounters(),
        groupOf: groupNames(ctx.organise),
        logOf: (id) => ctx.records().activity.exportLog(id),
        timezone: ctx.effectiveTimezone(),
        now: ctx.clock.now(),
        saveFile: ctx.saveFile,
        warn: ctx.warn,
      });
    },
    'session:connect': async ({ serverUrl, token }) => {
      ctx.session.rememberToken(token);
      const target = parseServerUrl(serverUrl);
      await confirmServer(target, ctx.session.boundOrigin(), ctx.consent);
      await ctx.session.connect(target.url, token);
      return null;
    },
    'session:startDemo': () => done(ctx.session.startDemo()),
    'session:signOut': () => done(ctx.session.signOut()),
    'session:storeTokenWeakly': async () => {
      const current = ctx.session.state();
      if (current.mode !== 'account' || current.status !== 'signedIn' || current.tokenStorage !== 'memory' || !current.encryptionWeak) {
        throw new AppError('invalid-settings', words('error.noMemoryToken'));
      }
      if (!(await ctx.consent.ask({ kind: 'weak-storage' }))) throw new AppError('declined', words('error.declinedWeakStorage'));
      await ctx.session.setWeakStorage(true);
      return null;
    },
    'settings:update': updateSettings,
    'settings:export': async () => (await carryOf()).exportFile(),
    'settings:importPick': async () => (await carryOf()).pick(),
    'settings:importApply': ({ undo }) => done(carryOf().then((carry) => (undo ? carry.undo() : carry.apply()))),
    'session:retryNow': () => {
      ctx.session.retryNow();
      return null;
    },
    'app:openLink': (request) => {
      // Main builds the path, the page only names what it wants; counters have pages on the public service only.
      const open = ctx.openPublicPage;
      if (!open) return null;
      if (request.target === 'tokens') open('/settings/tokens');
      else if (request.target === 'home') open('/');
      else if (request.target === 'counter' && isPublicServer(ctx.session.state().serverUrl)) open(`/counters/${encodeURIComponent(request.id)}`);
      return null;
    },
    'app:quit': () => {
      ctx.quit?.();
      return null;
    },
    'updates:check': () => done(requireUpdates(ctx).check()),
    'updates:download': () => done(requireUpdates(ctx).download()),
    'updates:restart': () => {
      requireUpdates(ctx).restart();
      return null;
    },
    'window:hide': () => {
      ctx.hideWindow?.();
      return null;
    },
    'window:keepOpen': ({ keep }) => {
      ctx.keepOpen(keep);
      return null;
    },
    'window:mini': ({ open }) => {
      ctx.mini(open);
      return null;
    },
    ...organiseHandlers(ctx.organise),
  };
}
