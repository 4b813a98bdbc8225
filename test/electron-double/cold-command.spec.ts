// `counter-tray --increment NAME` when the app is not running yet: the launch itself
// carries the action (the Wayland keyboard binding starts the app this way). Booting the
// build found it lost: main acted before the first sync and said "not signed in".
import { ADA, COUNTER } from '../../dev-tools/web/e2e-fixtures';
import { expect, test } from '../../dev-tools/electron-double/fixtures';
import { signIn, stepsOn } from '../../dev-tools/electron-double/flows';

test('`--increment NAME` as the first launch increments once, with no error notification', async ({ machine, service }) => {
  const setup = await machine.launch();
  await signIn(setup, service);
  await setup.quit();
  const logFrom = service.requestLog.length;

  const launch = await machine.launch(['--increment', 'Coffees today']);

  await expect.poll(() => service.getCounter(COUNTER.coffees)?.value, { timeout: 10_000 }).toBe(4);
  expect(launch.electron.notifications.map((n) => `${n.title}: ${n.body}`)).toEqual([]);
  expect(stepsOn(service, ADA.id, COUNTER.coffees, logFrom)).toHaveLength(1);
});
