// The session's cores: a core is stopped (and has written its last) before another takes its place.
import type { RemoteChange } from '../../../src-shared/domain/snapshot';
import { Emitter } from '../../../src-shared/events/emitter';
import type { CounterCore } from '../../core/contract';
import { describe } from '../../core/errors';
import type { DemoService, Logger } from '../ports';

/** `account` names whose it is, absent for the demo. */
export interface CoreChange {
  core: CounterCore | null;
  account?: { baseUrl: string; token: string };
}

export function createSessionCores(log: Logger) {
  let core: CounterCore | null = null;
  let connecting: CounterCore | null = null;
  let demo: DemoService | null = null;
  let unsubscribes: (() => void)[] = [];
  const coreChanged = new Emitter<CoreChange>();
  const coreUpdated = new Emitter<void>();
  const remoteChange = new Emitter<RemoteChange>();
  const stopQuietly = (stopping: CounterCore) => stopping.stop().catch((e: unknown) => log.warn(`core stop failed: ${describe(e)}`));

  return {
    /** Also while a switch to another account is being checked (its list stays visible). */
    core: () => core,
    /** Until its first sync succeeds (then it becomes `core`). */
    connecting: () => connecting,
    setConnecting(next: CounterCore | null) {
      connecting = next;
    },
    /** It writes its ledger one last time before anything else may start one. */
    async dropConnecting() {
      const previous = connecting;
      connecting = null;
      if (previous) await stopQuietly(previous);
    },
    async replace(next: CounterCore | null, account?: CoreChange['account']) {
      const previous = core;
      for (const unsubscribe of unsubscribes) unsubscribe();
      core = next;
      if (previous !== next) coreChanged.fire({ core: next, ...(account ? { account } : {}) });
      unsubscribes = next ? [next.subscribe(() => coreUpdated.fire()), next.onRemoteChange((change) => remoteChange.fire(change))] : [];
      if (previous && previous !== next) await stopQuietly(previous);
    },
    setDemo(service: DemoService) {
      demo = service;
    },
    async closeDemo() {
      const running = demo;
      demo = null;
      if (running) await running.close().catch((e: unknown) => log.warn(`demo service close failed: ${describe(e)}`));
    },
    onCoreChanged: coreChanged.event,
    onCoreUpdated: coreUpdated.event,
    onRemoteChange: remoteChange.event,
  };
}
