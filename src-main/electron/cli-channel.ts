// The command line's way into the running app (a `second-instance` hand-over cannot answer): one JSON
// line each way over a private Unix socket or named pipe. No Electron: the client process uses it too.
import { createHash } from 'node:crypto';
import { chmod, lstat, mkdir, rm } from 'node:fs/promises';
import { createConnection, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { spawn } from 'node:child_process';
import { ANSWER_MAX, CliAnswer, CliRequest, EXIT, launchArguments, type CommandLine } from '../desktop/command-line';
import { translatorFor } from '../../src-shared/i18n/compile';
import { resolveLocale } from '../../src-shared/i18n/locale';
import { parseJson } from '../app/storage/parsed-file';

/** The app waits up to `settleMs` for the first list at launch and again for a change's answer; the client a little longer. */
export const CLI_TIMING = { settleMs: 5_000, answerMs: 12_000, startMs: 20_000, retryMs: 150 } as const;
/** A request is one short line; anything longer is not ours. */
export const REQUEST_MAX = 4096;
/** sockaddr_un.sun_path: 104 bytes on macOS (sys/un.h), 108 on Linux (unix(7)), the terminating NUL included. */
const SUN_PATH = { darwin: 104, other: 108 } as const;

export type ChannelPlace = { kind: 'unix'; dir: string; path: string } | { kind: 'pipe'; path: string };

/** Derived from the user and the profile, so each profile of each user has its own. */
export function channelPlace(platform: NodeJS.Platform, userData: string, user: { username: string; uid: number }, tmp: string): ChannelPlace {
  const digest = createHash('sha256').update(`${user.username}\0${userData}`).digest('hex');
  if (platform === 'win32') return { kind: 'pipe', path: `\\\\.\\pipe\\counter-tray-${digest.slice(0, 32)}` };
  const inProfile = join(userData, 'cli');
  const limit = platform === 'darwin' ? SUN_PATH.darwin : SUN_PATH.other;
  const dir = Buffer.byteLength(join(inProfile, 'sock')) < limit ? inProfile : join(tmp, `counter-tray-${user.uid}-${digest.slice(0, 16)}`);
  return { kind: 'unix', dir, path: join(dir, 'sock') };
}

/** Ours alone: made 0700, and refused when another user made it first or it is a link. */
async function privateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const info = await lstat(dir);
  if (!info.isDirectory() || (typeof process.getuid === 'function' && info.uid !== process.getuid())) throw new Error(`${dir} is not this user's folder`);
  await chmod(dir, 0o700);
}

interface ChannelAnswers {
  answer(request: CliRequest): Promise<CliAnswer>;
  /** A line that is not a request (the connection is closed after it; the app goes on). */
  malformed(): CliAnswer;
}

interface ChannelLimits {
  /** A client that has not sent its line by then is dropped. */
  idleMs: number;
}

/** Listens until `close()`; the single-instance lock guarantees a socket file left there is stale. */
export async function openChannel(place: ChannelPlace, answers: ChannelAnswers, limits: ChannelLimits = { idleMs: 2_000 }): Promise<{ close(): Promise<void> }> {
  if (place.kind === 'unix') {
    await privateDir(place.dir);
    await rm(place.path, { force: true });
  }
  const server = createServer((socket) => serve(socket, answers, limits));
  server.maxConnections = 8;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(place.path, () => resolve());
  });
  if (place.kind === 'unix') await chmod(place.path, 0o600);
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function serve(socket: Socket, answers: ChannelAnswers, limits: ChannelLimits): void {
  let line = '';
  socket.setEncoding('utf8');
  socket.setTimeout(limits.idleMs, () => socket.destroy());
  socket.on('error', () => socket.destroy());
  const reply = (answer: CliAnswer) => {
    const checked = CliAnswer.safeParse(answer);
    socket.end(`${JSON.stringify(checked.success ? checked.data : answers.malformed())}\n`);
  };
  const onData = (chunk: string) => {
    line += chunk;
    const end = line.indexOf('\n');
    if (end < 0 && line.length <= REQUEST_MAX) return;
    socket.off('data', onData);
    socket.setTimeout(0);
    const request = end >= 0 && end <= REQUEST_MAX ? CliRequest.safeParse(parseJson(line.slice(0, end))) : undefined;
    if (!request?.success) return reply(answers.malformed());
    answers.answer(request.data).then(reply, () => reply(answers.malformed()));
  };
  socket.on('data', onData);
}

