// The activity service against a model of the core's ledger: outcomes become own events
// with the sources of their clicks, remote changes become others'/away/edits, and undo
// goes through the same increment/decrement path (netting unsent clicks to nothing).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActivityService, type ActivityService } from '../../../../src-main/app/activity/activity-service';
import { createMemoryRecordStorage } from '../../../../src-main/app/activity/record-storage';
import type { ClickSource } from '../../../../src-shared/domain/activity';
import type { CounterState } from '../../../../src-shared/domain/snapshot';
import { AppError } from '../../../../src-main/ipc/errors';
import { flushMicrotasks } from '../../../support/app-fakes';
import { FakeClock } from '../../../../dev-tools/support/fake-clock';
import { ModelCore } from './model-core';
import { said } from '../../../../dev-tools/support/i18n';
import { ONCE_FAILED } from '../../../support/property-seeds';

const C: CounterState = { id: 'c', name: 'Coffees today', type: 'UpDown', value: 10, pending: false, refused: {} };
const DAYS: CounterState = { id: 'd', name: 'Days since launch', type: 'FromDate', value: 30, pending: false, refused: {}, startDate: '2026-10-24' };

async function setup(counters: CounterState[] = [C]) {
  const clock = new FakeClock();
  const notices: string[] = [];
  let changes = 0;
  const service = createActivityService({ clock, timezone: () => 'UTC', changed: () => void (changes += 1), notice: (m) => notices.push(said(m)), warn: () => undefined });
  const core = new ModelCore(counters, () => clock.now());
  await service.attach(core.asCore(), createMemoryRecordStorage());
  return { clock, service, core, notices, changes: () => changes };
}

/** A click as the controller makes it: told to the service first, then to the core. */
function click(service: ActivityService, core: ModelCore, source: ClickSource, amount: number, id = 'c') {
  service.click(id, source, amount);
  if (amount > 0) core.increment(id, amount);
  else core.decrement(id, -amount);
}

