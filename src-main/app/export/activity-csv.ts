// The activity export, columns in docs/export.md (change them there too); times ISO 8601 with offset.
import type { CounterType } from '../../../src-shared/api/schemas';
import type { ActivityEvent } from '../../../src-shared/domain/activity';
import { dayKey, isoInZone } from '../activity/days';
import type { ExportLog } from '../activity/record';
import { csvDocument, type Cell } from './csv';

export const EXPORT_COLUMNS = ['time', 'counter_id', 'counter', 'counter_type', 'event', 'by', 'change', 'from', 'to', 'outcome', 'sources', 'fields', 'group'] as const;

interface ExportCounter {
  id: string;
  name: string;
  type: CounterType;
}

type Rest = [event: string, by: string, change: Cell, from: Cell, to: Cell, outcome: Cell, sources: Cell, fields: Cell];

const difference = (from: number | undefined, to: number | undefined): Cell => (from !== undefined && to !== undefined ? to - from : null);

function describe(event: ActivityEvent): Rest {
  switch (event.kind) {
    case 'own': {
      const sources = Object.entries(event.sources).map(([source, amount]) => `${source}:${amount}`).join(';');
      return ['change', 'you', event.amount, null, null, event.outcome, sources, null];
    }
    case 'others':
      return ['change', 'others', event.to - event.from, event.from, event.to, null, null, null];
    case 'away':
      return ['while-away', 'others', event.to - event.from, event.from, event.to, null, null, null];
    case 'edit':
      return ['edit', event.by, difference(event.from, event.to), event.from ?? null, event.to ?? null, null, null, event.fields.join(';')];
  }
}

/** `group` is last, so a reader of the earlier columns by position reads them as before. */
export function activityCsv(counters: readonly ExportCounter[], logOf: (counterId: string) => ExportLog, timezone: string, groupOf: (counterId: string) => string = () => ''): { text: string; rows: number } {
  const rows: Cell[][] = [];
  for (const counter of counters) {
    const log = logOf(counter.id);
    const who = [counter.id, counter.name, counter.type];
    const group = groupOf(counter.id);
    for (const day of log.days) {
      if (day.you !== 0) rows.push([day.date, ...who, 'day-total', 'you', day.you, null, null, null, null, null, group]);
      if (day.others !== 0) rows.push([day.date, ...who, 'day-total', 'others', day.others, null, null, null, null, null, group]);
    }
    for (const event of log.events) rows.push([isoInZone(event.at, timezone), ...who, ...describe(event), group]);
  }
  return { text: csvDocument(EXPORT_COLUMNS, rows), rows: rows.length };
}

/** Letters, digits and '-', no formula trigger (docs/export.md). */
export function exportFileName(counterName: string | null, now: number, timezone: string): string {
  const slug = (counterName ?? '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return `${counterName === null ? 'counter-tray' : slug || 'counter'}-activity-${dayKey(now, timezone)}.csv`;
}
