// The click walk's count (bench/coverage-files.ts): which files of a V8 coverage take are main's
// product code with a function entered, and V8's reset at each take that the count relies on.
import { Session } from 'node:inspector/promises';
import { describe, expect, it } from 'vitest';
import { filesEntered, type ScriptCoverage } from '../../bench/coverage-files';

const ROOT = 'file:///repo/';
const fn = (functionName: string, count: number) => ({ functionName, ranges: [{ count }] });
const script = (path: string, ...functions: ReturnType<typeof fn>[]): ScriptCoverage => ({ url: path.includes(':') ? path : `${ROOT}${path}`, functions });

/** One take after the baseline, out of order, with everything the walk must leave out. */
const TAKE: ScriptCoverage[] = [
  script('src-shared/events/emitter.ts', fn('fire', 1)),
  // The module's body and a closure it defines did not run again; esbuild's helper is tsx's, not ours.
  script('src-main/app/controller.ts', fn('', 0), fn('dispatch', 2), fn('refresh', 1), fn('unused', 0), fn('__name', 4)),
  script('src-main/core/midnight.ts', fn('', 0), fn('nextDay', 0)),
  script('src-main/core/snapshot.ts'),
  script('src-service/service.ts', fn('handle', 3)),
  script('dev-tools/headless/headless-app.ts', fn('dispatch', 1)),
  script('src-renderer/list/CounterRow.tsx', fn('CounterRow', 1)),
  script('bench/click-walk.ts', fn('clickUntilSettled', 1)),
  script('node_modules/zod/v4/core/parse.js', fn('parse', 2)),
  script('node:internal/timers', fn('listOnTimeout', 1)),
  script('file:///elsewhere/src-main/app/controller.ts', fn('dispatch', 1)),
];

describe('filesEntered', () => {
  it("lists main's product files with a function entered, sorted, with how many and their names", () => {
    expect(filesEntered(TAKE, ROOT)).toEqual([
      { file: 'src-main/app/controller.ts', functions: 2, names: ['dispatch', 'refresh'] },
      { file: 'src-shared/events/emitter.ts', functions: 1, names: ['fire'] },
    ]);
  });

  it('negative control: a product file whose counts did not rise is listed once one of them does', () => {
    const rose = TAKE.map((s) => (s.url.endsWith('midnight.ts') ? script('src-main/core/midnight.ts', fn('', 0), fn('nextDay', 1)) : s));
    expect(filesEntered(rose, ROOT).map((f) => f.file)).toEqual(['src-main/app/controller.ts', 'src-main/core/midnight.ts', 'src-shared/events/emitter.ts']);
  });

  it('negative control: the same take read from another root lists nothing', () => {
    expect(filesEntered(TAKE, 'file:///elsewhere/repo/')).toEqual([]);
  });
});

describe("V8's precise coverage, as the walk uses it", () => {
  function pressed(): number {
    return 1;
  }
  const countOf = (take: readonly ScriptCoverage[]) =>
    take.flatMap((s) => s.functions).filter((f) => f.functionName === 'pressed').reduce((n, f) => n + (f.ranges[0]?.count ?? 0), 0);

  it('resets its counts at each take, so the take after the baseline counts only what ran since', async () => {
    const session = new Session();
    session.connect();
    try {
      await session.post('Profiler.enable');
      await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
      for (let n = 0; n < 3; n += 1) pressed();
      expect(countOf((await session.post('Profiler.takePreciseCoverage')).result)).toBe(3);
      pressed();
      expect(countOf((await session.post('Profiler.takePreciseCoverage')).result)).toBe(1);
      expect(countOf((await session.post('Profiler.takePreciseCoverage')).result)).toBe(0);
    } finally {
      await session.post('Profiler.stopPreciseCoverage');
      session.disconnect();
    }
  });
});
