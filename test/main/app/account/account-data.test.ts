// The account's records (activity, goals) are loaded with the first core, never at launch;
// no core comes before them, so the record hears a core's first change. The hazard this
// design prevents is shown too: records that load only when a core is attached miss what
// that core reports meanwhile.
import { describe, expect, it, vi } from 'vitest';
import { coreAfterRecords, createAccountData, type AccountDataDeps } from '../../../../src-main/app/account/account-data';
import type { CounterState } from '../../../../src-shared/domain/snapshot';
import type { CoreOptions } from '../../../../src-main/core/contract';
import { FakeClock } from '../../../../dev-tools/support/fake-clock';
import { memoryFile } from '../../../../dev-tools/support/memory-file';
import { flushMicrotasks } from '../../../support/app-fakes';
import { ModelCore, modelAccountDeps } from '../activity/model-core';

const C: CounterState = { id: 'c', name: 'Coffees today', type: 'UpDown', value: 10, pending: false, refused: {} };
const OPTIONS = { baseUrl: 'http://127.0.0.1:8787', token: 'demo-token-ada' } as CoreOptions;
const realRecords = () => import('../../../../src-main/app/account/account-records');

/** A loader the test releases (the chunk still being read) and counts. */
function gatedLoader() {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const loader = { loads: 0, release: () => release(), load: async () => (loader.loads += 1, await gate, realRecords()) };
  return loader;
}

function setup(loadRecords: AccountDataDeps['loadRecords']) {
  const clock = new FakeClock();
  const core = new ModelCore([C], () => clock.now());
  const data = createAccountData(modelAccountDeps(clock, core, loadRecords ? { loadRecords } : {}));
  return { clock, core, data };
}

describe('account data', () => {
  it('loads the records once, with the first core made, not before: no core, nothing to load', async () => {
    const loader = gatedLoader();
    const { core, data } = setup(loader.load);
    data.attach(null); // signed out: nothing is read
    expect(loader.loads).toBe(0);
    expect(data.loaded()).toBeNull();
    expect(() => data.required()).toThrow(expect.objectContaining({ code: 'not-signed-in' }));
    const factory = coreAfterRecords(() => core.asCore(), () => data.prepare());
    let made = false;
    const making = factory(OPTIONS).then((c) => ((made = true), c));
    await flushMicrotasks();
    // The core waits for its records: it cannot report a change that nobody records.
    expect(made).toBe(false);
    loader.release();
    await making;
    await factory(OPTIONS);
    expect(loader.loads).toBe(1);
    expect(data.loaded()).not.toBeNull();
  });

  it("records a core's first change: the records listen from the moment the core is attached", async () => {
    const loader = gatedLoader();
    const { core, data } = setup(loader.load);
    const making = coreAfterRecords(() => core.asCore(), () => data.prepare())(OPTIONS);
    loader.release();
    data.attach(await making);
    await flushMicrotasks();
    core.remoteChange('c', 11); // the first thing this core reports
    data.required().activity.click('c', 'popup', 1);
    core.increment('c');
    core.send('c');
    core.answer('c');
    await flushMicrotasks();
    expect(data.required().activity.detail('c').events).toMatchObject([
      { kind: 'own', amount: 1, outcome: 'applied', sources: { popup: 1 } },
      { kind: 'others', from: 10, to: 11 },
    ]);
  });

  it("says when the attached core's records are read: what a reminder waits for before it judges today", async () => {
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const stored = memoryFile();
    const file = { ...stored, read: async () => (await gate, stored.read()) };
    const clock = new FakeClock();
    const core = new ModelCore([C], () => clock.now());
    const data = createAccountData(modelAccountDeps(clock, core, { activityFiles: { forOwner: () => file } }));
    await data.prepare();
    data.attach(core.asCore(), { baseUrl: OPTIONS.baseUrl, token: OPTIONS.token });
    let read = false;
    void data.loaded()?.read().then(() => (read = true));
    await flushMicrotasks();
    expect(read).toBe(false); // the record file is still being read
    open();
    await vi.waitFor(() => expect(read).toBe(true));
  });

  it('negative control: a core made without waiting for its records is refused loudly at attach', async () => {
    const loader = gatedLoader();
    const { core, data } = setup(loader.load);
    const weakened = (options: CoreOptions) => coreAfterRecords(() => core.asCore(), async () => undefined)(options);
    void data.prepare();
    const early = await weakened(OPTIONS);
    expect(() => data.attach(early)).toThrow(/before the account records were loaded/);
    loader.release();
    await data.prepare();
  });

  it('negative control: records attached only once loaded (the hazard) miss the first change a core reports meanwhile', async () => {
    const loader = gatedLoader();
    const { core, data } = setup(loader.load);
    const attached = data.prepare().then(() => data.attach(core.asCore()));
    await flushMicrotasks();
    core.remoteChange('c', 11); // reported while the chunk is still being read
    loader.release();
    await attached;
    await flushMicrotasks();
    expect(data.required().activity.detail('c').events).toEqual([]);
  });

  it('a failed load stops the core it made and is tried again by the next one', async () => {
    let loads = 0;
    const { core, data } = setup(async () => {
      loads += 1;
      if (loads === 1) throw new Error('chunk missing');
      return realRecords();
    });
    let stops = 0;
    const stoppable = Object.assign(core.asCore(), { stop: async () => void (stops += 1) });
    const factory = coreAfterRecords(() => stoppable, () => data.prepare());
    await expect(factory(OPTIONS)).rejects.toThrow('chunk missing');
    expect(stops).toBe(1);
    expect(data.loaded()).toBeNull();
    expect(await factory(OPTIONS)).toBe(stoppable);
    expect(loads).toBe(2);
  });
});
