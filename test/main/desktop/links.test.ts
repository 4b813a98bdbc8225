// counter-tray:// links: the strict parser, and the whole path against the reference service (what
// reached the server read back from its request log), each refusal beside a control that goes through.
import { afterEach, describe, expect, it } from 'vitest';
import { createHeadlessApp, type HeadlessApp } from '../../../dev-tools/headless/headless-app';
import { de } from '../../../dev-tools/support/i18n';
import { createLinks, linkInArgv, MAX_LINK_LENGTH, parseLink, protocolClientArgs, type LinkNotice } from '../../../src-main/desktop/links';
import { Amount } from '../../../src-shared/api/schemas';
import { DEMO_COUNTER_IDS, DEMO_TOKEN, startCounterService, type CounterService } from '../../../src-service/index';
import type { ConsentQuestion } from '../../../src-main/app/ports';
import { waitForState } from '../../support/wait-for-state';
import { COFFEE_ID, TRIP_ID, counter } from '../../support/app-fakes';

const COFFEES = DEMO_COUNTER_IDS.coffees;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('parseLink', () => {
  it('reads the three actions, by id or name, with an optional plain amount', () => {
    expect(parseLink('counter-tray://increment?counter=Coffees%20today&by=5')).toEqual({ ok: true, action: { kind: 'increment', counter: 'Coffees today', by: 5 } });
    expect(parseLink(`COUNTER-TRAY://Decrement/?counter=${COFFEE_ID}`)).toEqual({ ok: true, action: { kind: 'decrement', counter: COFFEE_ID } });
    expect(parseLink('counter-tray://open?counter=Teas')).toEqual({ ok: true, action: { kind: 'open', counter: 'Teas' } });
  });

  it.each(['0', '-1', '1e20', '5abc', '9'.repeat(17), '9007199254740993', '0x10', '5.0', ' 5', ''])('refuses the amount %j', (by) => {
    expect(parseLink(`counter-tray://increment?counter=Teas&by=${encodeURIComponent(by)}`)).toMatchObject({ ok: false, words: { key: 'link.badAmount' } });
  });

  it('negative control: without the plain-digits rule, Number() and the API schema take "0x10", "1e1", "5.0" and " 5" as amounts', () => {
    for (const by of ['0x10', '1e1', '5.0', ' 5']) expect(Amount.safeParse(Number(by)).success).toBe(true);
  });

  it('refuses another scheme, another action, extra or repeated keys, a missing counter, and a long link unread', () => {
    const refusal = (text: string) => {
      const parsed = parseLink(text);
      return parsed.ok ? 'followed' : parsed.words.key;
    };
    expect(refusal('https://increment?counter=Teas')).toBe('link.notOurs');
    expect(refusal('counter-tray:increment?counter=Teas')).toBe('link.unknownAction');
    expect(refusal('counter-tray://user@increment?counter=Teas')).toBe('link.notOurs');
    expect(refusal('counter-tray://increment?counter=Teas#by=9')).toBe('link.notOurs');
    expect(refusal('counter-tray://reset?counter=Teas')).toBe('link.unknownAction');
    expect(refusal('counter-tray://increment/all?counter=Teas')).toBe('link.unknownAction');
    expect(refusal('counter-tray://increment?counter=Teas&token=x')).toBe('link.unknownPart');
    expect(refusal('counter-tray://increment?counter=Teas&by=1&by=900')).toBe('link.unknownPart');
    expect(refusal('counter-tray://open?counter=Teas&by=5')).toBe('link.unknownPart');
    expect(refusal('counter-tray://increment?counter=%20&by=5')).toBe('link.noCounter');
    expect(refusal('not a url')).toBe('link.notOurs');
    const long = `counter-tray://increment?counter=${'a'.repeat(MAX_LINK_LENGTH)}`;
    expect(refusal(long)).toBe('link.tooLong');
    expect(refusal(long.slice(0, MAX_LINK_LENGTH))).toBe('followed');
  });

  it('finds the link among Chromium switches; a dev run registers Electron with the app path; a Linux package leaves it to its desktop entry', () => {
    expect(linkInArgv(['counter-tray', '--allow-file-access-from-files', 'counter-tray://open?counter=Teas'])).toBe('counter-tray://open?counter=Teas');
    expect(linkInArgv(['counter-tray', '--increment', 'Teas'])).toBeUndefined();
    expect(protocolClientArgs('win32', false, 'C:\\Counter Tray.exe', ['C:\\Counter Tray.exe'])).toEqual(['counter-tray']);
    expect(protocolClientArgs('darwin', false, '/Applications/Counter Tray.app/Contents/MacOS/Counter Tray', [''])).toEqual(['counter-tray']);
    expect(protocolClientArgs('linux', false, '/opt/Counter Tray/counter-tray', ['/opt/Counter Tray/counter-tray'])).toBeNull();
    expect(protocolClientArgs('linux', true, '/usr/bin/electron', ['/usr/bin/electron', '.'])).toEqual(['counter-tray', '/usr/bin/electron', [process.cwd()]]);
  });
});

