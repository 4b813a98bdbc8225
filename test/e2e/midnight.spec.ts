// Every "today" figure on the popup's rows rolls at local midnight with no request and nothing
// else happening: main's controller and core run on a fake clock that follows real time, which
// the test then sends to the stroke of midnight at once. Answers: test/support/day-oracle.ts.
import type { AppHarnessOptions } from '../../dev-tools/web/app-harness';
import { FakeClock } from '../../dev-tools/support/fake-clock';
import { COUNTER, e2eFixtures } from '../../dev-tools/web/e2e-fixtures';
import { dateIn, daysFromTo, instantAt, nextStartOfDay } from '../support/day-oracle';
import { expect, rowOf, test, valueOf } from './support/test';

/** +05:45: midnight is 18:15 UTC. */
const ZONE = 'Asia/Kathmandu';
/** A day count as the popup writes it (en-US, the harness's language). */
const days = (n: number) => n.toLocaleString('en-US');

/** Main's clock from `local` in ZONE, following real time while the describe's tests run. */
function nightBefore(local: string, fixtures = e2eFixtures()): { clock: FakeClock; options: AppHarnessOptions } {
  const clock = new FakeClock(instantAt(ZONE, local));
  let stop = () => undefined as void;
  test.beforeAll(() => void (stop = clock.followRealTime()));
  test.afterAll(() => stop());
  // Pings would be due by the dozen when the clock jumps: none, so the only traffic is what the test makes.
  return { clock, options: { fixtures, serviceNow: () => clock.now(), app: { clock, systemTimezone: ZONE, coreOverrides: { clock, tuning: { pingIntervalMs: 1e12 } } } } };
}

test.describe('only counters that count steps, no goal', () => {
  const upDown = e2eFixtures();
  upDown.counters = upDown.counters.filter((c) => c.type === 'UpDown');
  const { clock, options } = nightBefore('2026-11-22T23:30', upDown);
  test.use({ harnessOptions: options });

  test('issue 49: "+2 today" goes at midnight though nothing else changes, with no request', async ({ popup, harness }) => {
    const coffees = rowOf(popup, 'Coffees today');
    for (let n = 0; n < 2; n += 1) await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
    await expect(coffees.getByTestId('today')).toHaveText('+2 today');
    await expect.poll(() => harness.service.getCounter(COUNTER.coffees)?.value).toBe(5);
    const midnight = nextStartOfDay(ZONE, clock.now());
    await clock.advanceTo(midnight - 1_000);
    await expect(coffees.getByTestId('today')).toHaveText('+2 today');
    const sent = harness.service.requestLog.length;
    await clock.advanceTo(midnight);
    await expect(coffees.getByTestId('today')).toHaveCount(0);
    await expect(valueOf(popup, 'Coffees today')).toHaveText('5');
    expect(harness.service.requestLog.length).toBe(sent);
  });
});

test.describe('every kind of counter, a goal', () => {
  // The night before the third anniversary of 29 February 2024, in a common year.
  const { clock, options } = nightBefore('2027-02-27T23:30');
  test.use({ harnessOptions: options });

  test('at midnight the today change, the goal, the day counts and the milestone turn together, with no request', async ({ popup, harness }) => {
    const coffees = rowOf(popup, 'Coffees today');
    const pushUps = rowOf(popup, 'Push-ups this week');
    const since = rowOf(popup, 'Since we moved in');
    await harness.app.dispatch('goal:set', { id: COUNTER.pushUps, goal: { target: 5, period: 'day', count: 'mine' } });
    for (const name of ['Increase Coffees today', 'Increase Coffees today', 'Increase Push-ups this week']) await popup.getByRole('button', { name }).click();
    await expect(coffees.getByTestId('today')).toHaveText('+2 today');
    await expect(pushUps.getByTestId('goal')).toHaveText('1 / 5 today');
    await expect(valueOf(popup, 'Since we moved in')).toHaveText(days(daysFromTo('2024-02-29', '2027-02-27')));
    await expect(valueOf(popup, 'Until the trip')).toHaveText('2');
    await expect(since.getByTestId('milestone')).toHaveText('3 years on Feb 28');
    await expect.poll(() => harness.service.getCounter(COUNTER.pushUps)?.value).toBe(41);

    const midnight = nextStartOfDay(ZONE, clock.now());
    expect(new Date(midnight).toISOString()).toBe('2027-02-27T18:15:00.000Z');
    await clock.advanceTo(midnight - 1_000);
    await expect(coffees.getByTestId('today')).toHaveText('+2 today');
    const sent = harness.service.requestLog.length;

    await clock.advanceTo(midnight);
    const day = dateIn(ZONE, clock.now());
    await expect(coffees.getByTestId('today')).toHaveCount(0);
    await expect(pushUps.getByTestId('goal')).toHaveText('0 / 5 today');
    await expect(valueOf(popup, 'Since we moved in')).toHaveText(days(daysFromTo('2024-02-29', day)));
    await expect(valueOf(popup, 'Until the trip')).toHaveText(days(daysFromTo(day, '2027-03-01')));
    await expect(since.getByTestId('milestone')).toHaveText('3 years today');
    expect(harness.service.requestLog.length).toBe(sent);
  });
});
