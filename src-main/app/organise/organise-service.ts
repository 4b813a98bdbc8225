// Groups, hidden counters, the manual order and the sort of the running account; writes one at a time.
import type { CounterState } from '../../../src-shared/domain/snapshot';
import {
  cleanGroupName,
  createGroup,
  deleteGroup,
  emptyOrganisation,
  foldGroup,
  MAX_GROUPS,
  placeCounter,
  pruneMissing,
  renameGroup,
  setHidden,
  type Organisation,
  type SortMode,
} from '../../../src-shared/domain/organise';
import type { Said } from '../../../src-shared/i18n/notice';
import { words } from '../../../src-shared/i18n/messages';
import type { Clock } from '../../core/contract';
import { AppError } from '../../ipc/errors';
import { toOrganiseFile, type OrganiseStorage } from './organise-file';

interface OrganiseServiceDeps {
  clock: Clock;
  counters(): readonly CounterState[];
  /** Only for the server's list (a live core) are missing ids dropped. */
  listed(): boolean;
  changed(): void;
  notice(message: Said): void;
  warn(message: string): void;
}

/** A quit writes them at once. */
const CHANGE_TIMES_WRITE_DELAY_MS = 10_000;

export function createOrganiseService(deps: OrganiseServiceDeps) {
  let data: Organisation | null = null;
  let storage: OrganiseStorage | null = null;
  let hiddenSet: ReadonlySet<string> = new Set();
  let lastValues = new Map<string, number>();
  let attaching: Promise<void> = Promise.resolve();
  let writing: Promise<void> | null = null;
  let dirty = false;
  let lazyTimer: unknown;
  let shown: Organisation | null = null;

  function write(): Promise<void> {
    dirty = true;
    writing ??= (async () => {
      while (dirty && storage && data) {
        dirty = false;
        const target = storage;
        await target.save(toOrganiseFile(data)).catch((error: unknown) => deps.warn(`groups not saved: ${error instanceof Error ? error.message : String(error)}`));
      }
      writing = null;
    })();
    return writing;
  }

  /** A burst of clicks is one write, not one per click. */
  function writeSoon(): void {
    lazyTimer ??= deps.clock.setTimeout(() => {
      lazyTimer = undefined;
      void write();
    }, CHANGE_TIMES_WRITE_DELAY_MS);
  }

  /** `observed`: found while the state is read for a push, so that push carries it. */
  function set(next: Organisation, observed = false): Promise<void> {
    if (next === data) return Promise.resolve();
    const timesOnly = data !== null && next.groups === data.groups && next.order === data.order && next.hidden === data.hidden && next.sort === data.sort;
    data = next;
    hiddenSet = new Set(next.hidden);
    if (!observed) deps.changed();
    if (timesOnly) return (writeSoon(), Promise.resolve());
    return write();
  }

  async function requireData(): Promise<Organisation> {
    await attaching.catch(() => undefined);
    if (!data) throw new AppError('not-signed-in', words('error.organiseNeedsAccount'));
    return data;
  }

  function requireGroup(current: Organisation, id: string): void {
    if (!current.groups.some((g) => g.id === id)) throw new AppError('invalid-payload', words('error.groupGone'));
  }

  function requireCounter(id: string): readonly CounterState[] {
    const counters = deps.counters();
    if (!counters.some((c) => c.id === id)) throw new AppError('unknown-counter', words('counter.gone'));
    return counters;
  }

  function requireName(raw: string): string {
    const name = cleanGroupName(raw);
    if (name === null) throw new AppError('invalid-payload', words('error.groupNameEmpty'));
    return name;
  }

  async function attachTo(next: OrganiseStorage | null): Promise<void> {
    if (lazyTimer !== undefined) {
      deps.clock.clearTimeout(lazyTimer);
      lazyTimer = undefined;
      await write(); // the change times of the account being left, into its own file
    }
    await writing;
    data = null;
    storage = next;
    hiddenSet = new Set();
    lastValues = new Map();
    if (!next) return deps.changed();
    const loaded = await next.load().catch((error: unknown) => {
      deps.warn(`groups load failed: ${error instanceof Error ? error.message : String(error)}`);
      return { value: emptyOrganisation() };
    });
    if (storage !== next) return;
    data = loaded.value;
    hiddenSet = new Set(data.hidden);
    if ('notice' in loaded && loaded.notice) {
      deps.notice(loaded.notice);
      void write(); // replace the bad file with a good one
    }
    deps.changed();
  }

  return {
    attach(next: OrganiseStorage | null): Promise<void> {
      attaching = attaching.catch(() => undefined).then(() => attachTo(next));
      return attaching;
    },
    // Change times cross only while the popup sorts by them: else every click would resend this part.
    view(): Organisation | undefined {
      if (!data) return undefined;
      if (data.sort === 'changed') return data;
      const last = shown;
      if (last && last.groups === data.groups && last.order === data.order && last.hidden === data.hidden && last.sort === data.sort) return last;
      shown = { ...data, changedAt: {} };
      return shown;
    },
    hidden: (): ReadonlySet<string> => hiddenSet,

    /** Notes value changes, drops ids the list no longer has. */
    observe() {
      const current = data;
      if (!current) return;
      const counters = deps.counters();
      const seen = new Map<string, number>();
      let changedAt: Record<string, number> | null = null;
      const now = deps.clock.now();
      for (const c of counters) {
        seen.set(c.id, c.value);
        const before = lastValues.get(c.id);
        if (before !== undefined && before !== c.value) (changedAt ??= { ...current.changedAt })[c.id] = now;
      }
      lastValues = seen;
      let next = changedAt ? { ...current, changedAt } : current;
      if (deps.listed()) next = pruneMissing(next, new Set(seen.keys()));
      void set(next, true);
    },

    async createGroup(rawName: string): Promise<string> {
      const current = await requireData();
      if (current.groups.length >= MAX_GROUPS) throw new AppError('invalid-payload', words('error.tooManyGroups', { max: MAX_GROUPS }));
      const taken = new Set(current.groups.map((g) => g.id));
      let n = deps.clock.now();
      while (taken.has(`g${n.toString(36)}`)) n += 1;
      const id = `g${n.toString(36)}`;
      await set(createGroup(current, id, requireName(rawName)));
      return id;
    },
    async renameGroup(id: string, rawName: string) {
      const current = await requireData();
      requireGroup(current, id);
      await set(renameGroup(current, id, requireName(rawName)));
    },
    async deleteGroup(id: string) {
      const current = await requireData();
      requireGroup(current, id);
      await set(deleteGroup(current, id));
    },
    async foldGroup(id: string, folded: boolean) {
      const current = await requireData();
      requireGroup(current, id);
      await set(foldGroup(current, id, folded));
    },
    async place(counterId: string, groupId: string | null, before: string | null) {
      const current = await requireData();
      const counters = requireCounter(counterId);
      if (groupId !== null) requireGroup(current, groupId);
      if (before !== null && !counters.some((c) => c.id === before)) throw new AppError('unknown-counter', words('counter.gone'));
      await set(placeCounter(current, counterId, groupId, before === counterId ? null : before, counters.map((c) => c.id)));
    },
    async setHidden(counterId: string, hidden: boolean) {
      const current = await requireData();
      requireCounter(counterId);
      await set(setHidden(current, counterId, hidden));
    },
    /** An import's arrangement, or its undo's. */
    async arrange(next: Pick<Organisation, 'groups' | 'order' | 'hidden' | 'sort'>) {
      await set({ ...(await requireData()), ...next });
    },
    async setSort(sort: SortMode) {
      const current = await requireData();
      if (current.sort !== sort) await set({ ...current, sort });
    },
    flush: async () => {
      await writing;
    },
    async stop() {
      await attaching.catch(() => undefined);
      if (lazyTimer !== undefined) {
        deps.clock.clearTimeout(lazyTimer);
        lazyTimer = undefined;
        await write();
      }
      await writing;
    },
  };
}

export type OrganiseService = ReturnType<typeof createOrganiseService>;
