// The contract's group, hide and sort channels, each one step of the organise service.
import { done, type InvokeHandlers } from '../../ipc/dispatch';
import type { OrganiseService } from './organise-service';

type OrganiseChannel = 'group:create' | 'group:rename' | 'group:delete' | 'group:fold' | 'counter:place' | 'counter:hide' | 'list:sort';

export function organiseHandlers(organise: OrganiseService): Pick<InvokeHandlers, OrganiseChannel> {
  return {
    'group:create': ({ name }) => organise.createGroup(name),
    'group:rename': ({ id, name }) => done(organise.renameGroup(id, name)),
    'group:delete': ({ id }) => done(organise.deleteGroup(id)),
    'group:fold': ({ id, folded }) => done(organise.foldGroup(id, folded)),
    'counter:place': ({ id, group, before }) => done(organise.place(id, group, before)),
    'counter:hide': ({ id, hidden }) => done(organise.setHidden(id, hidden)),
    'list:sort': ({ sort }) => done(organise.setSort(sort)),
  };
}

/** For the export's group column (empty: Ungrouped). */
export function groupNames(organise: OrganiseService): (counterId: string) => string {
  const byCounter = new Map<string, string>();
  for (const group of organise.view()?.groups ?? []) for (const id of group.counters) byCounter.set(id, group.name);
  return (counterId) => byCounter.get(counterId) ?? '';
}
