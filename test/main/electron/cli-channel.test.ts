// The command line's channel over a real Unix socket: who may reach it (a 0600 socket in a 0700
// folder), what it takes (one zod-parsed line, bounded), and the client that starts the app.
import { chown, lstat, mkdir, mkdtemp, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { CliAnswer, CliRequest } from '../../../src-main/desktop/command-line';
import { sendRaw } from '../../support/raw-line';
import { ask, channelPlace, openChannel, REQUEST_MAX, runClient, type ChannelPlace } from '../../../src-main/electron/cli-channel';

const posix = process.platform !== 'win32';
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const MALFORMED: CliAnswer = { code: 64, stdout: '', stderr: 'not understood' };

async function place(): Promise<ChannelPlace> {
  const root = await mkdtemp(join(tmpdir(), 'ct-cli-'));
  cleanups.push(() => rm(root, { recursive: true, force: true }));
  return channelPlace(process.platform, join(root, 'Counter Tray'), { username: 'ada', uid: process.getuid?.() ?? 0 }, root);
}

async function serving(where: ChannelPlace, module = { openChannel }) {
  const asked: unknown[] = [];
  const channel = await module.openChannel(where, {
    answer: async (request) => {
      asked.push(request);
      return { code: 0, stdout: `${JSON.stringify(request)}\n`, stderr: '' };
    },
    malformed: () => MALFORMED,
  }, { idleMs: 200 });
  cleanups.push(() => channel.close());
  return { asked, channel };
}

const HOSTILE = [
  'not json\n',
  '{"action":"token"}\n',
  '{"action":"increment","counter":"Teas","by":1e20}\n',
  '{"action":"increment","counter":"Teas","by":0}\n',
  '{"action":"increment","counter":"Teas","by":"5"}\n',
  '{"action":"get","counter":"Teas","token":"x"}\n',
  `{"action":"get","counter":"${'x'.repeat(300)}"}\n`,
  `${'x'.repeat(REQUEST_MAX + 10)}`,
];

describe('where the channel lives', () => {
  it('is in a private folder of the profile when the path fits sockaddr_un, else in a private folder of the temp dir', () => {
    const user = { username: 'ada', uid: 501 };
    expect(channelPlace('darwin', '/Users/ada/Library/Application Support/Counter Tray', user, '/var/folders/x/T')).toEqual({ kind: 'unix', dir: '/Users/ada/Library/Application Support/Counter Tray/cli', path: '/Users/ada/Library/Application Support/Counter Tray/cli/sock' });
    const deep = `/Users/${'a'.repeat(50)}/Library/Application Support/Counter Tray`;
    const fallback = channelPlace('darwin', deep, user, '/var/folders/x/T');
    expect(fallback.path).toMatch(/^\/var\/folders\/x\/T\/counter-tray-501-[0-9a-f]{16}\/sock$/);
    expect(Buffer.byteLength(fallback.path)).toBeLessThan(104);
    // Linux allows 108 bytes: the same profile path fits there.
    expect(channelPlace('linux', deep, user, '/tmp').path).toBe(`${deep}/cli/sock`);
  });

  it('is a named pipe per user and profile on Windows, naming neither in clear', () => {
    const pipe = channelPlace('win32', 'C:\\Users\\ada\\AppData\\Roaming\\Counter Tray', { username: 'ada', uid: -1 }, 'C:\\Temp');
    expect(pipe).toEqual({ kind: 'pipe', path: expect.stringMatching(/^\\\\\.\\pipe\\counter-tray-[0-9a-f]{32}$/) });
    expect(channelPlace('win32', 'C:\\Users\\ada\\AppData\\Roaming\\Counter Tray', { username: 'alan', uid: -1 }, 'C:\\Temp').path).not.toBe(pipe.path);
  });
});

describe.runIf(posix)('the channel on a Unix socket', () => {
  it('answers one line with one line, and only its own user may reach it: socket 0600 in a folder 0700', async () => {
    const where = await place();
    const { asked } = await serving(where);
    const request: CliRequest = { action: 'increment', counter: 'Teas', by: 25 };
    expect(await ask(where.path, request, 2_000)).toEqual({ kind: 'answer', answer: { code: 0, stdout: `${JSON.stringify(request)}\n`, stderr: '' } });
    expect(asked).toEqual([request]);
    expect((await stat(where.path)).mode & 0o777).toBe(0o600);
    if (where.kind === 'unix') expect((await stat(where.dir)).mode & 0o777).toBe(0o700);
  });

  it('makes a folder others could enter private, and refuses a link in its place', async () => {
    const where = await place();
    if (where.kind !== 'unix') return;
    await mkdir(where.dir, { recursive: true, mode: 0o777 });
    await serving(where);
    expect((await stat(where.dir)).mode & 0o777).toBe(0o700);

    const other = await place();
    if (other.kind !== 'unix') return;
    const elsewhere = await mkdtemp(join(tmpdir(), 'ct-elsewhere-'));
    cleanups.push(() => rm(elsewhere, { recursive: true, force: true }));
    await mkdir(join(other.dir, '..'), { recursive: true });
    await symlink(elsewhere, other.dir);
    await expect(serving(other)).rejects.toThrow(/not this user's folder/);
    expect((await lstat(other.dir)).isSymbolicLink()).toBe(true);
  });

  it('refuses a folder another user made first (where this user may give one away: root)', async (context) => {
    const where = await place();
    if (where.kind !== 'unix') return;
    await mkdir(where.dir, { recursive: true, mode: 0o700 });
    const given = await chown(where.dir, 4242, 4242).then(() => true, () => false);
    if (!given) return context.skip();
    await expect(serving(where)).rejects.toThrow(/not this user's folder/);
    expect((await stat(where.dir)).uid).toBe(4242);
  });

  it('refuses every malformed or hostile line without asking the app, and stays up', async () => {
    const where = await place();
    const { asked } = await serving(where);
    for (const line of HOSTILE) {
      const answer = await sendRaw(where.path, line);
      expect(answer, line.slice(0, 60)).toBe(`${JSON.stringify(MALFORMED)}\n`);
    }
    expect(asked).toEqual([]);
    expect(await ask(where.path, { action: 'list' }, 2_000)).toMatchObject({ kind: 'answer', answer: { code: 0 } });
  });

  it('drops a client that says nothing', async () => {
    const where = await place();
    await serving(where);
    expect(await sendRaw(where.path, '{"action":')).toBe('');
  });

  it('negative control: a channel that skips zod hands a hostile line to the app', async () => {
    vi.resetModules();
    vi.doMock('../../../src-main/desktop/command-line', async (importOriginal) => ({ ...(await importOriginal<object>()), CliRequest: z.unknown() }));
    try {
      const weak = await import('../../../src-main/electron/cli-channel');
      const where = await place();
      const { asked } = await serving(where, weak);
      await sendRaw(where.path, HOSTILE[2] ?? '');
      expect(asked).toEqual([{ action: 'increment', counter: 'Teas', by: 1e20 }]);
    } finally {
      vi.doUnmock('../../../src-main/desktop/command-line');
      vi.resetModules();
    }
  });
});

describe.runIf(posix)('the command line as a client', () => {
  const timing = { answerMs: 2_000, startMs: 3_000, retryMs: 20, unavailable: 'did not answer' };

  it('starts the app when nobody listens and asks it once it does', async () => {
    const where = await place();
    let launches = 0;
    const answer = await runClient({ action: 'get', counter: 'Teas' }, { ...timing, path: where.path, launch: () => void (launches += 1, serving(where)) });
    expect(answer).toEqual({ code: 0, stdout: '{"action":"get","counter":"Teas"}\n', stderr: '' });
    expect(launches).toBe(1);
  });

  it('says so (69) when the app does not come up, and when its answer is not one', async () => {
    const where = await place();
    expect(await runClient({ action: 'list' }, { ...timing, startMs: 100, path: where.path, launch: () => undefined })).toEqual({ code: 69, stdout: '', stderr: 'did not answer' });
    const channel = await openChannel(where, { answer: async () => ({ code: 0, stdout: 'x', stderr: '', token: 'leak' }) as CliAnswer, malformed: () => ({ code: 42, stdout: '', stderr: '' }) as unknown as CliAnswer });
    cleanups.push(() => channel.close());
    // The server checks its own answer too, and the client checks what it reads.
    expect(await runClient({ action: 'list' }, { ...timing, path: where.path, launch: () => undefined })).toMatchObject({ code: 69 });
  });
});
