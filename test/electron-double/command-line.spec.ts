// `counter-tray --increment NAME --by N`, `--get`, `--json` against the shipped build: main.js's own
// command-line path asks the running launch over the real local socket, prints the answer and exits
// with its code; the reference service's log shows what reached the server.
import { tmpdir, userInfo } from 'node:os';
import { ADA, COUNTER } from '../../dev-tools/web/e2e-fixtures';
import { expect, test } from '../../dev-tools/electron-double/fixtures';
import type { DesktopMachine } from '../../dev-tools/electron-double/boot';
import { signIn, stepsOn } from '../../dev-tools/electron-double/flows';
import { channelPlace, CLI_TIMING, runClient } from '../../src-main/electron/cli-channel';
import { sendRaw } from '../support/raw-line';

const placeOf = (machine: DesktopMachine) => channelPlace(process.platform, machine.userData, userInfo(), tmpdir());

/** One command-line call as its own launch: what it wrote and the code it exited with. */
async function call(machine: DesktopMachine, ...args: string[]): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const [out, err] = [process.stdout.write, process.stderr.write];
  const into = (sink: string[]) =>
    ((chunk: unknown, ...rest: unknown[]) => {
      sink.push(String(chunk));
      const done = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
      done?.();
      return true;
    }) as typeof process.stdout.write;
  process.stdout.write = into(stdout);
  process.stderr.write = into(stderr);
  try {
    const launch = await machine.launch(args);
    return { code: await launch.exited, stdout, stderr };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
  }
}

test('--increment NAME --by 25 prints the new value and exits 0; one increment of 25 reaches the server; --get and --json read it', async ({ machine, service }) => {
  const app = await machine.launch();
  await signIn(app, service);
  const logFrom = service.requestLog.length;

  const moved = await call(machine, '--increment', 'Coffees today', '--by', '25');
  expect(moved.code).toBe(0);
  expect(moved.stdout).toContain('28\n');
  expect(stepsOn(service, ADA.id, COUNTER.coffees, logFrom).map((entry) => entry.path)).toEqual([`/v2/counters/${COUNTER.coffees}/increment/25`]);
  expect(app.running, 'the app keeps running').toBe(true);

  const got = await call(machine, `--get=${COUNTER.coffees}`);
  expect(got).toMatchObject({ code: 0, stdout: expect.arrayContaining(['28\n']) });
  const listed = await call(machine, '--json');
  expect(listed.code).toBe(0);
  const json = listed.stdout.find((chunk) => chunk.startsWith('{'));
  expect(JSON.parse(json ?? 'null')).toMatchObject({ live: true, counters: expect.arrayContaining([{ id: COUNTER.coffees, name: 'Coffees today', type: 'UpDown', value: 28, today: 25 }]) });
});

test('a refused direction exits 4, an unknown name 2, a hostile --by 64, a malformed line on the socket is refused: none reaches the server', async ({ machine, service }) => {
  const app = await machine.launch();
  await signIn(app, service);
  const refused = await call(machine, '--decrement', 'Push-ups this week');
  expect(refused.code).toBe(4);
  expect(refused.stderr.join('')).toContain('Push-ups this week only counts up');
  const logFrom = service.requestLog.length;

  expect(await call(machine, '--increment', 'Beers')).toMatchObject({ code: 2, stderr: expect.arrayContaining(['No counter called “Beers”.\n']) });
  // Every hostile spelling is refused in test/main/desktop/command-line.test.ts; here two, through main.js.
  for (const by of ['0', '9'.repeat(10_000)]) expect((await call(machine, '--increment', 'Coffees today', '--by', by)).code, by.slice(0, 10)).toBe(64);
  // A line that is no request (a token field, an amount past the limit) is refused by the channel; the app goes on.
  for (const line of ['{"action":"increment","counter":"Coffees today","by":1e20}\n', '{"action":"get","counter":"Coffees today","token":"x"}\n', 'nonsense\n']) {
    expect(JSON.parse(await sendRaw(placeOf(machine).path, line))).toEqual({ code: 64, stdout: '', stderr: 'Counter Tray did not understand the request.' });
  }
  expect(service.requestLog.slice(logFrom).filter((entry) => entry.method === 'POST')).toEqual([]);
  expect(app.running).toBe(true);
  expect(await call(machine, '--get', 'Coffees today')).toMatchObject({ code: 0, stdout: expect.arrayContaining(['3\n']) });
});

test('when the app is not running, the command line waits for the one it started and is answered by it', async ({ machine, service }) => {
  const setup = await machine.launch();
  await signIn(setup, service);
  expect(await setup.quit()).toBe(0);
  const logFrom = service.requestLog.length;

  // The double has one process: the launcher's spawn is this launch (the app's arguments and --hidden).
  const place = placeOf(machine);
  let started: Promise<unknown> | undefined;
  const answer = await runClient({ action: 'increment', counter: 'Coffees today' }, { ...CLI_TIMING, path: place.path, launch: () => void (started = machine.launch(['--hidden'])), unavailable: 'no answer' });

  expect(answer).toEqual({ code: 0, stdout: '4\n', stderr: '' });
  expect(started).toBeDefined();
  expect(stepsOn(service, ADA.id, COUNTER.coffees, logFrom)).toHaveLength(1);
});