describe('activity service', () => {
  it('records an own change once applied, with the sources of the coalesced clicks', async () => {
    const { service, core } = await setup();
    click(service, core, 'popup', 1);
    click(service, core, 'shortcut', 1);
    core.send('c');
    click(service, core, 'tray', 1); // after the send: the next change
    expect(service.detail('c').events).toEqual([]); // nothing until the outcome is known
    core.answer('c');
    core.send('c');
    core.answer('c');
    const events = service.detail('c').events;
    expect(events[1]).toMatchObject({ kind: 'own', amount: 2, outcome: 'applied', sources: { popup: 1, shortcut: 1 } });
    expect(events[0]).toMatchObject({ kind: 'own', amount: 1, sources: { tray: 1 } });
    expect(service.summary().today).toEqual({ c: 3 });
    expect(service.detail('c').today).toEqual({ you: 3, others: 0 });
  });

  it('records changes by others live, and jumps a resync found as "while away"; never a person', async () => {
    const { service, core } = await setup([C, DAYS]);
    core.remoteChange('c', 11);
    core.status = 'reconnecting';
    core.remoteChange('c', 15);
    core.remoteChange('d', 40); // a day counter: its start date was edited
    const events = service.detail('c').events;
    expect(events).toEqual([expect.objectContaining({ kind: 'away', from: 11, to: 15 }), expect.objectContaining({ kind: 'others', from: 10, to: 11 })]);
    expect(service.detail('d').events[0]).toMatchObject({ kind: 'edit', by: 'others', fields: ['startDate'], from: 30, to: 40 });
    expect(service.summary().today).toEqual({ c: 5 });
  });

  it('offers undo for 10 s after the last click, merging clicks on the same counter', async () => {
    const { service, core, clock } = await setup();
    click(service, core, 'shortcut', 1);
    await clock.advance(6000);
    click(service, core, 'shortcut', 2);
    expect(service.summary().undo).toMatchObject({ counterId: 'c', name: 'Coffees today', amount: 3, source: 'shortcut' });
    await clock.advance(9999);
    expect(service.summary().undo).not.toBeNull();
    await clock.advance(1);
    expect(service.summary().undo).toBeNull();
    expect(() => service.undo('c')).toThrow(AppError);
  });

  it('undo of a change not yet sent nets it out: nothing is sent, the record says it was undone', async () => {
    const { service, core } = await setup();
    click(service, core, 'popup', 1);
    service.undo('c');
    core.send('c');
    expect(core.sent).toEqual([]);
    await flushMicrotasks();
    expect(service.detail('c').events[0]).toMatchObject({ kind: 'own', amount: 0, sources: { popup: 1, undo: -1 } });
    expect(service.summary()).toEqual({ today: {}, undo: null });
  });

  it('undo of a sent change sends the opposite one through the same path', async () => {
    const { service, core } = await setup();
    click(service, core, 'tray', 2);
    core.send('c');
    core.answer('c');
    service.undo('c');
    core.send('c');
    core.answer('c');
    expect(core.sent).toEqual([2, -2]);
    expect(service.detail('c').events[0]).toMatchObject({ amount: -2, sources: { undo: -2 } });
    expect(service.summary().today).toEqual({});
  });

  it('an undo that withdraws part of an unsent click keeps every breakdown whole (found by the property below)', async () => {
    const { service, core } = await setup();
    click(service, core, 'popup', -1);
    core.send('c');
    click(service, core, 'popup', 2);
    core.answer('c');
    service.undo('c'); // the offer is +1 (−1 sent, +2 not yet): the ledger withdraws 1 of the +2
    core.send('c');
    core.answer('c');
    expect(core.sent).toEqual([-1, 1]);
    const [sent, withdrawn, first] = service.detail('c').events;
    expect(first).toMatchObject({ amount: -1, sources: { popup: -1 } });
    expect(withdrawn).toMatchObject({ amount: 0, sources: { popup: 1, undo: -1 } });
    expect(sent).toMatchObject({ amount: 1, sources: { popup: 1 } });
  });

  it('does not offer undo where the server refused the opposite direction, and says why', async () => {
    const onlyUp = { ...C, refused: { decrement: 'Only up: this counter cannot be decremented' } };
    const { service, core } = await setup([onlyUp]);
    click(service, core, 'popup', 1);
    const offer = service.summary().undo;
    expect(offer?.blockedBecause).toMatch(/Cannot undo: Coffees today only counts up .*cannot be decremented/);
    expect(() => service.undo('c')).toThrow(/only counts up/);
    core.send('c');
    expect(core.sent).toEqual([1]);
  });

  it('records a refused change as refused, not counted', async () => {
    const { service, core } = await setup();
    click(service, core, 'popup', -1);
    core.send('c');
    click(service, core, 'popup', -1);
    core.answer('c', 'refused');
    core.send('c');
    expect(core.sent).toEqual([-1]);
    expect(service.detail('c').events[0]).toMatchObject({ kind: 'own', amount: -1, outcome: 'refused' });
    expect(service.summary().today).toEqual({});
  });

  type Op = { op: 'click'; source: ClickSource; amount: number } | { op: 'undo' } | { op: 'send' } | { op: 'answer' } | { op: 'wait'; ms: number };
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ op: fc.constant('click' as const), source: fc.constantFrom<ClickSource>('popup', 'tray', 'shortcut', 'commandLine'), amount: fc.integer({ min: -3, max: 3 }).filter((n) => n !== 0) }),
    fc.constant({ op: 'undo' as const }),
    fc.constant({ op: 'send' as const }),
    fc.constant({ op: 'answer' as const }),
    fc.record({ op: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 12_000 }) }),
  );

  it('property: the sum of recorded own changes equals what the core confirmed, and every breakdown adds up', async () => {
    const property = fc.asyncProperty(fc.array(op, { maxLength: 60 }), async (ops) => {
      const { service, core, clock } = await setup();
      let confirmed = 0;
      let asked = 0;
      const answer = () => {
        const inflight = core.entries.get('c')?.inflight ?? 0;
        core.answer('c');
        confirmed += inflight;
      };
      for (const o of ops) {
        if (o.op === 'click') {
          click(service, core, o.source, o.amount);
          asked += o.amount;
        } else if (o.op === 'undo') {
          // An offer on screen is always undoable here (no direction refused); without one, only "nothing to undo".
          const offer = service.summary().undo;
          if (offer) {
            service.undo('c');
            asked -= offer.amount;
          } else {
            expect(() => service.undo('c')).toThrow(expect.objectContaining({ code: 'nothing-to-undo' }));
          }
        } else if (o.op === 'send') core.send('c');
        else if (o.op === 'answer') answer();
        else await clock.advance(o.ms);
      }
      for (let i = 0; i < 3; i += 1) {
        answer();
        core.send('c');
      }
      await flushMicrotasks();
      expect(confirmed).toBe(asked);
      expect(service.summary().today.c ?? 0).toBe(confirmed);
      for (const event of service.detail('c').events) {
        if (event.kind !== 'own' || Object.keys(event.sources).length === 0) continue;
        expect(Object.values(event.sources).reduce((a, b) => a + b, 0)).toBe(event.amount);
      }
    });
    await fc.assert(property, { numRuns: 150 });
    // The case that once failed (the partial undo above), replayed alone.
    await fc.assert(property, { ...ONCE_FAILED.partialUndo, numRuns: 1 });
  });
});

describe('activity service: edits', () => {
  it("records a rename by others, but not the app's own rename (recorded as yours)", async () => {
    const { service, core } = await setup();
    const rename = (name: string) => {
      const entry = core.entries.get('c');
      if (entry) entry.counter = { ...entry.counter, name };
      core.publish();
    };
    rename('Coffees (office)');
    await service.edit('c', async () => {
      rename('Coffees');
      core.reportEdit('c', ['name'], 10, 10); // the core reports our edit once its echo placed it
    });
    rename('Coffees');
    await expect(service.edit('c', () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(service.detail('c').events).toEqual([
      expect.objectContaining({ kind: 'edit', by: 'you', fields: ['name'] }),
      expect.objectContaining({ kind: 'edit', by: 'others', fields: ['name'] }),
    ]);
  });
});
