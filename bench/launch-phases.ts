// The launch split into phases for the boot bench: main's own launch marks
// (src-main/desktop/launch-milestones.ts, `performance.mark` in main.ts, read from this
// process's performance timeline since main.js runs here under the Electron double), the
// popup's navigation and resource timing, and the page probe's first counter row. All on
// one wall clock: performance.timeOrigin + startTime, in Node and in the page.
import { PerformanceObserver } from 'node:perf_hooks';
import type { Page } from '@playwright/test';
import { LAUNCH_MILESTONES, launchMarkName } from '../src-main/desktop/launch-milestones';
import type { LaunchMilestone } from '../src-main/desktop/launch-milestones';

type Instant = LaunchMilestone | 'navigationStart' | 'documentServed' | 'bundleFetched' | 'domContentLoaded' | 'list';

interface Phase {
  key: string;
  label: string;
  until: Instant;
  /** Whose time it is: the app's, or the double's harness (not on Electron's path). */
  owner: 'ours' | 'double' | 'both';
  what: string;
}

/** The launch's five phases, from just before import(main.js). */
export const PHASES: readonly Phase[] = [
  { key: 'evaluate', label: 'main.js evaluated', until: 'main-evaluated', owner: 'both', what: "main.js and its imports evaluated (under the double's module hooks, which route every import through a loader thread)" },
  { key: 'ready', label: 'ready', until: 'ready', owner: 'double', what: "the double emits ready right after the import; Electron's own start-up is not in the double" },
  { key: 'window', label: 'window created', until: 'window-created', owner: 'ours', what: 'protocol handler, session hardening, the popup BrowserWindow' },
  { key: 'load', label: 'page loaded', until: 'page-loaded', owner: 'both', what: 'loadURL until did-finish-load, controller.start() (settings, token decrypted, last-known counters) beside it; what the page asks waits for the start: split below' },
  { key: 'draw', label: 'first counters drawn', until: 'list', owner: 'ours', what: 'did-finish-load → the first counter row with its buttons: the state the preload asked for as it ran (or state:get over IPC), its check, the catalog chunk, React rendering the list' },
];

/** "page loaded" split at main's load call and the page's own timing. */
export const LOAD_PARTS: readonly Phase[] = [
  { key: 'mainStart', label: 'main: window created → loadURL called', until: 'page-load-started', owner: 'ours', what: 'the notifiers, tray and IPC doors wired; the controller then starts beside the page load' },
  { key: 'tab', label: 'double: its Chromium tab ready, navigation begun', until: 'navigationStart', owner: 'double', what: 'the page host the double opened when the window was created (new tab, CDP sessions, init scripts) until the page’s navigation starts' },
  { key: 'document', label: "index.html served by main's app:// handler", until: 'documentServed', owner: 'both', what: "navigation start → document responseEnd (the double's route hands the request to main's protocol handler)" },
  { key: 'bundle', label: 'preload run, bundle served', until: 'bundleFetched', owner: 'both', what: "document → the JS bundle's responseEnd: the preload world (our preload inside the double's contextBridge, its first state:get sent), the bundle read by main's handler" },
  { key: 'evaluate', label: 'bundle evaluated, React mounted', until: 'domContentLoaded', owner: 'ours', what: 'the bundle responseEnd → DOMContentLoaded end (a module script runs before it)' },
  { key: 'finish', label: 'double: load event → did-finish-load in main', until: 'page-loaded', owner: 'double', what: "DOMContentLoaded → main's page-loaded mark: the load event and CDP/Playwright reporting it back" },
];

export type Instants = Record<Instant, number>;

/** Wall-clock times of main's launch marks since `since`. */
function launchMarks(since: number): Record<LaunchMilestone, number> {
  const marks = {} as Record<LaunchMilestone, number>;
  for (const milestone of LAUNCH_MILESTONES) {
    const entry = performance.getEntriesByName(launchMarkName(milestone), 'mark').find((e) => performance.timeOrigin + e.startTime >= since);
    marks[milestone] = entry ? performance.timeOrigin + entry.startTime : Number.NaN;
  }
  return marks;
}

/** Resolves with the launch's marks once main has made every one of them (a PerformanceObserver, not a poll). */
export function untilMarked(since: number): Promise<Record<LaunchMilestone, number>> {
  return new Promise((resolve, reject) => {
    const check = (): void => {
      const marks = launchMarks(since);
      if (Object.values(marks).some(Number.isNaN)) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve(marks);
    };
    const observer = new PerformanceObserver(check);
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`main did not mark every launch milestone: ${JSON.stringify(launchMarks(since))}`));
    }, 30_000);
    observer.observe({ entryTypes: ['mark'] });
    check();
  });
}

/** The page's navigation and bundle timing, on the wall clock. */
export async function pageInstants(page: Page): Promise<Pick<Instants, 'navigationStart' | 'documentServed' | 'bundleFetched' | 'domContentLoaded'>> {
  // Runs in the page; the bench compiles without the DOM lib, so the entries' fields are named here.
  type Entries = (type: string) => { name: string; responseEnd: number; domContentLoadedEventEnd: number }[];
  return page.evaluate(() => {
    const origin = performance.timeOrigin;
    const entries = performance.getEntriesByType.bind(performance) as unknown as Entries;
    const navigation = entries('navigation')[0]!;
    const bundle = entries('resource').find((entry) => /\/assets\/index-[^/]*\.js$/.test(entry.name));
    return {
      navigationStart: origin,
      documentServed: origin + navigation.responseEnd,
      bundleFetched: origin + (bundle?.responseEnd ?? Number.NaN),
      domContentLoaded: origin + navigation.domContentLoadedEventEnd,
    };
  });
}

/** Each phase's span: from the previous phase's end (`from` for the first) to its own. */
export function spans(phases: readonly Phase[], from: number, instants: Instants): Record<string, number> {
  const out: Record<string, number> = {};
  let previous = from;
  for (const phase of phases) {
    out[phase.key] = instants[phase.until] - previous;
    previous = instants[phase.until];
  }
  return out;
}
