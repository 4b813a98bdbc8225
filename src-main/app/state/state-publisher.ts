// The app's state, published: the popup gets what changed (`state:delta`, numbered so it can tell a
// gap and ask `state:get` again), main's own listeners (tray, notifications) the whole state. Bursts
// of changes become one push (coalesce.ts).
import { Emitter, type Event } from '../../../src-shared/events/emitter';
import type { AppState, AppStateBody, StateDelta } from '../../../src-shared/ipc/contract';
import type { Clock } from '../../core/contract';
import { createCoalescer } from './coalesce';
import { diffAppState } from './state-delta';

export interface StatePublisher {
  /** Something the state shows may have changed: a push follows, coalesced with others. */
  changed(): void;
  /** Brings the delta stream up to date; answers the state as sent, the base the next delta applies to. */
  publishDelta(): AppState;
  /** Right before each push: work that must see every change first (the last-known cache, goals). */
  readonly onWillPublish: Event<void>;
  readonly onDelta: Event<StateDelta>;
  /** The whole state after each push, for main's own listeners. */
  readonly onState: Event<AppState>;
  /** No push after this (the app is stopping). */
  cancel(): void;
}

export function createStatePublisher(read: () => AppStateBody, clock: Clock): StatePublisher {
  const willPublish = new Emitter<void>();
  const deltas = new Emitter<StateDelta>();
  const states = new Emitter<AppState>();
  let revision = 0;
  let lastSent: AppStateBody | null = null;

  function publishDelta(): AppState {
    const next = read();
    const body = diffAppState(lastSent, next);
    if (body) {
      revision += 1;
      lastSent = next;
      deltas.fire({ from: revision - 1, to: revision, ...body });
    }
    return { ...(lastSent ?? next), revision };
  }

  const coalescer = createCoalescer(() => {
    willPublish.fire();
    states.fire(publishDelta());
  }, clock);

  return {
    changed: () => coalescer.request(),
    publishDelta,
    onWillPublish: willPublish.event,
    onDelta: deltas.event,
    onState: states.event,
    cancel: () => coalescer.cancel(),
  };
}