async function signedIn(options: { allow?: boolean; consent?: boolean } = {}) {
  const svc = await startCounterService({ port: 0, fixtures: 'demo' });
  cleanups.push(() => svc.close());
  const questions: ConsentQuestion[] = [];
  const app = createHeadlessApp({ systemTimezone: 'UTC', consent: { ask: async (q) => (questions.push(q), q.kind !== 'allow-links' || options.consent !== false) } });
  cleanups.push(() => app.stop());
  await app.start();
  expect(await app.dispatch('session:connect', { serverUrl: svc.url, token: DEMO_TOKEN })).toEqual({ ok: true, value: null });
  if (options.allow) expect(await app.dispatch('settings:update', { allowLinks: true })).toMatchObject({ ok: true });
  const notices: LinkNotice[] = [];
  const opened: string[] = [];
  const links = createLinks({ controller: app.controller, openPopup: () => opened.push('popup'), notify: (n) => notices.push(n) });
  return { svc, app, links, notices, opened, questions };
}

const changesTo = (svc: CounterService, id: string) => svc.requestLog.filter((e) => e.method === 'POST' && e.path.includes(id)).map((e) => `${e.path.split('/').slice(-2).join('/')} ${e.status}`);
const settled = (app: HeadlessApp) => waitForState(app, (s) => s.core?.counters.find((c) => c.id === COFFEES)?.pending === false);

