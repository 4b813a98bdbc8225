// Settings you can carry: one JSON file of what the user set up here, never the token, the server only
// as text. An imported file is untrusted: bounded, parsed, every counter one the user shares; a preview
// first, then one undo.
import { z } from 'zod';
import { CounterId } from '../../../src-shared/api/schemas';
import { Goal } from '../../../src-shared/domain/goals';
import { cleanGroupName, type Organisation } from '../../../src-shared/domain/organise';
import { Settings, type SettingsPatch } from '../../../src-shared/domain/settings';
import { words, type Words } from '../../../src-shared/i18n/messages';
import type { ImportPreview } from '../../../src-shared/ipc/contract';
import { AppError } from '../../ipc/errors';
import { saveThrough } from '../export/export-activity';
import type { GoalsFile } from '../goals/goals-file';
import { ORGANISE_LIMITS, organiseFileSchema, toOrganiseFile, type OrganiseLimits } from '../organise/organise-file';
import type { OrganiseService } from '../organise/organise-service';
import type { AppSettings } from '../settings/app-settings';
import type { Session } from '../session/session-api';
import type { AccountRecords } from './account-records';
import type { FileDialogRequest, OpenFilePort, SaveFilePort } from '../ports';
import { originOf } from '../session/server-url';
import { listShortcuts } from '../settings/shortcut-rules';
import { FileTooLargeError } from '../storage/text-file';

export const CARRY_MAX_BYTES = 1_048_576;
const FORMAT = 'counter-tray-settings';

/** A test weakens the limits to show they are what refuses a hostile file. */
export function carryFileSchema(limits: OrganiseLimits = ORGANISE_LIMITS) {
  const Id = limits.strictIds ? CounterId : z.string();
  return z.strictObject({
    format: z.literal(FORMAT),
    version: z.literal(1),
    serverUrl: z.url({ protocol: /^https?$/ }).max(2048),
    // Every preference travels, a field Settings gains later too; only what must not is named.
    settings: Settings.omit({ version: true, serverUrl: true, allowLinks: true }).partial().strict(),
    organise: organiseFileSchema(limits),
    goals: z.record(Id, Goal).refine((r) => Object.keys(r).length <= limits.ids),
    milestonesMuted: z.array(Id).max(limits.ids),
  });
}
export type CarryFile = z.infer<ReturnType<typeof carryFileSchema>>;

const refused = (said: Words) => new AppError('invalid-payload', said);

export function parseCarryFile(text: string, schema = carryFileSchema()): CarryFile {
  if (text.length > CARRY_MAX_BYTES) throw refused(words('error.importTooBig'));
  let raw: unknown;
  try {
    // zod's record drops a "__proto__" key without a word: refused here, wherever it is.
    raw = JSON.parse(text, (key, value: unknown) => {
      if (key === '__proto__') throw refused(words('error.importUnknownField', { field: key }));
      return value;
    });
  } catch (error) {
    throw error instanceof AppError ? error : refused(words('error.importNotJson'));
  }
  const head = z.object({ format: z.literal(FORMAT), version: z.number() }).safeParse(raw);
  if (!head.success) throw refused(words('error.importNotOurs'));
  if (head.data.version !== 1) throw refused(words('error.importVersion', { version: head.data.version }));
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]] : issue.path;
  // File text in a sentence: no control or direction characters, cut short.
  const field = cleanGroupName(path.join('.'))?.slice(0, 40) ?? '?';
  throw refused(issue.code === 'unrecognized_keys' ? words('error.importUnknownField', { field }) : words('error.importInvalid', { field }));
}

/** Every counter the file names must be one shared with the user. */
export function requireKnown({ organise, goals, milestonesMuted, settings: s }: CarryFile, known: ReadonlySet<string>): void {
  const ids = [...organise.order, ...organise.hidden, ...organise.groups.flatMap((g) => g.counters), ...Object.keys(goals), ...milestonesMuted];
  ids.push(...(s.pinned ?? []), ...(s.notifications?.mutedCounters ?? []), ...[s.steps, s.shortcuts?.counters, s.reminders].flatMap((perCounter) => Object.keys(perCounter ?? {})));
  const count = new Set(ids.filter((id) => !known.has(id))).size;
  if (count > 0) throw refused(words('error.importUnknownCounters', { count }));
}

interface Arrangement {
  settings: Settings;
  organise: Pick<Organisation, 'groups' | 'order' | 'hidden' | 'sort'>;
  goals: Pick<GoalsFile, 'goals' | 'milestonesMuted'>;
}

export function carryFileText({ settings: { version: _version, serverUrl, allowLinks: _allowLinks, ...settings }, organise, goals }: Arrangement): string {
  const file: CarryFile = { format: FORMAT, version: 1, serverUrl, settings, organise: toOrganiseFile({ ...organise, changedAt: {} }), ...goals };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** Records compared whatever their keys' order. */
const same = (a: unknown, b: unknown) => {
  const sorted = (_key: string, value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([x], [y]) => (x < y ? -1 : 1))) : value);
  return JSON.stringify(a, sorted) === JSON.stringify(b, sorted);
};

/** Named in the preview; the mutes apart from whether notifications are on. */
const NAMED = new Set(['steps', 'reminders', 'shortcuts', 'pinned', 'theme', 'language']);
const unnamed = (s: Settings) => ({ ...s, notifications: { ...s.notifications, mutedCounters: [] } });

