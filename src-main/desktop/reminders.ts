// Reminders per counter: due at a local time on chosen weekdays, shown only while still useful. What was
// shown, snoozed or done is kept per local day in a file, so a restart or a change of zone never shows one twice.
import { z } from 'zod';
import type { Settings } from '../../src-shared/domain/settings';
import type { AppStateBody } from '../../src-shared/ipc/contract';
import type { Translator } from '../../src-shared/i18n/translator';
import { goalProgressText } from '../../src-shared/i18n/goal-words';
import { addDays, dayKeyIn } from '../../src-shared/time/calendar';
import { createZoneCache } from '../../src-shared/time/zone-cache';
import type { TextFile } from '../app/ports';
import { stepOf } from '../app/settings/app-settings';
import { readParsed } from '../app/storage/parsed-file';
import type { Clock } from '../core/contract';
import { DAY_CHECK_MS } from '../core/midnight';

const SNOOZE_MS = 15 * 60_000;

/** Per counter: the last local day shown, snoozed or done, and a snooze's end. */
const Handled = z.record(z.string(), z.object({ day: z.iso.date(), until: z.number().optional() }));
type Handled = z.infer<typeof Handled>;

const wallClocks = createZoneCache((timeZone) => new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' }));

/** What a wall clock in `zone` shows at `at`, read as if it were UTC. */
function wallAsUtc(zone: string, at: number): number {
  const parts = Object.fromEntries((wallClocks.get(zone)?.formatToParts(at) ?? []).map((p) => [p.type, Number(p.value)]));
  return Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0);
}

/** When `zone` reads `time` (HH:MM) on `day`; twice corrected, so a DST day is right (a skipped time comes an hour later). */
export function localInstant(zone: string, day: string, time: string): number {
  const wanted = Date.parse(`${day}T${time}:00Z`);
  const first = wanted - (wallAsUtc(zone, wanted) - wanted);
  return wanted - (wallAsUtc(zone, first) - first);
}

const isoWeekday = (day: string) => new Date(Date.parse(day)).getUTCDay() || 7;

/** The first reminder due (`at` ≤ now: due now, today's missed one), none in the coming week when none is set. */
export function nextDue(reminders: Settings['reminders'], now: number, zone: string, handled: Handled): { id: string; at: number } | undefined {
  const today = dayKeyIn(zone, now);
  let next: { id: string; at: number } | undefined;
  for (const [id, { time, days }] of Object.entries(reminders)) {
    const last = handled[id];
    let at = last?.day === today ? last.until : undefined;
    // A day already handled, or later (the zone moved west), is over for this reminder.
    for (let ahead = 0; at === undefined && ahead < 8; ahead += 1) {
      const day = addDays(today, ahead);
      if ((!last || day > last.day) && days.includes(isoWeekday(day))) at = localInstant(zone, day, time);
    }
    if (at !== undefined && (!next || at < next.at)) next = { id, at };
  }
  return next;
}

export interface ReminderNotice {
  title: string;
  body: string;
  counterId: string;
  /** Add, Snooze, Done: buttons where the OS shows them; elsewhere a click opens the counter. */
  actions: { text: string; run(): void }[];
}

interface ReminderDeps {
  clock: Clock;
  timezone(): string;
  settings(): Settings;
  state(): AppStateBody;
  /** The core's records (today's changes, the goals) are read beside its first listing: judged only once read. */
  recordsRead(): Promise<void>;
  file: TextFile;
  i18n(): Translator;
  deliver(notice: ReminderNotice): void;
  /** Through the reminder's own dispatcher: `counter:increment` by the counter's step. */
  add(counterId: string): void;
  warn(message: string): void;
}

export function createReminders(deps: ReminderDeps) {
  const { clock } = deps;
  /** Undefined until the file is read: nothing is shown before. */
  let handled: Handled | undefined;
  let timer: unknown;
  /** The counters listed live with the goals, and then their records read. */
  let listed = false;
  let ready = false;
  let listings = 0;
  let writes = Promise.resolve();

  function mark(id: string, entry: Handled[string]): void {
    const { reminders } = deps.settings();
    handled = Object.fromEntries(Object.entries({ ...handled, [id]: entry }).filter(([key]) => key in reminders));
    const text = JSON.stringify(handled);
    writes = writes.then(() => deps.file.write(text)).catch((error: unknown) => deps.warn(`reminders not saved: ${String(error)}`));
  }

  function fire(id: string, day: string): void {
    const state = deps.state();
    const counter = state.core?.counters.find((c) => c.id === id);
    mark(id, { day });
    const settings = deps.settings();
    const goal = state.extras?.goals[id];
    const useful = goal ? goal.done < goal.target : !state.activity.today[id];
    // A counter missing from the listed ones is gone.
    if (!counter || !useful || !settings.notifications.enabled || settings.notifications.mutedCounters.includes(id)) return;
    const i18n = deps.i18n();
    const answer = (entry: Handled[string]) => () => {
      mark(id, entry);
      check();
    };
    deps.deliver({
      title: counter.name,
      body: goal ? goalProgressText(i18n, goal) : i18n.t('reminder.nothingYet'),
      counterId: id,
      actions: [
        { text: i18n.t('reminder.add', { amount: i18n.number(stepOf(settings, id)) }), run: () => deps.add(id) },
        { text: i18n.t('reminder.snooze'), run: answer({ day, until: clock.now() + SNOOZE_MS }) },
        { text: i18n.t('reminder.done'), run: answer({ day }) },
      ],
    });
  }

  /** Shows what is due now (once each), then waits for the next, reading the wall clock at least hourly. */
  function check(): void {
    clock.clearTimeout(timer);
    const zone = deps.timezone();
    // Until the counters are listed (a launch shows last-known ones first), stateChanged() checks again.
    while (handled && ready) {
      const now = clock.now();
      const due = nextDue(deps.settings().reminders, now, zone, handled);
      if (!due) return;
      const wait = due.at - now;
      if (wait > 0) return void (timer = clock.setTimeout(check, Math.min(wait, DAY_CHECK_MS)));
      fire(due.id, dayKeyIn(zone, now));
    }
  }

  function stateChanged(state: AppStateBody): void {
    const live = state.extras !== undefined && state.core?.connection.status === 'live';
    if (live === listed) return;
    listed = live;
    ready = false;
    const listing = (listings += 1);
    clock.clearTimeout(timer);
    if (listed) void deps.recordsRead().then(() => listing === listings && ((ready = true), check()));
  }

  return {
    async start(): Promise<void> {
      const read = await readParsed(deps.file, Handled, { maxBytes: 256 * 1024 });
      handled = read.status === 'ok' ? read.data : {};
      stateChanged(deps.state());
    },
    check,
    /** A reminder set or moved to a time already past today starts tomorrow. */
    settingsChanged(next: Settings, previous: Settings): void {
      if (!handled) return;
      const zone = deps.timezone();
      const now = clock.now();
      const today = dayKeyIn(zone, now);
      for (const [id, reminder] of Object.entries(next.reminders)) {
        const moved = JSON.stringify(reminder) !== JSON.stringify(previous.reminders[id]);
        if (moved && handled[id]?.day !== today && localInstant(zone, today, reminder.time) <= now) mark(id, { day: today });
      }
      check();
    },
    stateChanged,
    /** Resolves once what was answered is on disk. */
    stop(): Promise<void> {
      clock.clearTimeout(timer);
      return writes;
    },
  };
}
