// Scenario 3, scale: 10 to 5000 counters in the fixtures. First sync and retained heap
// of the core in Node; in Chromium, the list's render when a state with all counters
// arrives, and the re-render when another user changes one visible counter; and, in the list
// lab (list-lab.ts), 5000 counters in 50 groups, half folded, next to the same 5000 ungrouped.
import { createCounterCore } from '../../src-main/core/index';
import { startCounterService } from '../../src-service/index';
import type { AppState } from '../../src-shared/ipc/contract';
import { startSignedInApp } from '../app';
import type { BenchBrowser } from '../browser';
import { readFixtures, writeFixtures } from '../fixtures';
import { measureCoreHeap } from '../heap';
import { measureLab, type LabResult } from '../list-lab';
import type { Row, ScenarioResult } from '../report';
import { fmt, median, ms, pause, percentile } from '../stats';

export const SIZES = [10, 100, 1000, 5000];
const SYNC_RUNS = 5;
/**
 * 15, not 5: on a shared 2-core machine single renders swing from 8 to 25 ms, and the first render
 * of each size runs before the JIT has warmed its path; a median of 5 moved by several ms from run
 * to run. The first (cold) render is reported on its own, not dropped.
 */
const RENDER_RUNS = 15;
/** A change reaches the page as a delta of one counter at every size (the popup is sent nothing else), so 20 runs cost ~2 s. */
const UPDATE_RUNS = 20;
const LAB_RENDER_RUNS = 10;
const OTHERS = 5;
/** The list is windowed at every size, so every size has the same targets: one frame, and a quarter of one. */
const RENDER_TARGET_MS = 16;
/** 5 000 counters is a stress case, not what people keep: two frames are accepted there. */
const STRESS_RENDER_TARGET_MS = 33;
const STRESS_COUNTERS = 5_000;
const CHANGE_TARGET_MS = 4;
const LAB_CASES = [
  { name: '5000 counters, no groups', counters: 5000, groups: 0, foldEvery: 0 },
  { name: '5000 counters in 50 groups, half folded', counters: 5000, groups: 50, foldEvery: 2 },
];

interface SizeResult {
  counters: number;
  firstSyncMs: number[];
  heapRetainedBytes: number;
  snapshotJsonBytes: number;
  /** Page clock: state event in the page → rows laid out. */
  renderMs: number[];
  /** Node clock: push issued (payload serialised over CDP) → rows seen. */
  renderWithTransferMs: number[];
  rerenderMs: number[];
  rerenderRoundTripMs: number[];
  renderedRows: number;
}

