import { describe, expect, it } from 'vitest';
import { createNotifier, refusalNotices, type CounterNotification } from '../../../src-main/desktop/notifications';
import type { Translator } from '../../../src-shared/i18n/translator';
import { de, en } from '../../../dev-tools/support/i18n';
import { COFFEE_ID, counter, signedInState, TRIP_ID } from '../../support/app-fakes';
import { FakeClock } from '../../../dev-tools/support/fake-clock';

const TEA_ID = '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b15';
const WATER_ID = '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b16';

function setup(prefs = { enabled: true, mutedCounters: [] as string[] }, i18n: Translator = en) {
  const clock = new FakeClock();
  const delivered: CounterNotification[] = [];
  const notifier = createNotifier({ clock, deliver: (n) => delivered.push(n), preferences: () => prefs, windowMs: 3000, i18n: () => i18n });
  return { clock, delivered, notifier, prefs };
}

describe('notifier', () => {
  it('merges changes to one counter within the window into "from → to"', async () => {
    const { clock, delivered, notifier } = setup();
    notifier.remoteChange({ counterId: COFFEE_ID, name: 'Coffees', from: 3, to: 4 });
    await clock.advance(1000);
    notifier.remoteChange({ counterId: COFFEE_ID, name: 'Coffees', from: 4, to: 6 });
    notifier.remoteChange({ counterId: COFFEE_ID, name: 'Coffees', from: 6, to: 7 });
    expect(delivered).toEqual([]);
    await clock.advance(2000);
    expect(delivered).toEqual([{ title: 'Coffees', body: '3 → 7', counterId: COFFEE_ID }]);
    notifier.remoteChange({ counterId: COFFEE_ID, name: 'Coffees', from: 7, to: 8 });
    await clock.advance(3000);
    expect(delivered.map((n) => n.body)).toEqual(['3 → 7', '7 → 8']);
  });

  it('keeps counters apart and says nothing when the changes cancel out', async () => {
    const { clock, delivered, notifier } = setup();
    notifier.remoteChange({ counterId: COFFEE_ID, name: 'Coffees', from: 3, to: 4 });
    notifier.remoteChange({ counterId: TRIP_ID, name: 'Trip', from: 10, to: 11 });
    notifier.remoteChange({ counterId: COFFEE_ID, name: 'Coffees', from: 4, to: 3 });
    await clock.advance(3000);
    expect(delivered).toEqual([{ title: 'Trip', body: '10 → 11', counterId: TRIP_ID }]);
  });

  it('respects the global switch and per-counter mutes, also when muted during the window', async () => {
    const { clock, delivered, notifier, prefs } = setup({ enabled: true, mutedCounters: [TRIP_ID] });
    notifier.remoteChange({ counterId: TRIP_ID, name: 'Trip', from: 1, to: 2 });
    notifier.remoteChange({ counterId: COFFEE_ID, name: 'Coffees', from: 1, to: 2 });
    prefs.enabled = false;
    await clock.advance(3000);
    notifier.remoteChange({ counterId: COFFEE_ID, name: 'Coffees', from: 2, to: 3 });
    await clock.advance(3000);
    expect(delivered).toEqual([]);
  });

  it('a reconnect resync yields one summary, however many counters changed', async () => {
    const { clock, delivered, notifier } = setup();
    notifier.connectionChanged('live');
    notifier.connectionChanged('reconnecting');
    const ids = [COFFEE_ID, TRIP_ID, TEA_ID, WATER_ID];
    ids.forEach((id, i) => notifier.remoteChange({ counterId: id, name: `C${i}`, from: i, to: i + 10 }));
    notifier.connectionChanged('live');
    // Resync answers still trickling in after "live" join the same summary.
    await clock.advance(1000);
    notifier.remoteChange({ counterId: COFFEE_ID, name: 'C0', from: 10, to: 12 });
    await clock.advance(2999);
    expect(delivered).toEqual([]);
    await clock.advance(1);
    expect(delivered).toEqual([{ title: '4 counters changed while you were away', body: 'C0: 0 → 12\nC1: 1 → 11\nC2: 2 → 12\nand 1 more' }]);
    // Back to normal afterwards.
    notifier.remoteChange({ counterId: TRIP_ID, name: 'C1', from: 11, to: 12 });
    await clock.advance(3000);
    expect(delivered.at(-1)).toEqual({ title: 'C1', body: '11 → 12', counterId: TRIP_ID });
  });

  it('a summary of one change is an ordinary notification that opens that counter', async () => {
    const { clock, delivered, notifier } = setup();
    notifier.connectionChanged('live');
    notifier.beginResync();
    notifier.remoteChange({ counterId: COFFEE_ID, name: 'Coffees', from: 1, to: 5 });
    await clock.advance(3000);
    expect(delivered).toEqual([{ title: 'Coffees', body: '1 → 5', counterId: COFFEE_ID }]);
  });

  it('dispose leaves no timer behind', () => {
    const { clock, notifier } = setup();
    notifier.remoteChange({ counterId: COFFEE_ID, name: 'Coffees', from: 1, to: 5 });
    notifier.dispose();
    expect(clock.pending).toBe(0);
  });
});

