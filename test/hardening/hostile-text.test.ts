// Server text is sanitized once, where it enters (the core's
// parsing of lists, answers, frames and error bodies), and text read back from the app's
// own files again, so no later path can forget it. A hostile server (the reference
// service behind a front that answers with the token it received, split by invisible
// characters, cut short, in fullwidth forms, with bidi overrides and 3 000 characters)
// and a hostile last-known file; then every string in AppState (offline and live, the undo
// offer included), every tray label, the tooltip, every OS notification and every log line
// is walked. Negative control: the same walk with a sanitizer that lets text through.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Headless from '../../dev-tools/headless/headless-app';
import type * as ServerText from '../../src-shared/text/server-text';
import { accountOwnerKey } from '../../src-main/app/offline/account-pending-store';
import { createTextFile } from '../../src-main/app/storage/text-file';
import { buildTrayMenu } from '../../src-main/desktop/tray-menu';
import { presentTray } from '../../src-main/desktop/tray-presentation';
import { createNotifier, refusalNotices, type CounterNotification } from '../../src-main/desktop/notifications';
import { realClock } from '../../src-main/core/clock';
import { DEFAULT_SETTINGS } from '../../src-shared/domain/settings';
import type { AppStateBody } from '../../src-shared/ipc/contract';
import { startCounterService } from '../../src-service/index';
import { FrontServer } from '../support/front-server';
import { waitForState } from '../support/wait-for-state';
import { en } from '../../dev-tools/support/i18n';

const TOKEN = 'ct_live_7Hq2Lx9Vb4Nz6Kp3Wd8Rf5Tc';
const ADA = '0b9a6c1e-6f0e-4a59-9d61-1f7d3c1c2a01';
const ONLY_DOWN = '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0d01';
const SHARED = '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0d02';
const FRAGMENT = 8;

const fullwidth = (text: string) => [...text].map((c) => (c >= '!' && c <= '~' ? String.fromCodePoint(c.codePointAt(0)! + 0xfee0) : c)).join('');
/** What a hostile server makes of the token it was sent. */
const disguises = (token: string) => [
  `Bearer ${token}\u0007`,
  token.split('').join('\u200E'),
  token.split('').join('\u0007'),
  `${token.slice(0, 16)}\u2026`,
  fullwidth(token),
  `token=${token}`,
];
const HOSTILE_NAME = `Coffees\u202Eyadot\u0007\u061C\u2028\u2029\u200B\u00AD ${'x'.repeat(3000)}`;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.doUnmock('../../src-shared/text/server-text');
  vi.resetModules();
});

/** Every string inside a value, with where it was found. */
function strings(value: unknown, path: string, out: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') out.push([path, value]);
  else if (Array.isArray(value)) value.forEach((item, i) => strings(item, `${path}[${i}]`, out));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) strings(item, `${path}.${key}`, out);
  return out;
}

/** What is wrong with one string the user can see (or a log can keep). */
function problemsOf(where: string, text: string, allowNewlines = false): string[] {
  const problems: string[] = [];
  for (let i = 0; i + FRAGMENT <= TOKEN.length; i += 1) {
    if (text.includes(TOKEN.slice(i, i + FRAGMENT))) {
      problems.push(`token in ${where}`);
      break;
    }
  }
  const invisible = allowNewlines ? /[\p{Cf}\p{Zl}\p{Zp}]|(?!\n)\p{Cc}/u : /[\p{Cf}\p{Cc}\p{Zl}\p{Zp}]/u;
  if (invisible.test(text)) problems.push(`invisible or control character in ${where}`);
  if (/[\uFF01-\uFF5E]{8}/.test(text)) problems.push(`fullwidth text in ${where}`);
  return problems;
}

