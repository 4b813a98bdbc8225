import { describe, expect, it } from 'vitest';
import { applyDelta } from '../../../src-renderer/bridge/applyDelta';
import type { AppState, StateDelta } from '../../../src-shared/ipc/contract';
import { COUNTERS, IDS, appState } from '../fixtures';

const base: AppState = { ...appState({ counters: [COUNTERS.coffee, COUNTERS.movedIn, COUNTERS.trip] }), revision: 7 };
const core = (patch: Partial<NonNullable<StateDelta['core']>>): StateDelta['core'] => ({
  connection: base.core!.connection,
  stats: base.core!.stats,
  outbox: base.core!.outbox,
  upserted: [],
  removed: [],
  ...patch,
});

describe('applyDelta', () => {
  it('replaces a changed counter in place and keeps every other one (same objects)', () => {
    const next = applyDelta(base, { from: 7, to: 8, changed: {}, core: core({ upserted: [{ ...COUNTERS.trip, value: 98 }] }) });
    expect(next?.revision).toBe(8);
    expect(next?.core?.counters.map((c) => c.value)).toEqual([3, 412, 98]);
    expect(next?.core?.counters[0]).toBe(base.core!.counters[0]);
    expect(next?.core?.counters[1]).toBe(base.core!.counters[1]);
    expect(next?.settings).toBe(base.settings);
  });

  it('applies delta after delta by id; with no counter named, the same list', () => {
    const one = applyDelta(base, { from: 7, to: 8, changed: {}, core: core({ upserted: [{ ...COUNTERS.trip, value: 98 }] }) })!;
    const two = applyDelta(one, { from: 8, to: 9, changed: {}, core: core({ upserted: [{ ...COUNTERS.coffee, value: 4 }, { ...COUNTERS.trip, value: 97 }] }) })!;
    expect(two.core!.counters.map((c) => c.value)).toEqual([4, 412, 97]);
    expect(two.core!.counters[1]).toBe(base.core!.counters[1]);
    expect(applyDelta(two, { from: 9, to: 10, changed: {}, core: core({}) })!.core!.counters).toBe(two.core!.counters);
    const reordered = applyDelta(two, { from: 9, to: 10, changed: {}, core: core({ order: [IDS.trip, IDS.movedIn, IDS.coffee] }) })!;
    expect(reordered.core!.counters).toEqual([two.core!.counters[2], two.core!.counters[1], two.core!.counters[0]]);
  });

  it('adds, removes and reorders by the order it is given', () => {
    const next = applyDelta(base, { from: 7, to: 8, changed: {}, core: core({ upserted: [COUNTERS.pushUps], removed: [IDS.movedIn], order: [IDS.trip, IDS.pushUps, IDS.coffee] }) });
    expect(next?.core?.counters.map((c) => c.id)).toEqual([IDS.trip, IDS.pushUps, IDS.coffee]);
    expect(next?.core?.counters[0]).toBe(base.core!.counters[2]);
  });

  it('replaces top-level parts and drops the core when it is gone', () => {
    const next = applyDelta(base, { from: 7, to: 8, changed: { theme: 'dark', session: { ...base.session, status: 'signedOut' } }, core: null });
    expect(next).toMatchObject({ theme: 'dark', core: null, session: { status: 'signedOut' }, revision: 8 });
    expect(applyDelta(base, { from: 7, to: 8, changed: { theme: 'dark' } })?.core).toBe(base.core);
  });

  it('refuses a delta that does not follow the state (a gap) or names a counter it does not have', () => {
    expect(applyDelta(base, { from: 8, to: 9, changed: {} })).toBeNull();
    expect(applyDelta(base, { from: 7, to: 8, changed: {}, core: core({ upserted: [COUNTERS.pushUps] }) })).toBeNull();
    expect(applyDelta(base, { from: 7, to: 8, changed: {}, core: core({ removed: [IDS.coffee] }) })).toBeNull();
    expect(applyDelta(base, { from: 7, to: 8, changed: {}, core: core({ order: [IDS.coffee, IDS.pushUps] }) })).toBeNull();
  });
});
