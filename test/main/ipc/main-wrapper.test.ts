import { describe, expect, it, vi } from 'vitest';
import { createDeltaSender, INVOKE_CHANNELS, registerInvokeHandlers, type IpcMainLike } from '../../../src-main/ipc/main-wrapper';
import { isOwnAppUrl, type InvokeEventLike } from '../../../src-main/ipc/sender-check';
import type * as SenderCheck from '../../../src-main/ipc/sender-check';
import { createHeadlessApp } from '../../../dev-tools/headless/headless-app';
import { IpcMainDouble, ipcEvent } from '../../../dev-tools/electron-double/double/ipc-main';
import { ipcWire } from '../../../dev-tools/electron-double/double/ipc-wire';
import type { SenderDocument } from '../../../dev-tools/electron-double/double/page-host';
import { COFFEE_ID, TRIP_ID, counter, fakeCoreFactory } from '../../support/app-fakes';

type Listener = (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>;

function fakeIpcMain() {
  const handlers = new Map<string, Listener>();
  const ipc: IpcMainLike = {
    handle: (channel, listener) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, listener);
    },
  };
  return { ipc, handlers, invoke: (channel: string, event: InvokeEventLike, ...args: unknown[]) => handlers.get(channel)?.(event, ...args) };
}

const POPUP_ID = 7;
const DEV_SERVER = 'http://localhost:5173';
/** Our origins as the parser reads them, written with userinfo (empty ones too, which the parser forgets). */
const USERINFO = [
  'app://evil@counter-tray/index.html',
  'app://:@counter-tray/index.html',
  'app://@counter-tray/index.html',
  'app://evil:secret@counter-tray/',
  'app://ev\til@counter-tray/',
  'app://:\n@counter-tray/',
  'http://evil@localhost:5173/',
  'http://:@localhost:5173/',
  'http://@localhost:5173/',
  'http:\\\\:@localhost:5173/',
];
const topFrame = (url = 'app://counter-tray/index.html') => ({ url, parent: null });
const ownEvent: InvokeEventLike = { sender: { id: POPUP_ID }, senderFrame: topFrame() };

function setup() {
  const fake = fakeIpcMain();
  const dispatch = vi.fn(async (_channel: unknown, payload: unknown) => ({ ok: true as const, value: payload }));
  const refused: string[] = [];
  const close = registerInvokeHandlers(fake.ipc, dispatch, { trustedWebContentsIds: () => new Set([POPUP_ID]) }, (channel, reason) => refused.push(`${channel}: ${reason}`));
  return { ...fake, dispatch, refused, close };
}

