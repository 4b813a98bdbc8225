// One table row per measure; every row says how it was measured. Benchmarks report:
// "vs target" states where we stand, it never fails the run.

export interface Row {
  scenario: string;
  measure: string;
  /** Counter Tray's figure (median unless the measure says otherwise). */
  app: string;
  /** The naive client's figure, where the scenario has one. */
  naive?: string;
  target?: string;
  /** true = target met, false = missed, undefined = no target. */
  met?: boolean;
  how: string;
}

export interface ScenarioResult {
  rows: Row[];
  /** Raw figures for results.json. */
  data: unknown;
}

const cell = (text: string | undefined) => (text ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function markdownTable(rows: readonly Row[]): string {
  const header = ['Scenario', 'Measure', 'Counter Tray', 'Naive client', 'Target', 'vs target', 'How measured'];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  for (const row of rows) {
    const status = row.met === undefined ? '' : row.met ? 'met' : '**missed**';
    lines.push(`| ${[row.scenario, row.measure, row.app, row.naive ?? '', row.target ?? '', status, row.how].map(cell).join(' | ')} |`);
  }
  return lines.join('\n');
}
