// A year of daily activity, as the record would have kept it: for each counter, most days a
// few own clicks (popup, shortcut, tray), some days a change by others, now and then a
// correction, a day that went down or a quiet day, replayable from a seed. The e2e year view and the history bench
// start from it; `since` days ago is when the record began (days before: not recorded).
import { ActivityRecord } from '../../src-main/app/activity/record';
import type { ActivityEvent, ClickSource } from '../../src-shared/domain/activity';
import { seededRandom } from './seeded-random';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SOURCES: ClickSource[] = ['popup', 'shortcut', 'tray'];

export interface YearOptions {
  counterIds: readonly string[];
  now: number;
  zone: string;
  /** Days ago the record began (at most 399: it keeps 400 days). */
  since: number;
  seed?: number;
}

/** The record as the app would hold it at `now`: appended day by day, compacted at the end. */
export function yearOfActivity({ counterIds, now, zone, since, seed = 37 }: YearOptions): ActivityRecord {
  const random = seededRandom(seed);
  const record = new ActivityRecord();
  record.compact(now - since * DAY, zone);
  const events: [string, ActivityEvent][] = [];
  for (let ago = since; ago >= 0; ago -= 1) {
    for (const id of counterIds) {
      // A morning and an afternoon: the clicks of a day never reach past `now`.
      const morning = now - ago * DAY - 3 * HOUR;
      if (random() < 0.15) continue; // a quiet day
      if (random() < 0.04) {
        // A day of corrections only: the counter went down.
        events.push([id, { kind: 'own', at: morning, amount: -(1 + Math.floor(random() * 3)), outcome: 'applied', sources: { popup: -1 } }]);
        continue;
      }
      const clicks = 1 + Math.floor(random() * 4);
      for (let i = 0; i < clicks; i += 1) {
        const source = SOURCES[Math.floor(random() * SOURCES.length)] as ClickSource;
        events.push([id, { kind: 'own', at: morning + i * 600_000, amount: 1, outcome: 'applied', sources: { [source]: 1 } }]);
      }
      if (random() < 0.05) events.push([id, { kind: 'own', at: morning + HOUR, amount: -1, outcome: 'applied', sources: { popup: -1 } }]);
      if (random() < 0.3) {
        const by = 1 + Math.floor(random() * 2);
        events.push([id, { kind: 'others', at: morning + 2 * HOUR, from: 0, to: by }]);
      }
    }
  }
  for (const [id, event] of events.sort((a, b) => a[1].at - b[1].at)) record.append(id, event, zone);
  record.compact(now, zone);
  return record;
}