describe('main-side IPC wrapper', () => {
  it('registers exactly the contract channels; closed, every one stays and answers "closing" without dispatching', async () => {
    const { handlers, close, invoke, dispatch } = setup();
    expect([...handlers.keys()].sort()).toEqual([...INVOKE_CHANNELS].sort());
    close();
    expect([...handlers.keys()].sort()).toEqual([...INVOKE_CHANNELS].sort());
    for (const channel of INVOKE_CHANNELS) expect(await invoke(channel, ownEvent, {}), channel).toMatchObject({ ok: false, error: { code: 'closing' } });
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('passes our own top frame through to the dispatcher', async () => {
    const { invoke, dispatch } = setup();
    expect(await invoke('counter:increment', ownEvent, { id: COFFEE_ID })).toEqual({ ok: true, value: { id: COFFEE_ID } });
    expect(dispatch).toHaveBeenCalledWith('counter:increment', { id: COFFEE_ID });
  });

  it.each([
    ['another webContents', { sender: { id: 99 }, senderFrame: topFrame() }, 'not ours'],
    ['a subframe of our popup', { sender: { id: POPUP_ID }, senderFrame: { url: 'app://counter-tray/index.html', parent: {} } }, 'not the top frame'],
    ['our popup navigated elsewhere', { sender: { id: POPUP_ID }, senderFrame: topFrame('https://evil.example/phish') }, 'https://evil.example'],
    ['a file:// page', { sender: { id: POPUP_ID }, senderFrame: topFrame('file:///tmp/evil.html') }, 'not our app'],
    ['a look-alike host', { sender: { id: POPUP_ID }, senderFrame: topFrame('app://counter-tray.evil/index.html') }, 'not our app'],
    ['a destroyed frame', { sender: { id: POPUP_ID }, senderFrame: null }, 'gone'],
    ['our origin written with a user name', { sender: { id: POPUP_ID }, senderFrame: topFrame('app://evil@counter-tray/index.html') }, 'not our app'],
    ['our origin written with an empty userinfo', { sender: { id: POPUP_ID }, senderFrame: topFrame('app://:@counter-tray/index.html') }, 'not our app'],
  ])('refuses %s without calling the dispatcher', async (_label, event, reason) => {
    const { invoke, dispatch, refused } = setup();
    expect(await invoke('session:signOut', event as InvokeEventLike, {})).toEqual({ ok: false, error: { code: 'forbidden-sender', message: expect.any(String) } });
    expect(dispatch).not.toHaveBeenCalled();
    expect(refused[0]).toContain(reason);
  });

  it('refuses a call with extra arguments (not from our preload) and leaves payload parsing to the dispatcher', async () => {
    const { invoke, dispatch } = setup();
    expect(await invoke('counter:increment', ownEvent, { id: COFFEE_ID }, 'extra')).toMatchObject({ ok: false, error: { code: 'invalid-payload' } });
    expect(await invoke('counter:increment', ownEvent)).toMatchObject({ ok: false, error: { code: 'invalid-payload' } });
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('accepts the dev server origin only when configured', () => {
    expect(isOwnAppUrl('http://localhost:5173/')).toBe(false);
    expect(isOwnAppUrl('http://localhost:5173/', 'http://localhost:5173')).toBe(true);
    expect(isOwnAppUrl('not a url')).toBe(false);
  });

  it.each(USERINFO)('refuses our origin written with userinfo: %s', (url) => {
    expect(isOwnAppUrl(url, DEV_SERVER)).toBe(false);
  });

  it('still takes our own URLs with an @ after the host (path, query, fragment)', () => {
    for (const url of ['app://counter-tray/index.html', 'app://counter-tray/a@b.html', 'app://counter-tray/index.html?x=@#@', 'http://localhost:5173/@vite/client']) {
      expect(isOwnAppUrl(url, DEV_SERVER), url).toBe(true);
    }
  });

  it('negative control: a check that compares only the parsed scheme, host and origin takes every one of them', () => {
    const originOnly = (url: string) => {
      const parsed = new URL(url);
      return (parsed.protocol === 'app:' && parsed.host === 'counter-tray') || parsed.origin === DEV_SERVER;
    };
    for (const url of USERINFO) expect(originOnly(url), url).toBe(true);
  });
});

describe('event sender', () => {
  it('sends to the popup only while it exists', () => {
    const send = vi.fn();
    let destroyed = false;
    const contents = { isDestroyed: () => destroyed, send };
    let target: typeof contents | null = null;
    const emit = createDeltaSender(() => target);
    const delta = { from: 0, to: 1, changed: { theme: 'dark' as const } };
    emit(delta);
    target = contents;
    emit(delta);
    destroyed = true;
    emit(delta);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith('state:delta', delta);
  });
});

describe('wrapper + the app dispatcher', () => {
  it('a malformed payload from our own frame is refused by schema before any handler runs', async () => {
    const cores = fakeCoreFactory({ url: 'http://127.0.0.1:9', tokens: new Set(['t0ken-long-enough']), reachable: true, counters: [counter(COFFEE_ID, 'Coffees', 1)] });
    const app = createHeadlessApp({ coreFactory: cores.factory });
    await app.start();
    const fake = fakeIpcMain();
    registerInvokeHandlers(fake.ipc, app.dispatch, { trustedWebContentsIds: () => new Set([POPUP_ID]) });
    await fake.invoke('session:connect', ownEvent, { serverUrl: 'http://127.0.0.1:9', token: 't0ken-long-enough' });
    for (const payload of [{ id: 'not-a-uuid' }, { id: COFFEE_ID, amount: -1 }, { id: COFFEE_ID, amount: '1' }, null, [COFFEE_ID]]) {
      expect(await fake.invoke('counter:increment', ownEvent, payload)).toMatchObject({ ok: false, error: { code: 'invalid-payload' } });
    }
    expect(cores.last()?.calls.filter((c) => c.startsWith('increment'))).toEqual([]);
    expect(await fake.invoke('counter:increment', ownEvent, { id: COFFEE_ID })).toEqual({ ok: true, value: null });
    await app.stop();
  });

  it('answers state:get with the state the dispatcher gave, as it is', async () => {
    const cores = fakeCoreFactory({ url: 'http://127.0.0.1:9', tokens: new Set(['t0ken-long-enough']), reachable: true, counters: [counter(COFFEE_ID, 'Coffees', 1), counter(TRIP_ID, 'Trip', -4)] });
    const app = createHeadlessApp({ coreFactory: cores.factory });
    await app.start();
    const fake = fakeIpcMain();
    registerInvokeHandlers(fake.ipc, app.dispatch, { trustedWebContentsIds: () => new Set([POPUP_ID]) });
    await fake.invoke('session:connect', ownEvent, { serverUrl: 'http://127.0.0.1:9', token: 't0ken-long-enough' });
    const direct = await app.dispatch('state:get', {});
    expect(direct).toMatchObject({ ok: true, value: { core: { counters: [{ id: COFFEE_ID }, { id: TRIP_ID }] } } });
    expect(await fake.invoke('state:get', ownEvent, {})).toEqual(direct);
    expect(await fake.invoke('counter:increment', ownEvent, { id: COFFEE_ID })).toEqual({ ok: true, value: null });
    await app.stop();
  });
});

// The popup lives until the app exits and may still ask while main quits (seen in a loaded run:
// a state:get during the update's quit). Electron answers an invoke that finds no handler with an
// error and logs it in main; the Electron double does the same (ipc-main.ts, after ipc-main-impl.ts).
describe('quitting under the Electron double', () => {
  async function whatAPageAskingAfterQuitSees(closeDoors: (close: () => void, ipc: IpcMainDouble) => void) {
    const log: string[] = [];
    const ipc = new IpcMainDouble((line) => log.push(line));
    const dispatch = vi.fn(async () => ({ ok: true as const, value: null }));
    closeDoors(registerInvokeHandlers(ipc, dispatch, { trustedWebContentsIds: () => new Set([POPUP_ID]) }), ipc);
    const event = ipcEvent({ id: POPUP_ID }, { frameId: 1, isTop: true, url: () => 'app://counter-tray/index.html', alive: () => true } satisfies SenderDocument);
    const reply = await ipc.invokeFromRenderer(event, 'state:get', ipcWire.serialize([{}]));
    return { reply: 'result' in reply && reply.result !== undefined ? ipcWire.decode(reply.result) : reply, log, dispatched: dispatch.mock.calls.length };
  }

  it('a page asking after quit gets "closing"; Electron logs nothing and nothing is dispatched', async () => {
    const seen = await whatAPageAskingAfterQuitSees((close) => close());
    expect(seen).toEqual({ reply: { ok: false, error: { code: 'closing', message: expect.any(String) } }, log: [], dispatched: 0 });
  });

  it('negative control: doors removed on quit (the old way) make Electron log the call as an error', async () => {
    const seen = await whatAPageAskingAfterQuitSees((_close, ipc) => INVOKE_CHANNELS.forEach((channel) => ipc.removeHandler(channel)));
    expect(seen.log).toEqual(["Error occurred in handler for 'state:get': Error: No handler registered for 'state:get'"]);
    expect(seen.dispatched).toBe(0);
  });
});

// Negative control: the refusal check above must be able to fail. The same hostile senders, through a
// wrapper whose sender check is switched off (the module replaced by one that accepts all).
describe('negative control: the sender check switched off', () => {
  const HOSTILE: InvokeEventLike[] = [
    { sender: { id: 99 }, senderFrame: topFrame() },
    { sender: { id: POPUP_ID }, senderFrame: topFrame('https://evil.example/phish') },
    { sender: { id: POPUP_ID }, senderFrame: { url: 'app://counter-tray/index.html', parent: {} } },
  ];

  /** How many hostile calls reached the dispatcher through `register`. */
  async function hostileCallsDispatched(register: typeof registerInvokeHandlers): Promise<number> {
    const fake = fakeIpcMain();
    const dispatch = vi.fn(async () => ({ ok: true as const, value: null }));
    register(fake.ipc, dispatch, { trustedWebContentsIds: () => new Set([POPUP_ID]) });
    for (const event of HOSTILE) await fake.invoke('session:signOut', event, {});
    return dispatch.mock.calls.length;
  }

  it('the real wrapper lets none through; the one without the check lets all through', async () => {
    expect(await hostileCallsDispatched(registerInvokeHandlers)).toBe(0);
    vi.resetModules();
    vi.doMock('../../../src-main/ipc/sender-check', async (original) => ({ ...(await original<typeof SenderCheck>()), senderProblem: () => null }));
    try {
      const weakened = (await import('../../../src-main/ipc/main-wrapper')).registerInvokeHandlers;
      expect(await hostileCallsDispatched(weakened)).toBe(HOSTILE.length);
    } finally {
      vi.doUnmock('../../../src-main/ipc/sender-check');
      vi.resetModules();
    }
  });
});