describe('the first refusal of a direction (issue 24 point 6)', () => {
  const coffee = counter(COFFEE_ID, 'Coffees', 4);
  const trip = counter(TRIP_ID, 'Trip', 10);

  it('is told once, in the app’s words (never the server’s reason), with the counter to open', () => {
    const before = signedInState([coffee, trip], []);
    const after = signedInState([{ ...coffee, refused: { decrement: 'decrement is not allowed' } }, trip], []);
    expect(refusalNotices(before, after, en)).toEqual([{ title: 'Coffees', body: 'It only counts up, so the −1 was not made.', counterId: COFFEE_ID }]);
    // Already known: nothing new to say. A counter new to the list brings old refusals: not news either.
    expect(refusalNotices(after, after, en)).toEqual([]);
    expect(refusalNotices(signedInState([trip], []), signedInState([trip, { ...coffee, refused: { increment: 'x' } }], []), en)).toEqual([]);
    const down = refusalNotices(before, signedInState([coffee, { ...trip, refused: { increment: 'increment is not allowed' } }], []), en);
    expect(down.map((n) => n.body)).toEqual(['It only counts down, so the +1 was not made.']);
  });
});

describe('in the language of the moment', () => {
  it('writes German figures and words when the app speaks German, and English again after a switch', async () => {
    let i18n: Translator = de;
    const clock = new FakeClock();
    const delivered: CounterNotification[] = [];
    const notifier = createNotifier({ clock, deliver: (n) => delivered.push(n), preferences: () => ({ enabled: true, mutedCounters: [] }), windowMs: 3000, i18n: () => i18n });
    notifier.remoteChange({ counterId: COFFEE_ID, name: 'Kaffee', from: 1233, to: 1234 });
    await clock.advance(3000);
    expect(delivered.at(-1)).toEqual({ title: 'Kaffee', body: '1.233 → 1.234', counterId: COFFEE_ID });
    notifier.connectionChanged('live');
    notifier.connectionChanged('reconnecting');
    for (const [id, name] of [[COFFEE_ID, 'Kaffee'], [TRIP_ID, 'Reise'], [TEA_ID, 'Tee'], [WATER_ID, 'Wasser']] as const) notifier.remoteChange({ counterId: id, name, from: 1, to: 2 });
    notifier.connectionChanged('live');
    await clock.advance(3000);
    expect(delivered.at(-1)).toEqual({ title: '4 Zähler haben sich in deiner Abwesenheit geändert', body: 'Kaffee: 1 → 2\nReise: 1 → 2\nTee: 1 → 2\nund 1 weiterer' });
    i18n = en;
    notifier.remoteChange({ counterId: COFFEE_ID, name: 'Coffees', from: 1999, to: 2000 });
    await clock.advance(3000);
    expect(delivered.at(-1)).toEqual({ title: 'Coffees', body: '1,999 → 2,000', counterId: COFFEE_ID });
  });
});

describe('goal and milestone announcements (issue 28)', () => {
  it('are told at once, named by the counter; a click opens it', () => {
    const { delivered, notifier } = setup({ enabled: true, mutedCounters: [COFFEE_ID] });
    notifier.announce({ kind: 'goalReached', counterId: COFFEE_ID, name: 'Coffees', goal: { target: 8, period: 'day', count: 'all' }, done: 8 });
    notifier.announce({ kind: 'goalReached', counterId: COFFEE_ID, name: 'Coffees', goal: { target: 3, period: 'week', count: 'mine' }, done: 4 });
    notifier.announce({ kind: 'milestone', counterId: TRIP_ID, name: 'Trip', type: 'ToDate', milestone: { date: '2027-03-01', kind: 'left', count: 0 } });
    // The per-counter mute is about other people's changes: a goal on a muted counter is still told.
    expect(delivered).toEqual([
      { title: 'Coffees', body: 'Goal reached: 8 / 8 today', counterId: COFFEE_ID },
      { title: 'Coffees', body: 'Goal reached: 4 / 3 this week', counterId: COFFEE_ID },
      { title: 'Trip', body: 'Today is the day', counterId: TRIP_ID },
    ]);
  });

  it('say nothing while notifications are paused', () => {
    const { delivered, notifier } = setup({ enabled: false, mutedCounters: [] });
    notifier.announce({ kind: 'milestone', counterId: TRIP_ID, name: 'Trip', type: 'FromDate', milestone: { date: '2027-03-01', kind: 'days', count: 100 } });
    expect(delivered).toEqual([]);
  });

  it('speak German when the app does', () => {
    const delivered: CounterNotification[] = [];
    const notifier = createNotifier({ clock: new FakeClock(), deliver: (n) => delivered.push(n), preferences: () => ({ enabled: true, mutedCounters: [] }), i18n: () => de });
    notifier.announce({ kind: 'goalReached', counterId: COFFEE_ID, name: 'Kaffee', goal: { target: 1200, period: 'week', count: 'all' }, done: 1200 });
    notifier.announce({ kind: 'milestone', counterId: TRIP_ID, name: 'Seit dem Umzug', type: 'FromDate', milestone: { date: '2027-03-01', kind: 'days', count: 1000 } });
    notifier.announce({ kind: 'milestone', counterId: TRIP_ID, name: 'Urlaub', type: 'ToDate', milestone: { date: '2027-03-01', kind: 'left', count: 1 } });
    expect(delivered.map((n) => n.body)).toEqual(['Ziel erreicht: 1.200 / 1.200 diese Woche', '1.000 Tage heute', 'noch 1 Tag']);
  });
});
