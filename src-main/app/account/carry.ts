// Settings you can carry: one JSON file of what the user set up here, never the token, the server only
// as text. An imported file is untrusted: bounded, parsed, every counter one the user shares; a preview
// first, then one undo. Loaded on first use.
import { z } from 'zod';
import { CounterId } from '../../../src-shared/api/schemas';
import { Goal } from '../../../src-shared/domain/goals';
import { cleanGroupName, type Organisation } from '../../../src-shared/domain/organise';
import { Settings, type SettingsPatch } from '../../../src-shared/domain/settings';
import { words, type Words } from '../../../src-shared/i18n/messages';
import type { ImportPreview } from '../../../src-shared/ipc/contract';
import { AppError } from '../../ipc/errors';
import type { GoalsFile } from '../goals/goals-file';
import { ORGANISE_LIMITS, organiseFileSchema, toOrganiseFile, type OrganiseLimits } from '../organise/organise-file';
import type { OpenFilePort, SaveFilePort } from '../ports';
import { originOf } from '../session/server-url';
import { listShortcuts } from '../settings/shortcut-rules';
import { FileTooLargeError } from '../storage/text-file';

export const CARRY_MAX_BYTES = 1_048_576;
const FORMAT = 'counter-tray-settings';

/** Every preference kept in Settings travels, a field added later too; only what must never travel is named. */
const Carried = Settings.omit({ version: true, serverUrl: true, allowLinks: true }).partial().strict();

/** A test weakens the limits to show they are what refuses a hostile file. */
export function carryFileSchema(limits: OrganiseLimits = ORGANISE_LIMITS) {
  const Id = limits.strictIds ? CounterId : z.string();
  return z.strictObject({
    format: z.literal(FORMAT),
    version: z.literal(1),
    serverUrl: z.url({ protocol: /^https?$/ }).max(2048),
    settings: Carried,
    organise: organiseFileSchema(limits),
    goals: z.record(Id, Goal).refine((r) => Object.keys(r).length <= limits.ids),
    milestonesMuted: z.array(Id).max(limits.ids),
  });
}
export type CarryFile = z.infer<ReturnType<typeof carryFileSchema>>;

const refused = (said: Words) => new AppError('invalid-payload', said);
/** File text in a sentence: no control or direction characters, cut short. */
const field = (path: readonly PropertyKey[]) => cleanGroupName(path.map(String).join('.'))?.slice(0, 40) ?? '?';

class ProtoKey extends Error {}

export function parseCarryFile(text: string, schema = carryFileSchema()): CarryFile {
  if (text.length > CARRY_MAX_BYTES) throw refused(words('error.importTooBig'));
  let raw: unknown;
  try {
    // zod's record drops a "__proto__" key without a word: refused here, wherever it is.
    raw = JSON.parse(text, (key, value: unknown) => {
      if (key === '__proto__') throw new ProtoKey();
      return value;
    });
  } catch (error) {
    throw refused(error instanceof ProtoKey ? words('error.importUnknownField', { field: '__proto__' }) : words('error.importNotJson'));
  }
  const head = z.object({ format: z.literal(FORMAT), version: z.number() }).safeParse(raw);
  if (!head.success) throw refused(words('error.importNotOurs'));
  if (head.data.version !== 1) throw refused(words('error.importVersion', { version: head.data.version }));
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') throw refused(words('error.importUnknownField', { field: field([...issue.path, issue.keys[0] ?? '']) }));
  throw refused(issue.code === 'too_big' ? words('error.importTooMany', { field: field(issue.path) }) : words('error.importInvalid', { field: field(issue.path) }));
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

/** Every counter the file names must be one shared with the user. */
export function requireKnown({ organise, goals, milestonesMuted, settings: s }: CarryFile, known: ReadonlySet<string>): void {
  const ids = [...organise.order, ...organise.hidden, ...organise.groups.flatMap((g) => g.counters), ...Object.keys(goals), ...milestonesMuted];
  ids.push(...(s.pinned ?? []), ...(s.notifications?.mutedCounters ?? []), ...Object.keys(s.steps ?? {}), ...Object.keys(s.shortcuts?.counters ?? {}));
  const unknown = new Set(ids.filter((id) => !known.has(id))).size;
  if (unknown > 0) throw refused(words('error.importUnknownCounters', { count: unknown }));
}

/** Records compared whatever their keys' order. */
const same = (a: unknown, b: unknown) => {
  const canonical = (_key: string, value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([x], [y]) => (x < y ? -1 : 1))) : value);
  return JSON.stringify(a, canonical) === JSON.stringify(b, canonical);
};

/** Beside the kinds the preview names: the mutes are named apart from whether notifications are on. */
const NAMED = new Set(['steps', 'shortcuts', 'pinned', 'theme', 'language']);
const unnamed = (s: Settings) => ({ ...s, notifications: { ...s.notifications, mutedCounters: [] } });