async function measureSize(counters: number, browser: () => Promise<BenchBrowser>): Promise<SizeResult> {
  // Readers: one per sync run, one for the heap probe, one for the app in Chromium.
  const fx = writeFixtures({ counters, readers: SYNC_RUNS + 2, others: OTHERS, datedEvery: 5 });
  const service = await startCounterService({ port: 0, fixtures: readFixtures(fx.file) });
  const result: SizeResult = {
    counters,
    firstSyncMs: [],
    heapRetainedBytes: Number.NaN,
    snapshotJsonBytes: 0,
    renderMs: [],
    renderWithTransferMs: [],
    rerenderMs: [],
    rerenderRoundTripMs: [],
    renderedRows: 0,
  };
  try {
    for (let run = 0; run < SYNC_RUNS; run += 1) {
      const core = createCounterCore({ baseUrl: service.url, token: fx.readers[run]!.token, timezone: 'UTC' });
      const start = performance.now();
      await core.start();
      result.firstSyncMs.push(performance.now() - start);
      result.snapshotJsonBytes = JSON.stringify(core.snapshot()).length;
      await core.stop();
    }
    result.heapRetainedBytes = await measureCoreHeap(service.url, fx.readers[SYNC_RUNS]!.token);

    const app = await startSignedInApp(service.url, fx.readers[SYNC_RUNS + 1]!.token);
    const page = await (await browser()).open(app);
    try {
      await (await page.watchRows('atLeast', 1)).seen;
      // The state as last sent, with its revision, so the deltas that follow apply to it in the page.
      const answer = await app.dispatch('state:get', {});
      if (!answer.ok) throw new Error('state:get failed');
      const full = answer.value as AppState;
      if (!full.core) throw new Error('the app has no core state');
      // The page shows a whole state only from a state:get answer, which it asks for when a delta
      // does not follow what it holds. So: stage the answer in the page, then push a delta from
      // far ahead. The answers keep the app's revision, so the page follows the app's deltas after.
      const empty: AppState = { ...full, core: { ...full.core, counters: [] } };
      const gap = { from: full.revision + 1_000_000, to: full.revision + 1_000_001, changed: {} };
      // Staged as main's IPC wrapper sends it: as the dispatcher answered.
      const [fullSent, emptySent] = [full, empty];
      for (let run = 0; run < RENDER_RUNS; run += 1) {
        const cleared = await page.watchRows('atMost', 0);
        await page.stageStateAnswer(emptySent);
        await page.push('state:delta', gap);
        await cleared.seen;
        await pause(50); // let the empty screen's effects settle
        await page.stageStateAnswer(fullSent);
        const shown = await page.watchRows('atLeast', 1);
        const start = performance.now();
        await page.push('state:delta', gap);
        const seen = await shown.seen;
        result.renderWithTransferMs.push(performance.now() - start);
        result.renderMs.push(seen.seenAt - seen.pushAt);
        result.renderedRows = seen.rows;
      }
      const onScreen = (await page.rowIds()).find((id) => fx.upDownIds.includes(id));
      if (!onScreen) throw new Error('no UpDown counter in the rendered rows');
      for (let run = 0; run < UPDATE_RUNS; run += 1) {
        const changed = await page.watchValueChange(onScreen);
        const start = performance.now();
        const response = await fetch(new URL(`/v2/counters/${onScreen}/increment`, service.url), {
          method: 'POST',
          headers: { Authorization: `Bearer ${fx.others[run % OTHERS]!.token}` },
        });
        await response.arrayBuffer();
        const seen = await changed.seen;
        result.rerenderRoundTripMs.push(performance.now() - start);
        result.rerenderMs.push(seen.seenAt - seen.pushAt);
        await pause(30);
      }
    } finally {
      await page.close();
      await app.stop();
    }
  } finally {
    await service.close();
  }
  return result;
}

