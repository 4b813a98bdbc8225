// The organise service on a real file and a fake clock: what the popup asks survives a restart
// (a new service on the same file), value changes are dated, ids the server stops listing are
// dropped at the next list (and not before), a bad file is reset with a notice.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileOrganiseStorage, OrganiseFile } from '../../../../src-main/app/organise/organise-file';
import { createOrganiseService } from '../../../../src-main/app/organise/organise-service';
import { createTextFile } from '../../../../src-main/app/storage/text-file';
import type { CounterState } from '../../../../src-shared/domain/snapshot';
import { FakeClock } from '../../../../dev-tools/support/fake-clock';
import { said } from '../../../../dev-tools/support/i18n';
import { COFFEE_ID, TRIP_ID, counter } from '../../../support/app-fakes';

async function setup(text?: string) {
  const dir = await mkdtemp(join(tmpdir(), 'organise-service-'));
  const path = join(dir, 'organise.json');
  if (text !== undefined) await writeFile(path, text, 'utf8');
  return path;
}

function service(path: string, world: { counters: CounterState[]; listed: boolean; clock?: FakeClock }) {
  const notices: string[] = [];
  const clock = world.clock ?? new FakeClock();
  const organise = createOrganiseService({ clock, counters: () => world.counters, listed: () => world.listed, changed: () => undefined, notice: (n) => notices.push(said(n)), warn: () => undefined });
  const attached = organise.attach(createFileOrganiseStorage(createTextFile(path)));
  return { organise, notices, attached, clock };
}

const coffee = counter(COFFEE_ID, 'Coffees today', 4);
const trip = counter(TRIP_ID, 'Trip', 1);

describe('organise service', () => {
  it('groups, moves, hiding and the sort survive a restart', async () => {
    const path = await setup();
    const world = { counters: [coffee, trip], listed: true };
    const first = service(path, world);
    await first.attached;
    const work = await first.organise.createGroup('  Work  ');
    await first.organise.place(TRIP_ID, work, null);
    await first.organise.place(COFFEE_ID, work, TRIP_ID);
    await first.organise.setHidden(TRIP_ID, true);
    await first.organise.setSort('name');
    await first.organise.foldGroup(work, true);
    await first.organise.stop();

    const second = service(path, world);
    await second.attached;
    expect(second.organise.view()).toMatchObject({ groups: [{ id: work, name: 'Work', folded: true, counters: [TRIP_ID, COFFEE_ID] }], order: [COFFEE_ID, TRIP_ID], hidden: [TRIP_ID], sort: 'name' });
    expect([...second.organise.hidden()]).toEqual([TRIP_ID]);
    await second.organise.renameGroup(work, 'Office');
    await second.organise.deleteGroup(work);
    expect(second.organise.view()?.groups).toEqual([]);
    expect(OrganiseFile.parse(JSON.parse(await readFile(path, 'utf8'))).groups).toEqual([]);
  });

  it('refuses what does not exist, and a name that is only spaces', async () => {
    const { organise, attached } = service(await setup(), { counters: [coffee], listed: true });
    await attached;
    await expect(organise.renameGroup('g404', 'x')).rejects.toMatchObject({ code: 'invalid-payload' });
    await expect(organise.place(TRIP_ID, null, null)).rejects.toMatchObject({ code: 'unknown-counter' });
    await expect(organise.createGroup(' \n ')).rejects.toMatchObject({ code: 'invalid-payload' });
    expect(organise.view()?.groups).toEqual([]);
  });

  it('dates a value change as this computer saw it (a first sight is not a change), shown only while sorting by it, written at the latest on stop', async () => {
    const path = await setup();
    const world = { counters: [coffee, trip], listed: true, clock: new FakeClock() };
    const { organise, attached, clock } = service(path, world);
    await attached;
    organise.observe();
    await organise.setSort('changed');
    expect(organise.view()?.changedAt).toEqual({});
    clock.advanceSync(60_000);
    world.counters = [{ ...coffee, value: 5 }, trip];
    organise.observe();
    const at = clock.now();
    expect(organise.view()?.changedAt).toEqual({ [COFFEE_ID]: at });
    // Another sort: the popup is not sent the times (a click would resend the whole part), the same view while only times move.
    await organise.setSort('name');
    const view = organise.view();
    expect(view?.changedAt).toEqual({});
    world.counters = [{ ...coffee, value: 6 }, trip];
    organise.observe();
    expect(organise.view()).toBe(view);
    expect(OrganiseFile.parse(JSON.parse(await readFile(path, 'utf8'))).changedAt).toEqual({ [COFFEE_ID]: at });
    await organise.stop();
    expect(OrganiseFile.parse(JSON.parse(await readFile(path, 'utf8'))).changedAt).toEqual({ [COFFEE_ID]: clock.now() });
  });

  it('drops ids the server no longer lists at the next list, not while it is not listing', async () => {
    const world = { counters: [coffee, trip], listed: true };
    const { organise, attached } = service(await setup(), world);
    await attached;
    await organise.setHidden(TRIP_ID, true);
    world.counters = [coffee];
    world.listed = false; // connecting: the core's list is not the server's yet
    organise.observe();
    expect(organise.view()?.hidden).toEqual([TRIP_ID]);
    world.listed = true;
    organise.observe();
    expect(organise.view()?.hidden).toEqual([]);
    // Shared again later: it appears, not hidden.
    world.counters = [coffee, trip];
    organise.observe();
    expect(organise.hidden().has(TRIP_ID)).toBe(false);
  });

  it('a bad file: nothing organised, the user told once, the file replaced by a good one', async () => {
    const path = await setup('{"format":"counter-tray-organise","version":1,"groups":"lots"}');
    const { organise, attached, notices } = service(path, { counters: [coffee], listed: true });
    await attached;
    await organise.flush();
    expect(organise.view()?.groups).toEqual([]);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/could not be read and were reset/);
    expect(OrganiseFile.safeParse(JSON.parse(await readFile(path, 'utf8'))).success).toBe(true);
  });
});