export function previewOf(file: CarryFile, now: Arrangement): ImportPreview['changes'] {
  const changes: ImportPreview['changes'] = [];
  const add = (differs: boolean, change: ImportPreview['changes'][number]) => differs && changes.push(change);
  const { organise: o } = file;
  add(!same(o.groups, now.organise.groups), { kind: 'groups', count: o.groups.length });
  add(!same([o.order, o.sort], [now.organise.order, now.organise.sort]), { kind: 'order' });
  add(!same(o.hidden, now.organise.hidden), { kind: 'hidden', count: o.hidden.length });
  add(!same(file.goals, now.goals.goals), { kind: 'goals', count: Object.keys(file.goals).length });
  add(!same(file.milestonesMuted, now.goals.milestonesMuted), { kind: 'milestones', count: file.milestonesMuted.length });
  const was = now.settings;
  const s: Settings = { ...was, ...file.settings };
  add(!same(s.steps, was.steps), { kind: 'steps', count: Object.keys(s.steps).length });
  add(!same(s.shortcuts, was.shortcuts), { kind: 'shortcuts', count: listShortcuts(s.shortcuts).length });
  add(!same(s.notifications.mutedCounters, was.notifications.mutedCounters), { kind: 'mutes', count: s.notifications.mutedCounters.length });
  add(!same(s.pinned, was.pinned), { kind: 'pins', count: s.pinned.length });
  add(s.theme !== was.theme, { kind: 'theme', to: s.theme });
  add(s.language !== was.language, { kind: 'language', to: s.language });
  const others = (Object.keys(file.settings) as (keyof Settings)[]).filter((key) => !NAMED.has(key) && !same(unnamed(s)[key], unnamed(was)[key]));
  add(others.length > 0, { kind: 'other', count: others.length });
  return changes;
}

interface CarryDeps {
  arrangement(): Arrangement;
  /** Through the rules of a user edit (settings:update). */
  updateSettings(patch: SettingsPatch): Promise<unknown>;
  checkSettings(patch: SettingsPatch): void;
  arrange(next: Arrangement['organise']): Promise<void>;
  carryGoals(next: Arrangement['goals']): Promise<void>;
  knownCounterIds(): ReadonlySet<string>;
  /** The running core: an import and its undo belong to the account they were made in. */
  owner(): unknown;
  saveFile: SaveFilePort | undefined;
  openFile: OpenFilePort | undefined;
  warn(message: string): void;
}

export function createCarry(deps: CarryDeps) {
  let pending: { file: CarryFile; owner: unknown } | null = null;
  let undo: { before: Arrangement; keys: (keyof SettingsPatch)[]; owner: unknown } | null = null;

  async function put(settings: SettingsPatch, { organise, goals }: Omit<Arrangement, 'settings'>) {
    await deps.updateSettings(settings);
    await deps.arrange({ groups: organise.groups, order: organise.order, hidden: organise.hidden, sort: organise.sort });
    await deps.carryGoals(goals);
  }

  return {
    async exportFile(): Promise<{ fileName: string } | null> {
      if (!deps.saveFile) throw new AppError('export-unavailable', words('error.exportUnavailable'));
      const text = carryFileText(deps.arrangement());
      const saved = await deps.saveFile
        .save({ title: (i18n) => i18n.t('dialog.exportSettings'), defaultFileName: 'counter-tray-settings.json', filter: { name: (i18n) => i18n.t('dialog.jsonFilter'), extensions: ['json'] }, text })
        .catch((error: unknown) => {
          deps.warn(`settings not exported: ${error instanceof Error ? error.message : String(error)}`);
          throw new AppError('export-failed', words('error.exportFailed'));
        });
      return saved.status === 'saved' ? { fileName: saved.fileName } : null;
    },

    async pick(): Promise<ImportPreview | null> {
      if (!deps.openFile) throw new AppError('export-unavailable', words('error.importUnavailable'));
      pending = null;
      const owner = deps.owner();
      const text = await deps.openFile
        .open({ title: (i18n) => i18n.t('dialog.importSettings'), filter: { name: (i18n) => i18n.t('dialog.jsonFilter'), extensions: ['json'] }, maxBytes: CARRY_MAX_BYTES })
        .catch((error: unknown) => {
          throw refused(error instanceof FileTooLargeError ? words('error.importTooBig') : words('error.importUnreadable'));
        });
      if (text === null) return null;
      const file = parseCarryFile(text);
      requireKnown(file, deps.knownCounterIds());
      deps.checkSettings(file.settings);
      const now = deps.arrangement();
      const server = originOf(file.serverUrl);
      pending = { file, owner };
      return { changes: previewOf(file, now), otherServer: server === originOf(now.settings.serverUrl) ? null : server };
    },

    async apply(): Promise<void> {
      const chosen = pending;
      pending = null;
      if (!chosen || chosen.owner !== deps.owner()) throw new AppError('nothing-to-undo', words('error.importNothingPicked'));
      // The counters may have gone since the preview.
      requireKnown(chosen.file, deps.knownCounterIds());
      const before = deps.arrangement();
      undo = { before, keys: Object.keys(chosen.file.settings) as (keyof SettingsPatch)[], owner: chosen.owner };
      const { goals, milestonesMuted, organise } = chosen.file;
      await put(chosen.file.settings, { organise, goals: { goals, milestonesMuted } });
    },

    async undo(): Promise<void> {
      const last = undo;
      undo = null;
      if (!last || last.owner !== deps.owner()) throw new AppError('nothing-to-undo', words('error.importNoUndo'));
      await put(Object.fromEntries(last.keys.map((key) => [key, last.before.settings[key]])), last.before);
    },
  };
}

export type Carry = ReturnType<typeof createCarry>;