type Asked = { kind: 'answer'; answer: CliAnswer } | { kind: 'absent' } | { kind: 'failed' };

/** One request: 'absent' when nobody listens there, 'failed' for anything else that gave no answer. */
export function ask(path: string, request: CliRequest, timeoutMs: number): Promise<Asked> {
  return new Promise((resolve) => {
    let text = '';
    const socket = createConnection(path);
    const done = (asked: Asked) => {
      socket.destroy();
      resolve(asked);
    };
    socket.setEncoding('utf8');
    socket.setTimeout(timeoutMs, () => done({ kind: 'failed' }));
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('error', (error: NodeJS.ErrnoException) => done({ kind: error.code === 'ENOENT' || error.code === 'ECONNREFUSED' ? 'absent' : 'failed' }));
    socket.on('close', () => done({ kind: 'failed' }));
    socket.on('data', (chunk: string) => {
      text += chunk;
      const end = text.indexOf('\n');
      if (end < 0 && text.length <= ANSWER_MAX * 2) return;
      const answer = end >= 0 ? CliAnswer.safeParse(parseJson(text.slice(0, end))) : undefined;
      done(answer?.success ? { kind: 'answer', answer: answer.data } : { kind: 'failed' });
    });
  });
}

interface ClientOptions {
  path: string;
  /** Starts the app, detached, when nobody answers. */
  launch(): void;
  /** The app's answer (it waits for a change's own answer first), and its start. */
  answerMs: number;
  startMs: number;
  retryMs: number;
  unavailable: string;
}

/** The command line's process: asks, starting the app and asking again when nobody listens. */
export async function runClient(request: CliRequest, options: ClientOptions): Promise<CliAnswer> {
  let asked = await ask(options.path, request, options.answerMs);
  if (asked.kind === 'absent') {
    options.launch();
    const deadline = Date.now() + options.startMs;
    while (asked.kind === 'absent' && Date.now() < deadline) {
      await delay(options.retryMs);
      asked = await ask(options.path, request, options.answerMs);
    }
  }
  return asked.kind === 'answer' ? asked.answer : { code: EXIT.unavailable, stdout: '', stderr: options.unavailable };
}

interface Caller {
  path: string;
  execPath: string;
  argv: readonly string[];
  /** The client's own words (usage, no answer) follow the system's; the app's follow its settings. */
  systemLanguages: readonly string[];
  hiddenFlag: string;
}

/** `counter-tray --get …`: asks the running app, starting it (detached, without a popup) when nobody listens; prints its answer. */
export async function callRunningApp(line: Extract<CommandLine, { kind: 'cli' | 'usage' }>, caller: Caller): Promise<number> {
  const i18n = translatorFor(resolveLocale('system', [...caller.systemLanguages]));
  const launch = () => spawn(caller.execPath, [...launchArguments(caller.argv.slice(1)), caller.hiddenFlag], { detached: true, stdio: 'ignore' }).unref();
  const answer: CliAnswer =
    line.kind === 'usage'
      ? { code: EXIT.usage, stdout: '', stderr: `${i18n.say(line.words) ?? ''}\n${i18n.t('cli.usage')}` }
      : await runClient(line.request, { path: caller.path, launch, ...CLI_TIMING, unavailable: i18n.t('cli.unavailable') });
  // Written before the exit: pipes are asynchronous on macOS.
  await new Promise((resolve) => process.stdout.write(answer.stdout, resolve));
  await new Promise((resolve) => process.stderr.write(answer.stderr && `${answer.stderr}\n`, resolve));
  return answer.code;
}
