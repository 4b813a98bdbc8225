// Drives the list lab (page/list-lab): the list's windowing and real rows in Chromium, fed items
// in the page, for the grouped case (5 000 counters in 50 groups, half folded) next to the same
// counters without groups. Built with the renderer's own Vite config into dist/bench-lab.
import type { Page as LabPage } from '@playwright/test';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { newestMtime, ROOT } from '../dev-tools/web/build-renderer';
import { serveDirectory } from '../dev-tools/web/static-server';
import type { CounterState } from '../src-shared/domain/snapshot';
import { launchChromium } from './browser';
import { median } from './stats';

const LAB_SOURCE = join(ROOT, 'bench/page/list-lab');
const LAB_DIST = join(ROOT, 'dist/bench-lab');

export interface LabCase {
  name: string;
  counters: number;
  groups: number;
  foldEvery: number;
}

export interface LabResult extends LabCase {
  renderMs: number[];
  changeMs: number[];
  /** Items in the DOM after the first render (rows and headers). */
  renderedItems: number;
}

export async function ensureLabBuilt(): Promise<string> {
  const index = join(LAB_DIST, 'index.html');
  const sources = [LAB_SOURCE, join(ROOT, 'src-renderer'), join(ROOT, 'src-shared')].map(newestMtime);
  if (existsSync(index) && statSync(index).mtimeMs >= Math.max(...sources)) return LAB_DIST;
  const { build } = await import('vite');
  await build({ configFile: join(ROOT, 'vite.config.ts'), root: LAB_SOURCE, build: { outDir: LAB_DIST, emptyOutDir: true }, logLevel: 'warn' });
  return LAB_DIST;
}

export const labCounters = (count: number): CounterState[] =>
  Array.from({ length: count }, (_, i) => ({ id: `019a4f2e-8c00-7000-8000-${String(i).padStart(12, '0')}`, name: `Counter ${i}`, type: 'UpDown', value: i, pending: false, refused: {} }));

type LabBench = { ready(): boolean; render(list: unknown): Promise<{ ms: number; items: number }>; change(): Promise<number> };

/** An empty screen, then `c`'s list: the page's time until its rows are laid out (the list is handed over before the clock starts). */
export function renderOnce(page: LabPage, c: LabCase, counters: CounterState[]): Promise<{ ms: number; items: number }> {
  return page.evaluate(({ list, bench }) => (globalThis as unknown as Record<string, LabBench>)[bench]!.render(list), { list: { counters, groups: c.groups, foldEvery: c.foldEvery }, bench: '__labBench' });
}

/** One counter on screen gets a new value: the page's time until its text shows it. */
export function changeOnce(page: LabPage): Promise<number> {
  return page.evaluate((bench) => (globalThis as unknown as Record<string, LabBench>)[bench]!.change(), '__labBench');
}

export async function measureLab(cases: readonly LabCase[], runs: { render: number; change: number }): Promise<LabResult[]> {
  const server = await serveDirectory(await ensureLabBuilt());
  const browser = await launchChromium();
  const results: LabResult[] = cases.map((c) => ({ ...c, renderMs: [], changeMs: [], renderedItems: 0 }));
  try {
    const page = await browser.newPage({ viewport: { width: 360, height: 480 } });
    await page.goto(server.url);
    await page.waitForFunction('globalThis.__labBench?.ready() === true');
    const counters = new Map(cases.map((c) => [c.counters, labCounters(c.counters)]));
    // Cases interleaved run by run: a burst of load on the shared machine falls on all of them alike.
    for (let run = 0; run < runs.render; run += 1) {
      for (const result of results) {
        const { ms, items } = await renderOnce(page, result, counters.get(result.counters)!);
        result.renderMs.push(ms);
        result.renderedItems = items;
        if (run === 0) for (let i = 0; i < runs.change; i += 1) result.changeMs.push(await changeOnce(page));
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return results;
}

export const labSummary = (r: LabResult) => ({ name: r.name, render: median(r.renderMs), change: median(r.changeMs), items: r.renderedItems });