async function hostileWorld(createHeadlessApp: typeof Headless.createHeadlessApp): Promise<string[]> {
  const service = await startCounterService({
    port: 0,
    variant: { nameRule: 'none' },
    fixtures: {
      users: [{ id: ADA, displayName: 'Ada', token: TOKEN }],
      counters: [
        { id: ONLY_DOWN, name: HOSTILE_NAME, type: 'UpDown', value: 12, mode: 'OnlyDown', created: '2026-01-05T09:00:00Z', members: [{ userId: ADA, isAdmin: true }] },
        { id: SHARED, name: `Shared ${disguises(TOKEN).join(' ')}`, type: 'UpDown', value: 3, created: '2026-01-05T09:00:00Z', members: [{ userId: ADA, isAdmin: true }] },
      ],
    },
  });
  cleanups.push(() => service.close());
  const front = await FrontServer.start(service.port);
  cleanups.push(() => front.close());
  let offline = true;
  front.answer = (request) => {
    if (offline && request.path.startsWith('/v2/counters')) return { status: 503, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ message: `down ${request.authorization ?? ''}`, code: -1099 }) };
    const received = request.authorization?.replace(/^Bearer /, '') ?? '';
    // The refusal echoes what it was sent, in every disguise.
    if (request.method === 'POST' && request.path.startsWith(`/v2/counters/${ONLY_DOWN}/increment`)) {
      return { status: 400, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ message: `Only down. You sent Authorization: ${request.authorization} ${disguises(received).join(' ')}`, code: -2041 }) };
    }
    return undefined;
  };

  // A hostile last-known file: what another program wrote for this account.
  const dir = await mkdtemp(join(tmpdir(), 'counter-tray-hostile-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const owner = accountOwnerKey(front.url, TOKEN);
  const filed = { id: SHARED, name: `Filed ${disguises(TOKEN).join(' ')}`, type: 'UpDown', value: 3, pending: false, refused: { decrement: `Refused: ${disguises(TOKEN).join(' ')}` } };
  await writeFile(join(dir, 'last-known.json'), JSON.stringify({ version: 1, accounts: { [owner]: { savedAt: 1, counters: [filed], unsent: {} } } }));

  const logs: string[] = [];
  const app = createHeadlessApp({
    systemTimezone: 'UTC',
    settings: { ...DEFAULT_SETTINGS, serverUrl: front.url, pinned: [ONLY_DOWN, SHARED] },
    storedToken: { token: TOKEN, origin: front.url, storage: 'encrypted' },
    lastKnownFile: createTextFile(join(dir, 'last-known.json')),
    logger: { info: (m) => logs.push(m), warn: (m) => logs.push(m), error: (m) => logs.push(m) },
  });
  cleanups.push(() => app.stop());
  const notifications: CounterNotification[] = [];
  let notified: () => void = () => undefined;
  const delivered = new Promise<void>((resolve) => (notified = resolve));
  const notifier = createNotifier({ clock: realClock, windowMs: 0, preferences: () => ({ enabled: true, mutedCounters: [] }), deliver: (n) => (notifications.push(n), notified()), i18n: () => en });
  app.controller.onRemoteChange((change) => notifier.remoteChange(change));
  cleanups.push(async () => notifier.dispose());
  // As main.ts: a refusal while the popup is closed becomes an OS notification too.
  const refusals: CounterNotification[] = [];
  let lastState = app.controller.getState();
  app.controller.on('state:changed', (state) => {
    refusals.push(...refusalNotices(lastState, state, en));
    lastState = state;
  });

  const seen: [string, string, boolean?][] = [];
  const look = (label: string, state: AppStateBody) => {
    for (const [path, text] of strings(state, label)) seen.push([path, text]);
    for (const [i, item] of buildTrayMenu(state, en).entries()) if (item.type !== 'separator') seen.push([`${label} tray menu[${i}]`, item.label]);
    seen.push([`${label} tray tooltip`, presentTray(state, en).tooltip]);
  };

  // Offline at launch: the last-known counters from the hostile file.
  await app.start();
  look('offline', await waitForState(app, (s) => s.lastKnown !== null && s.lastKnown !== undefined && s.session.status === 'connecting'));

  offline = false;
  await app.dispatch('session:retryNow', {});
  await waitForState(app, (s) => s.session.status === 'signedIn' && (s.core?.counters.length ?? 0) === 2);
  // The server refuses an increment, echoing the token; then a decrement there is offered for undo, blocked by that refusal.
  await app.dispatch('counter:increment', { id: ONLY_DOWN });
  await waitForState(app, (s) => s.core?.counters.find((c) => c.id === ONLY_DOWN)?.refused.increment !== undefined);
  await app.dispatch('counter:decrement', { id: ONLY_DOWN });
  look('live', await waitForState(app, (s) => s.activity?.undo?.blockedBecause !== undefined));
  // A frame renames the shared counter while someone else changes it.
  service.broadcastRaw(ADA, JSON.stringify({ jsonrpc: '2.0', method: 'counterUpdated', params: { counterId: SHARED, name: `Renamed ${disguises(TOKEN).join(' ')}`, type: 'UpDown', value: 9 } }));
  await delivered;
  look('after the frame', await waitForState(app, (s) => s.core?.counters.find((c) => c.id === SHARED)?.value === 9));

  const problems = [
    ...seen.flatMap(([where, text]) => problemsOf(where, text)),
    ...[...notifications, ...refusals].flatMap((n, i) => [...problemsOf(`notification[${i}].title`, n.title), ...problemsOf(`notification[${i}].body`, n.body, true)]),
    // main writes log lines through this same sanitizer (electron/logging.ts).
    ...logs.flatMap((line, i) => problemsOf(`log[${i}]`, app.controller.redact(line, 4000))),
  ];
  const names = app.controller.getState().core?.counters.map((c) => c.name.length) ?? [];
  if (names.some((length) => length > 200)) problems.push(`a counter name of ${Math.max(...names)} characters`);
  // The walk saw what it had to: the refusal, the undo offer, the renamed counter, the notification.
  if (problems.length === 0) {
    expect(seen.map(([, text]) => text).join('\n')).toMatch(/Only down\. You sent Authorization: \[redacted\]/);
    expect(seen.some(([where]) => where.includes('activity.undo.blockedBecause'))).toBe(true);
    expect(seen.some(([where, text]) => where.startsWith('offline.lastKnown') && text.startsWith('Filed'))).toBe(true);
    expect(notifications.map((n) => [n.title, n.body])).toEqual([[expect.stringMatching(/^Renamed /), '3 → 9']]);
    expect(refusals.map((n) => n.title)).toEqual([expect.stringMatching(/^Coffeesyadot +x+…$/)]);
  }
  return [...new Set(problems)];
}

describe('a hostile server and hostile files', () => {
  it('no token (whole, split, cut or fullwidth), invisible or control character, or overlong name reaches the popup, the tray, a notification or a log', async () => {
    const { createHeadlessApp } = await import('../../dev-tools/headless/headless-app');
    expect(await hostileWorld(createHeadlessApp)).toEqual([]);
  }, 30_000);

  it('negative control: with a sanitizer that lets text through, the same walk finds them', async () => {
    vi.resetModules();
    vi.doMock('../../src-shared/text/server-text', async (original) => {
      const real = await original<typeof ServerText>();
      const passThrough = (text: string) => text;
      return { ...real, sanitizeServerText: passThrough, createServerTextCleaner: () => passThrough };
    });
    const { createHeadlessApp } = await import('../../dev-tools/headless/headless-app');
    const problems = await hostileWorld(createHeadlessApp);
    for (const where of ['offline.lastKnown', 'live.core.counters', 'live.activity.undo', 'live tray menu', 'notification[0].title']) {
      expect(problems.some((p) => p.startsWith('token in') && p.includes(where)), where).toBe(true);
    }
    expect(problems.some((p) => p.startsWith('invisible'))).toBe(true);
    expect(problems.some((p) => p.startsWith('a counter name of'))).toBe(true);
  }, 30_000);
});
