// How the user organises counters, as pure steps: the service has no field for it, so main keeps it
// per account on this computer. Counters are named by id, so a rename keeps its place.
import { z } from 'zod';

// Bounds well past what this app writes (ids per list: twice the largest account the bench measures;
// 5 000 counters' groups and order take a third of the file): a file beyond them is not ours.
export const MAX_GROUPS = 200;
export const MAX_ORGANISED = 10_000;
export const GROUP_NAME_MAX = 60;
export const ORGANISE_FILE_MAX_BYTES = 1_048_576;

/** Within each group. */
export const SortMode = z.enum(['manual', 'name', 'value', 'changed']);
export type SortMode = z.infer<typeof SortMode>;

/** Made by main ("g" and a base-36 number), never by the popup. */
export const GroupId = z.string().min(1).max(24);

const Ids = z.array(z.string().max(64)).max(MAX_ORGANISED);

const CounterGroup = z.object({
  id: GroupId,
  name: z.string().min(1).max(GROUP_NAME_MAX),
  folded: z.boolean(),
  /** In `Organisation.order`'s order. */
  counters: Ids,
});
type CounterGroup = z.infer<typeof CounterGroup>;

export const Organisation = z.object({
  groups: z.array(CounterGroup).max(MAX_GROUPS),
  /** The manual order: counters not in it follow, in the server's order. */
  order: Ids,
  hidden: Ids,
  sort: SortMode,
  /** When this computer last saw each value change, for "recently changed". */
  changedAt: z.record(z.string().max(64), z.number()),
});
export type Organisation = z.infer<typeof Organisation>;

export const emptyOrganisation = (): Organisation => ({ groups: [], order: [], hidden: [], sort: 'manual', changedAt: {} });

/** Control characters dropped, spaces collapsed, trimmed, cut; null when empty. */
export function cleanGroupName(raw: string): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is dropped
  const clean = raw.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/g, ' ').replace(/\s+/g, ' ').trim();
  return clean === '' ? null : [...clean].slice(0, GROUP_NAME_MAX).join('');
}

export function createGroup(organisation: Organisation, id: string, name: string): Organisation {
  return { ...organisation, groups: [...organisation.groups, { id, name, folded: false, counters: [] }] };
}

function changeGroup(organisation: Organisation, id: string, change: (group: CounterGroup) => CounterGroup): Organisation {
  return { ...organisation, groups: organisation.groups.map((g) => (g.id === id ? change(g) : g)) };
}

export const renameGroup = (organisation: Organisation, id: string, name: string) => changeGroup(organisation, id, (g) => ({ ...g, name }));
export const foldGroup = (organisation: Organisation, id: string, folded: boolean) => changeGroup(organisation, id, (g) => ({ ...g, folded }));

/** Its counters go back to "Ungrouped", keeping their place in the manual order. */
export function deleteGroup(organisation: Organisation, id: string): Organisation {
  return { ...organisation, groups: organisation.groups.filter((g) => g.id !== id) };
}

export function setHidden(organisation: Organisation, counterId: string, hidden: boolean): Organisation {
  const others = organisation.hidden.filter((id) => id !== counterId);
  return { ...organisation, hidden: hidden ? [...others, counterId] : others };
}

/** Into `groupId` (null: Ungrouped), before `before` (null: last); the manual order is written out whole, so the server's order no longer moves it. */
export function placeCounter(organisation: Organisation, counterId: string, groupId: string | null, before: string | null, serverOrder: readonly string[]): Organisation {
  const groups = organisation.groups.map((g) => {
    const without = g.counters.includes(counterId) ? g.counters.filter((id) => id !== counterId) : g.counters;
    return g.id === groupId ? { ...g, counters: [...without, counterId] } : without === g.counters ? g : { ...g, counters: without };
  });
  const order = manualOrder(organisation.order, serverOrder).filter((id) => id !== counterId);
  const at = before === null ? -1 : order.indexOf(before);
  order.splice(at < 0 ? order.length : at, 0, counterId);
  return { ...organisation, groups, order };
}

export function manualOrder(kept: readonly string[], serverOrder: readonly string[]): string[] {
  const present = new Set(serverOrder);
  const placed = kept.filter((id) => present.has(id));
  const seen = new Set(placed);
  return [...placed, ...serverOrder.filter((id) => !seen.has(id))];
}

/** Drops ids the server no longer lists; the same object when nothing went (nothing to write). */
export function pruneMissing(organisation: Organisation, listed: ReadonlySet<string>): Organisation {
  const keep = (ids: string[]) => (ids.every((id) => listed.has(id)) ? ids : ids.filter((id) => listed.has(id)));
  const groups = organisation.groups.map((g) => {
    const counters = keep(g.counters);
    return counters === g.counters ? g : { ...g, counters };
  });
  const order = keep(organisation.order);
  const hidden = keep(organisation.hidden);
  const gone = Object.keys(organisation.changedAt).filter((id) => !listed.has(id));
  const changedAt = gone.length === 0 ? organisation.changedAt : Object.fromEntries(Object.entries(organisation.changedAt).filter(([id]) => listed.has(id)));
  const same = order === organisation.order && hidden === organisation.hidden && changedAt === organisation.changedAt && groups.every((g, i) => g === organisation.groups[i]);
  return same ? organisation : { ...organisation, groups, order, hidden, changedAt };
}