export async function runScale(options: { browser: () => Promise<BenchBrowser>; log: (line: string) => void }): Promise<ScenarioResult> {
  const sizes: SizeResult[] = [];
  for (const counters of SIZES) {
    sizes.push(await measureSize(counters, options.browser));
    options.log(`scale ${counters}: ${JSON.stringify(sizes.at(-1))}`);
  }
  const lab = await measureLab(LAB_CASES, { render: LAB_RENDER_RUNS, change: UPDATE_RUNS });
  options.log(`scale lab: ${JSON.stringify(lab)}`);
  const rows: Row[] = [];
  // The machine is shared: each size's figure also as a ratio to 10 counters' in this same run.
  const base = { render: median(sizes[0]!.renderMs), rerender: median(sizes[0]!.rerenderMs) };
  const ratio = (value: number, to: number) => `${fmt(value / to, 2)}× the 10-counter figure`;
  for (const s of sizes) {
    const scenario = `Scale: ${s.counters} counters`;
    const render = median(s.renderMs);
    const rerender = median(s.rerenderMs);
    rows.push(
      {
        scenario,
        measure: 'first sync (core.start())',
        app: ms(median(s.firstSyncMs)),
        how: `performance.now() around core.start(): WebSocket upgrade + GET /v2/counters + merge; median of ${SYNC_RUNS} runs, a fresh user each`,
      },
      {
        scenario,
        measure: 'core heap retained',
        app: `${fmt(s.heapRetainedBytes / 1024 / 1024, 2)} MB (snapshot JSON ${fmt(s.snapshotJsonBytes / 1024)} KB)`,
        how: 'heapUsed after − before core.start() in a fresh `node --expose-gc` child (bench/heap-probe.ts), gc() twice before each reading, HTTP client warmed first; one probe per size (repeats agreed within 1%)',
      },
      {
        scenario,
        measure: 'list render in Chromium',
        app: `${ms(render)} (${ratio(render, base.render)}; first, cold ${ms(s.renderMs[0]!)}; p90 ${ms(percentile(s.renderMs, 90))}; push to rows on Node's clock ${ms(median(s.renderWithTransferMs))})`,
        target: `< ${s.counters >= STRESS_COUNTERS ? STRESS_RENDER_TARGET_MS : RENDER_TARGET_MS} ms`,
        met: render < (s.counters >= STRESS_COUNTERS ? STRESS_RENDER_TARGET_MS : RENDER_TARGET_MS),
        how: `page clock: a delta the page cannot apply arrives → it asks state:get, answered in the page with all counters (after an answer with none) → MutationObserver sees rows, layout forced; the preload hands main's answer over the bridge as it is + contextBridge-like copy + React + layout; ${s.renderedRows} rows in the DOM (windowed at every size); median of ${RENDER_RUNS}`,
      },
      {
        scenario,
        measure: 'one counter changes → re-rendered',
        app: `${ms(rerender)} (${ratio(rerender, base.rerender)}; max ${ms(Math.max(...s.rerenderMs))}; round trip ${ms(median(s.rerenderRoundTripMs))})`,
        target: `< ${CHANGE_TARGET_MS} ms`,
        met: rerender < CHANGE_TARGET_MS,
        how: `page clock: another user's increment of a visible counter; the state:delta push arrives → its value text changed, layout forced (contextBridge-like copy, React, layout); round trip on Node's clock from the POST; median of ${s.rerenderMs.length}, p99 ${ms(percentile(s.rerenderMs, 99))}`,
      },
    );
  }
  rows.push(...labRows(lab));
  return { rows, data: { sizes, lab } };
}

/** The grouped list, and the same counters without groups measured the same way, for a ratio that load cannot skew. */
function labRows(lab: readonly LabResult[]): Row[] {
  const [plain, grouped] = lab;
  if (!plain || !grouped) return [];
  const how = (what: string, r: LabResult) =>
    `list lab (bench/page/list-lab): the list's windowing and real rows in Chromium, items built in the page (no IPC, no preload: the state path is the rows above); ${what}; ${r.renderedItems} items in the DOM; the two cases interleaved run by run, median of ${r.renderMs.length} renders and ${r.changeMs.length} changes`;
  return lab.flatMap((r) => [
    {
      scenario: `Scale: ${r.name} (list lab)`,
      measure: 'list render in Chromium',
      app: `${ms(median(r.renderMs))}${r === grouped ? ` (${fmt(median(r.renderMs) / median(plain.renderMs), 2)}× the ungrouped)` : ''}`,
      target: `< ${RENDER_TARGET_MS} ms`,
      met: median(r.renderMs) < RENDER_TARGET_MS,
      how: how('an empty screen, then the list of items → MutationObserver sees rows, layout forced', r),
    },
    {
      scenario: `Scale: ${r.name} (list lab)`,
      measure: 'one counter changes → re-rendered',
      app: `${ms(median(r.changeMs))}${r === grouped ? ` (${fmt(median(r.changeMs) / median(plain.changeMs), 2)}× the ungrouped)` : ''}`,
      target: `< ${CHANGE_TARGET_MS} ms`,
      met: median(r.changeMs) < CHANGE_TARGET_MS,
      how: how('a visible counter replaced by a new object with value + 1, patched into the counters and the items in place (as applyDelta and the arrangement do) → its value text changed, layout forced', r),
    },
  ]);
}
