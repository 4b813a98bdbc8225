// The updater, loaded after the first paint: the first counters do not need it. Until then the state
// has no updates part.
import { Emitter } from '../../../src-shared/events/emitter';
import { words } from '../../../src-shared/i18n/messages';
import { AppError } from '../../ipc/errors';
import type { UpdateLifecycle, UpdateService } from './update-service';

export function deferUpdates(load: () => Promise<UpdateService>): UpdateLifecycle {
  const changes = new Emitter<void>();
  let loading: Promise<UpdateService> | undefined;
  let loaded: UpdateService | undefined;
  let stopped = false;

  const service = (): Promise<UpdateService> =>
    (loading ??= load().then((real) => {
      loaded = real;
      real.onChange(() => changes.fire());
      // Quitting while it loaded: it never starts a timer.
      if (stopped) real.stop();
      else changes.fire();
      return real;
    }));

  return {
    state: () => loaded?.state(),
    onChange: changes.event,
    async start() {
      if (stopped) return;
      const real = await service();
      if (!stopped) await real.start();
    },
    modeChanged() {
      // start() reads the mode in force.
      loaded?.modeChanged();
    },
    async check() {
      await (await service()).check();
    },
    async download() {
      await (await service()).download();
    },
    restart() {
      if (!loaded) throw new AppError('updates-unavailable', words('error.noUpdateReady'));
      loaded.restart();
    },
    async beforeExit(restart) {
      stopped = true;
      // Not loaded and not loading: nothing to write, run or load for it.
      const real = loaded ?? (loading ? await loading.catch(() => undefined) : undefined);
      return real ? real.beforeExit(restart) : false;
    },
    stop() {
      stopped = true;
      loaded?.stop();
    },
  };
}
