// The Node side of the e2e harness: the reference service on loopback and the
// Electron-free app controller (real core → real service), as main.ts wires them.
import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { OpenFilePort, SaveFilePort } from '../../src-main/app/ports';
import { createHeadlessApp, type HeadlessApp, type HeadlessAppOptions } from '../headless/headless-app';
import { startCounterService, type CounterService, type VariantInput } from '../../src-service/index';
import { DEFAULT_SETTINGS } from '../../src-shared/domain/settings';
import { RequestFaultFront } from '../support/request-fault-front';
import { ADA, e2eFixtures } from './e2e-fixtures';

export interface AppHarness {
  service: CounterService;
  /** Between the app and the service when `front` was asked for: delays, loses or rewrites single requests. */
  front: RequestFaultFront | undefined;
  app: HeadlessApp;
  /**
   * Stands in for main's native save dialog: each export is "saved" in a temp folder
   * under the name main offered, unless the test queued another answer. Paths written, in order.
   */
  exports: { written: string[]; answerNext(answer: 'cancel' | 'save'): void };
  /** Stands in for main's native open dialog: the next import "picks" this text (null: cancelled); one nobody queued fails. */
  imports: { pickNext(text: string | null): void };
  /** As another user would: a plain HTTP call to the service with their token. */
  asUser(token: string, method: string, path: string, body?: unknown): Promise<Response>;
  close(): Promise<void>;
}

export interface AppHarnessOptions {
  fixtures?: unknown;
  variant?: VariantInput;
  /** Sign in as this token at start (as if the vault held it); signed out when null. */
  signedInAs?: string | null;
  dark?: boolean;
  /** The service is down when the app launches (it comes back with service.resume()). */
  serverDown?: boolean;
  /** Put a programmable front server (dev-tools/support/request-fault-front.ts) between the app and the service. */
  front?: boolean;
  /**
   * A previous run of the app (server up, same account, same last-known counters file)
   * happened before this launch; the function acts in it (e.g. learns a refusal).
   */
  previousRun?: (app: HeadlessApp) => Promise<void>;
  app?: HeadlessAppOptions;
  /** The service's clock for day values and rate limits (the app's is `app.clock`); real time when absent. */
  serviceNow?: () => number;
  /** The service's port (a picture that shows the server's address); a free one when absent. */
  servicePort?: number;
}

export async function startAppHarness(options: AppHarnessOptions = {}): Promise<AppHarness> {
  const service = await startCounterService({ port: options.servicePort ?? 0, fixtures: options.fixtures ?? e2eFixtures(), ...(options.variant ? { variant: options.variant } : {}), ...(options.serviceNow ? { now: options.serviceNow } : {}) });
  const token = options.signedInAs === undefined ? ADA.token : options.signedInAs;
  const front = options.front ? await RequestFaultFront.start(service.port) : undefined;
  const serverUrl = front?.url ?? service.url;
  const lastKnownPath = join(mkdtempSync(join(tmpdir(), 'counter-tray-last-known-')), 'last-known-counters.json');
  const exportDir = mkdtempSync(join(tmpdir(), 'counter-tray-exports-'));
  const written: string[] = [];
  const answers: ('cancel' | 'save')[] = [];
  const saveFile: SaveFilePort = {
    async save(request) {
      if (answers.shift() === 'cancel') return { status: 'cancelled' };
      const path = join(exportDir, request.defaultFileName);
      await writeFile(path, request.text, 'utf8');
      written.push(path);
      return { status: 'saved', fileName: basename(path) };
    },
  };
  const picks: (string | null)[] = [];
  const openFile: OpenFilePort = {
    open: async () => {
      if (picks.length === 0) throw new Error('app harness: an open dialog the test did not expect');
      return picks.shift() ?? null;
    },
  };
  const launch = () =>
    createHeadlessApp({
      systemTimezone: 'UTC',
      dark: options.dark ?? false,
      // A first run keeps the default server (onboarding shows it); a returning user is on ours.
      settings: token ? { ...DEFAULT_SETTINGS, serverUrl } : DEFAULT_SETTINGS,
      ...(token ? { storedToken: { token, origin: new URL(serverUrl).origin, storage: 'encrypted' as const } } : {}),
      lastKnownPath,
      saveFile,
      openFile,
      ...options.app,
    });
  if (options.previousRun) {
    const previous = launch();
    await previous.start();
    await options.previousRun(previous);
    await previous.stop();
  }
  const app = launch();
  if (options.serverDown) await service.suspend();
  await app.start();
  return {
    service,
    front,
    app,
    exports: { written, answerNext: (answer) => void answers.push(answer) },
    imports: { pickNext: (text) => void picks.push(text) },
    asUser: (userToken, method, path, body) =>
      fetch(new URL(path, service.url), {
        method,
        headers: { Authorization: `Bearer ${userToken}`, Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }),
    async close() {
      await app.stop();
      await front?.close();
      await service.close();
      rmSync(dirname(lastKnownPath), { recursive: true, force: true });
      rmSync(exportDir, { recursive: true, force: true });
    },
  };
}