function previewOf(file: CarryFile, now: Arrangement): Words[] {
  const changes: Words[] = [];
  const add = (differs: boolean, said: Words) => differs && changes.push(said);
  const { organise: o } = file;
  add(!same(o.groups, now.organise.groups), words('carry.groups', { count: o.groups.length }));
  add(!same([o.order, o.sort], [now.organise.order, now.organise.sort]), words('carry.order'));
  add(!same(o.hidden, now.organise.hidden), words('carry.hidden', { count: o.hidden.length }));
  add(!same(file.goals, now.goals.goals), words('carry.goals', { count: Object.keys(file.goals).length }));
  const was = now.settings;
  const s: Settings = { ...was, ...file.settings };
  add(!same(s.steps, was.steps), words('carry.steps', { count: Object.keys(s.steps).length }));
  add(!same(s.reminders, was.reminders), words('carry.reminders', { count: Object.keys(s.reminders).length }));
  add(!same(s.shortcuts, was.shortcuts), words('carry.shortcuts', { count: listShortcuts(s.shortcuts).length }));
  const muted = [s.notifications.mutedCounters, file.milestonesMuted];
  add(!same(muted, [was.notifications.mutedCounters, now.goals.milestonesMuted]), words('carry.mutes', { count: new Set(muted.flat()).size }));
  add(!same(s.pinned, was.pinned), words('carry.pins', { count: s.pinned.length }));
  add(s.theme !== was.theme, words('carry.theme', { to: s.theme }));
  add(s.language !== was.language, words('carry.language', { to: s.language }));
  const others = (Object.keys(file.settings) as (keyof Settings)[]).filter((key) => !NAMED.has(key) && !same(unnamed(s)[key], unnamed(was)[key])).length;
  add(others > 0, words('carry.other', { count: others }));
  return changes;
}

/** The invoke handlers' context, and their settings:update. */
interface CarryDeps {
  settings: Pick<AppSettings, 'current'>;
  organise: Pick<OrganiseService, 'view' | 'arrange'>;
  records(): { goals: Pick<AccountRecords['goals'], 'carried' | 'carry'> };
  /** Its running core: an import and its undo belong to the account they were made in. */
  session: Pick<Session, 'core'>;
  updateSettings(patch: SettingsPatch): Promise<unknown>;
  knownCounterIds(): ReadonlySet<string>;
  saveFile: SaveFilePort | undefined;
  openFile: OpenFilePort | undefined;
  warn(message: string): void;
}

const JSON_FILE: FileDialogRequest['filter'] = { name: (i18n) => i18n.t('dialog.jsonFilter'), extensions: ['json'] };

export function createCarry(deps: CarryDeps) {
  let pending: { file: CarryFile; owner: unknown } | null = null;
  let undo: { before: Arrangement; keys: string[]; owner: unknown } | null = null;

  function arrangement(): Arrangement {
    const organise = deps.organise.view();
    if (!organise || !deps.session.core()) throw new AppError('not-signed-in', words('error.notSignedIn'));
    return { settings: deps.settings.current(), organise, goals: deps.records().goals.carried() };
  }

  /** Settings first: a patch the rules refuse changes nothing. */
  async function put(settings: SettingsPatch, { groups, order, hidden, sort }: Arrangement['organise'], goals: Arrangement['goals']) {
    await deps.updateSettings(settings);
    await deps.organise.arrange({ groups, order, hidden, sort });
    await deps.records().goals.carry(goals);
  }

  return {
    async exportFile(): Promise<{ fileName: string } | null> {
      const text = carryFileText(arrangement());
      const saved = await saveThrough(deps.saveFile, { title: (i18n) => i18n.t('dialog.exportSettings'), defaultFileName: `${FORMAT}.json`, filter: JSON_FILE, text }, deps.warn);
      return saved.status === 'saved' ? { fileName: saved.fileName } : null;
    },

    async pick(): Promise<ImportPreview | null> {
      if (!deps.openFile) throw new AppError('export-unavailable', words('error.importUnavailable'));
      pending = null;
      const now = arrangement();
      const text = await deps.openFile.open({ title: (i18n) => i18n.t('dialog.importSettings'), filter: JSON_FILE, maxBytes: CARRY_MAX_BYTES }).catch((error: unknown) => {
        throw refused(error instanceof FileTooLargeError ? words('error.importTooBig') : words('error.importUnreadable'));
      });
      if (text === null) return null;
      const file = parseCarryFile(text);
      requireKnown(file, deps.knownCounterIds());
      pending = { file, owner: deps.session.core() };
      const server = originOf(file.serverUrl);
      return { changes: previewOf(file, now), otherServer: server === originOf(now.settings.serverUrl) ? null : server };
    },

    async apply(): Promise<void> {
      const chosen = pending;
      pending = null;
      if (!chosen || chosen.owner !== deps.session.core()) throw new AppError('nothing-to-undo', words('error.importNothingPicked'));
      // The counters may have gone since the preview.
      requireKnown(chosen.file, deps.knownCounterIds());
      const before = arrangement();
      const { settings, organise, goals, milestonesMuted } = chosen.file;
      // Offered before the writes: an apply that fails half way is undone too.
      undo = { before, keys: Object.keys(settings), owner: chosen.owner };
      await put(settings, organise, { goals, milestonesMuted });
    },

    async undo(): Promise<void> {
      const last = undo;
      undo = null;
      if (!last || last.owner !== deps.session.core()) throw new AppError('nothing-to-undo', words('error.importNoUndo'));
      const { settings, organise, goals } = last.before;
      await put(Object.fromEntries(last.keys.map((key) => [key, settings[key as keyof Settings]])), organise, goals);
    },
  };
}

export type Carry = ReturnType<typeof createCarry>;
