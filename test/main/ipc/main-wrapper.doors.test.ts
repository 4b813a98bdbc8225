// The contract's channels are the only ipcMain listeners. electron-log's main
// entry registers its own `__ELECTRON_LOG__` handlers at import, with no sender check;
// main.ts uses the node entry instead. Here both entries are loaded against a recording
// fake `electron`, together with main's own IPC wiring: the one main.ts imports must
// leave exactly the contract's channels (and the other is the negative control, on
// which the same check fails). Also: the consent dialog answers "yes" only for the
// confirming button.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { consentDialogOptions, createConsentDialog } from '../../../src-main/electron/consent-dialog';
import { configureLogging, type LoggerLike } from '../../../src-main/electron/logging';
import { INVOKE_CHANNELS, registerInvokeHandlers } from '../../../src-main/ipc/main-wrapper';
import type { ConsentQuestion } from '../../../src-main/app/ports';
import { en } from '../../../dev-tools/support/i18n';

const require = createRequire(import.meta.url);
const electronPath = require.resolve('electron');
const MAIN_SOURCE = readFileSync(new URL('../../../src-main/main.ts', import.meta.url), 'utf8');

function forgetElectronLog(): void {
  for (const key of Object.keys(require.cache)) if (key.includes('/node_modules/electron-log/') || key === electronPath) delete require.cache[key];
}
afterEach(forgetElectronLog);

/** Every ipcMain channel registered while loading `entry` and wiring main's IPC as main.ts does. */
function ipcListenersWith(entry: string): string[] {
  forgetElectronLog();
  const channels: string[] = [];
  const ipcMain = {
    on: (channel: string) => void channels.push(channel),
    handle: (channel: string) => void channels.push(channel),
  };
  const fakeElectron = { ipcMain, app: { isPackaged: true, getPath: () => '/tmp', on: () => undefined, once: () => undefined, isReady: () => false, getName: () => 'Counter Tray', getVersion: () => '0.0.0' } };
  require.cache[electronPath] = { id: electronPath, filename: electronPath, loaded: true, exports: fakeElectron } as unknown as NodeJS.Module;
  const log = require(entry) as LoggerLike;
  configureLogging(log, { logsDir: () => '/tmp/counter-tray-logs', redact: (text) => text });
  registerInvokeHandlers(ipcMain, async () => ({ ok: true, value: null }), { trustedWebContentsIds: () => new Set([1]) });
  return [...channels].sort();
}

describe('no ipcMain listener beyond the contract', () => {
  const importedEntry = /import log from 'electron-log\/(\w+)'/.exec(MAIN_SOURCE)?.[1];

  it('main.ts uses ipcMain only through the checked wrapper, and the logger it imports registers nothing', () => {
    expect(importedEntry).toBeDefined();
    // ipcMain appears in main.ts only where it is imported and where it is handed to the wrapper.
    const uses = MAIN_SOURCE.split('\n').filter((line) => /\bipcMain\b/.test(line) && !line.trim().startsWith('//'));
    expect(uses.filter((line) => !/^import \{/.test(line))).toEqual([expect.stringMatching(/registerInvokeHandlers\(ipcMain,/)]);
    expect(ipcListenersWith(`electron-log/${importedEntry ?? ''}`)).toEqual([...INVOKE_CHANNELS].sort());
  });

  it('negative control: electron-log/main adds unchecked __ELECTRON_LOG__ listeners, and the same check fails', () => {
    const channels = ipcListenersWith('electron-log/main');
    expect(channels).toContain('__ELECTRON_LOG__');
    expect(channels).not.toEqual([...INVOKE_CHANNELS].sort());
  });

  it('log lines stay in main: the IPC and remote transports are off and every line is sanitized first', () => {
    forgetElectronLog();
    // electron-log creates its IPC transport only inside Electron: pretend to be there while it loads.
    Object.defineProperty(process.versions, 'electron', { value: '45.0.0', configurable: true, enumerable: true });
    let log: LoggerLike;
    try {
      log = require('electron-log/node') as LoggerLike;
    } finally {
      delete (process.versions as Record<string, string | undefined>).electron;
    }
    expect(log.transports.ipc).toBeTypeOf('function');
    configureLogging(log, { logsDir: () => '/tmp/counter-tray-logs', redact: (text) => text.replace('secret', '[redacted]') });
    expect(log.transports.ipc?.level).toBe(false);
    expect(log.transports.remote?.level).toBe(false);
    expect(log.transports.file.resolvePathFn({} as never)).toBe('/tmp/counter-tray-logs/main.log');
    const hook = log.hooks.at(-1);
    expect(hook?.({ data: ['a secret'], level: 'info', date: new Date() } as never, log.transports.file, 'file')).toMatchObject({ data: ['a [redacted]'] });
  });
});

describe('consent dialog', () => {
  const questions: ConsentQuestion[] = [{ kind: 'change-server', to: 'https://evil.example', from: 'https://developers.counttogether.app' }, { kind: 'plain-http', to: 'http://10.0.0.2:8080' }, { kind: 'weak-storage' }, { kind: 'allow-links' }];

  it.each(questions)('asks $kind with "No" as default and cancel; only the confirming button says yes', async (question) => {
    const options = consentDialogOptions(question, en);
    expect(options).toMatchObject({ defaultId: 0, cancelId: 0 });
    expect(options.buttons).toHaveLength(2);
    if ('to' in question) expect(`${options.message} ${options.detail}`).toContain(question.to);
    expect(await createConsentDialog(async () => ({ response: 1 }), () => en).ask(question)).toBe(true);
    expect(await createConsentDialog(async () => ({ response: 0 }), () => en).ask(question)).toBe(false);
    const logs: string[] = [];
    expect(await createConsentDialog(async () => Promise.reject(new Error('no display')), () => en, (m) => logs.push(m)).ask(question)).toBe(false);
    expect(logs).toEqual(['consent dialog failed: no display']);
  });
});
