// The updater loaded after the first paint: nothing is loaded until main starts it (or the
// user checks), the state has no updates part until then, and a quit before or during the
// load neither loads it nor lets it start a timer.
import { describe, expect, it } from 'vitest';
import { deferUpdates } from '../../../../src-main/app/updates/deferred-updates';
import type { UpdateService } from '../../../../src-main/app/updates/update-service';
import type { UpdatesState } from '../../../../src-shared/domain/updates';
import { Emitter } from '../../../../src-shared/events/emitter';

const READY: UpdatesState = { source: 'self', status: { kind: 'ready', version: '0.2.0' }, nextCheckAt: null, whatsNew: null };

/** The real service's stand-in: records what it was asked, in order. */
function fakeService() {
  const changes = new Emitter<void>();
  const calls: string[] = [];
  const service: UpdateService & { calls: string[]; fire(): void } = {
    calls,
    fire: () => changes.fire(),
    state: () => READY,
    onChange: changes.event,
    start: async () => void calls.push('start'),
    modeChanged: () => void calls.push('modeChanged'),
    check: async () => void calls.push('check'),
    download: async () => void calls.push('download'),
    restart: () => void calls.push('restart'),
    beforeExit: async (restart) => {
      calls.push(`beforeExit ${restart}`);
      return restart;
    },
    stop: () => void calls.push('stop'),
  };
  return service;
}

/** A loader the test releases by hand, counting its calls. */
function gatedLoader(service: UpdateService) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const loader = { loads: 0, release: () => release(), load: async () => {
    loader.loads += 1;
    await gate;
    return service;
  } };
  return loader;
}

describe('deferUpdates', () => {
  it('loads nothing until started; the state has no updates part before, the real one after, with a change to say so', async () => {
    const real = fakeService();
    const loader = gatedLoader(real);
    const updates = deferUpdates(loader.load);
    let changes = 0;
    updates.onChange(() => (changes += 1));
    updates.modeChanged();
    expect(updates.state()).toBeUndefined();
    expect(loader.loads).toBe(0);

    const started = updates.start();
    loader.release();
    await started;
    expect(loader.loads).toBe(1);
    expect(updates.state()).toEqual(READY);
    expect(real.calls).toEqual(['start']);
    expect(changes).toBe(1);
    real.fire();
    expect(changes).toBe(2);
    updates.modeChanged();
    expect(real.calls).toEqual(['start', 'modeChanged']);
  });

  it('"Check for updates…" before main started it loads it at once, once', async () => {
    const real = fakeService();
    const loader = gatedLoader(real);
    const updates = deferUpdates(loader.load);
    loader.release();
    await Promise.all([updates.check(), updates.download(), updates.start()]);
    expect(loader.loads).toBe(1);
    expect(real.calls).toEqual(expect.arrayContaining(['check', 'download', 'start']));
  });

  it('refuses "Restart to update" before it is loaded: nothing can be downloaded yet', () => {
    const updates = deferUpdates(async () => fakeService());
    expect(() => updates.restart()).toThrow(expect.objectContaining({ code: 'updates-unavailable' }));
  });

  it('a quit before any load loads nothing and runs no installer', async () => {
    const loader = gatedLoader(fakeService());
    const updates = deferUpdates(loader.load);
    updates.stop();
    expect(await updates.beforeExit(true)).toBe(false);
    await updates.start();
    expect(loader.loads).toBe(0);
  });

  it('a quit while it loads stops the loaded service before it starts anything, and its quit path still runs', async () => {
    const real = fakeService();
    const loader = gatedLoader(real);
    const updates = deferUpdates(loader.load);
    const started = updates.start();
    updates.stop();
    const exited = updates.beforeExit(true);
    loader.release();
    await started;
    expect(await exited).toBe(true);
    expect(real.calls).toEqual(['stop', 'beforeExit true']);
  });
});