describe('following a link', () => {
  it('while links are off changes nothing and says where to allow them', async () => {
    const { svc, app, links, notices } = await signedIn();
    await links.follow('counter-tray://increment?counter=Coffees%20today&by=5');
    expect(app.controller.getState().core?.counters.find((c) => c.id === COFFEES)?.value).toBe(3);
    expect(changesTo(svc, COFFEES)).toEqual([]);
    expect(notices).toEqual([{ title: 'Link not followed', body: 'Links that change counters are off. Allow them in Settings → Shortcuts.', opensSettings: true }]);
  });

  it('negative control: the same link once allowed sends one increment of 5, recorded as a link, with an Undo that takes it back', async () => {
    const { svc, app, links, notices, questions } = await signedIn({ allow: true });
    expect(questions.map((q) => q.kind)).toContain('allow-links');
    await links.follow('counter-tray://increment?counter=coffees%20TODAY&by=5');
    await settled(app);
    expect(changesTo(svc, COFFEES)).toEqual(['increment/5 200']);
    expect(svc.getCounter(COFFEES)?.value).toBe(8);
    expect(app.controller.getState().activity?.undo).toMatchObject({ counterId: COFFEES, amount: 5, source: 'link' });
    expect(notices).toEqual([{ title: 'Coffees today', body: '+5 by a link', counterId: COFFEES, undo: { text: 'Undo', run: expect.any(Function) } }]);
    notices[0]?.undo?.run();
    await waitForState(app, (s) => s.activity?.undo === null);
    await settled(app);
    expect(changesTo(svc, COFFEES)).toEqual(['increment/5 200', 'decrement/5 200']);
    const detail = await app.controller.handlers['activity:detail']({ id: COFFEES });
    expect(detail.events.map((e) => (e.kind === 'own' ? e.sources : e.kind))).toEqual([{ undo: -5 }, { link: 5 }]);
  });

  it("without by moves the counter's step, as a click does; with by, that amount", async () => {
    const { svc, app, links, notices } = await signedIn({ allow: true });
    expect(await app.dispatch('settings:update', { steps: { [COFFEES]: 3 } })).toMatchObject({ ok: true });
    await links.follow(`counter-tray://increment?counter=${COFFEES}`);
    await settled(app);
    await links.follow(`counter-tray://increment?counter=${COFFEES}&by=2`);
    await settled(app);
    expect(changesTo(svc, COFFEES)).toEqual(['increment/3 200', 'increment/2 200']);
    expect(notices.map((n) => n.body)).toEqual(['+3 by a link', '+2 by a link']);
  });

  it('without by moves one; decrement and open follow too; open needs no permission', async () => {
    const { svc, app, links, notices, opened } = await signedIn({ allow: true });
    await links.follow(`counter-tray://decrement?counter=${COFFEES}`);
    await settled(app);
    expect(changesTo(svc, COFFEES)).toEqual(['decrement/1 200']);
    expect(notices[0]?.body).toBe('−1 by a link');
    await app.dispatch('settings:update', { allowLinks: false });
    await links.follow('counter-tray://open?counter=Coffees%20today');
    expect(opened).toEqual(['popup']);
    expect(app.controller.getState().ask).toMatchObject({ kind: 'focusCounter', id: COFFEES });
  });

  it('allowing links needs the user in main’s dialog: a popup that asks alone is refused', async () => {
    const { app, questions } = await signedIn({ consent: false });
    expect(await app.dispatch('settings:update', { allowLinks: true })).toMatchObject({ ok: false, error: { code: 'declined' } });
    expect(app.controller.settings().allowLinks).toBe(false);
    expect(questions.map((q) => q.kind)).toContain('allow-links');
  });

  it('a malformed link, an unknown counter or a prefix changes nothing and says why (cut, in German too)', async () => {
    const { svc, links, notices } = await signedIn({ allow: true });
    await links.follow('counter-tray://increment?counter=Coffees%20today&by=1e20');
    await links.follow('counter-tray://increment?counter=Coffees&by=5');
    await links.follow(`counter-tray://increment?counter=${'%E2%80%AEx'.repeat(40)}`);
    expect(changesTo(svc, COFFEES)).toEqual([]);
    expect(notices.map((n) => n.body)).toEqual(['The amount “1e20” is not a whole number of at least 1.', 'No counter called “Coffees”.', `No counter called “${'x'.repeat(40)}”.`]);
    expect(de.say({ key: 'link.off' })).toBe('Links, die Zähler ändern, sind aus. Erlaube sie unter Einstellungen → Tastenkürzel.');
  });
});

describe('a name that matches two counters', () => {
  const twins = [counter(COFFEE_ID, 'Coffees', 3), counter(TRIP_ID, 'coffees', 20)];
  const linksOver = (counters: ReturnType<typeof counter>[]) => {
    const notices: LinkNotice[] = [];
    const sent: unknown[] = [];
    const app = createHeadlessApp({ systemTimezone: 'UTC' });
    const controller = {
      ...app.controller,
      settings: () => ({ ...app.controller.settings(), allowLinks: true }),
      getState: () => ({ ...app.controller.getState(), core: { counters } }) as unknown as ReturnType<typeof app.controller.getState>,
      dispatchFrom: () => async (channel: string, payload: unknown) => (sent.push([channel, payload]), { ok: true as const, value: null }),
    } as unknown as typeof app.controller;
    return { links: createLinks({ controller, openPopup: () => undefined, notify: (n) => notices.push(n) }), notices, sent };
  };

  it('is refused, never guessed', async () => {
    const { links, notices, sent } = linksOver(twins);
    await links.follow('counter-tray://increment?counter=Coffees&by=5');
    expect(sent).toEqual([]);
    expect(notices[0]?.body).toBe('“Coffees” matches 2 counters (Coffees, coffees); use its id.');
  });

  it('negative control: with one of them gone, the same link goes through', async () => {
    const { links, sent } = linksOver(twins.slice(0, 1));
    await links.follow('counter-tray://increment?counter=Coffees&by=5');
    expect(sent).toEqual([['counter:increment', { id: COFFEE_ID, amount: 5 }]]);
  });
});
