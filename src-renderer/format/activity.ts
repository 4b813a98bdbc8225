// Words for the activity record (issue 15). "You" is this app; "others" is everyone else:
// the service never says who changed a counter (not-shown.md #20), so no name is ever shown.
import type { ActivityEvent, ClickSource } from '../../src-shared/domain/activity';

const SOURCE_WORDS: Record<ClickSource, string> = {
  popup: 'popup',
  tray: 'tray menu',
  shortcut: 'shortcut',
  commandLine: 'command line',
  undo: 'undo',
};

const FIELD_WORDS = { name: 'name', value: 'value', startDate: 'start date', endDate: 'end date' } as const;

/** +3, −2 (a real minus sign), ±0. */
export function signed(amount: number): string {
  if (amount === 0) return '±0';
  return amount > 0 ? `+${amount.toLocaleString('en-US')}` : `−${Math.abs(amount).toLocaleString('en-US')}`;
}

/** "+4 today", or nothing when the counter did not move today. */
export function todayText(net: number | undefined): string | null {
  return net ? `${signed(net)} today` : null;
}

function sourceList(sources: Partial<Record<ClickSource, number>>): string {
  return (Object.keys(sources) as ClickSource[]).filter((s) => s !== 'undo').map((s) => SOURCE_WORDS[s]).join(', ');
}

/** One line of the event list, without the time: "you +3 · shortcut", "others +1". */
export function eventText(event: ActivityEvent): string {
  switch (event.kind) {
    case 'own': {
      const undo = event.sources.undo;
      const from = sourceList(event.sources);
      if (event.amount === 0 && undo !== undefined) return `you ${signed(-undo)}${from ? ` · ${from}` : ''}, undone before it was sent`;
      const where = undo !== undefined && !from ? 'undo' : from;
      const outcome = event.outcome === 'refused' ? ' · refused by the server' : event.outcome === 'unconfirmed' ? ' · could not confirm' : '';
      return `you ${signed(event.amount)}${where ? ` · ${where}` : ''}${outcome}`;
    }
    case 'others':
      return `others ${signed(event.to - event.from)}`;
    case 'away':
      return `${signed(event.to - event.from)} while away (${event.from} → ${event.to})`;
    case 'edit': {
      const fields = event.fields.map((f) => FIELD_WORDS[f]).join(', ') || 'counter';
      const moved = event.from !== undefined && event.to !== undefined && event.from !== event.to ? ` (${event.from} → ${event.to})` : '';
      return `${event.by} edited the ${fields}${moved}`;
    }
  }
}

/** "10:42" for today, "21 Nov 10:42" before, in the app's time zone. */
export function eventTime(at: number, timezone: string, now: number): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: timezone, hour: '2-digit', minute: '2-digit' }).format(at);
  if (day.format(at) === day.format(now)) return time;
  return `${new Intl.DateTimeFormat('en-GB', { timeZone: timezone, day: 'numeric', month: 'short' }).format(at)} ${time}`;
}

/** "Mon 16 Nov" from a YYYY-MM-DD key. */
export function dayLabel(date: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(`${date}T00:00:00Z`));
}
