// "You" is this app, "others" everyone else: the service never says who (docs/api.md O20).
import type { ActivityEvent, ClickSource } from '../../src-shared/domain/activity';
import type { MessageKey } from '../../src-shared/i18n/messages';
import type { Translator } from '../../src-shared/i18n/translator';

const SOURCE_WORDS = {
  popup: 'source.popup',
  tray: 'source.tray',
  shortcut: 'source.shortcut',
  commandLine: 'source.commandLine',
  link: 'source.link',
  reminder: 'source.reminder',
  undo: 'source.undo',
} as const satisfies Record<ClickSource, MessageKey>;

const FIELD_WORDS = { name: 'field.name', value: 'field.value', startDate: 'field.startDate', endDate: 'field.endDate' } as const satisfies Record<string, MessageKey>;

function sourceList(i18n: Translator, sources: Partial<Record<ClickSource, number>>): string {
  return i18n.list((Object.keys(sources) as ClickSource[]).filter((s) => s !== 'undo').map((s) => i18n.t(SOURCE_WORDS[s])));
}

const dotted = (...parts: string[]) => parts.filter(Boolean).join(' · ');

/** "you +3 · shortcut", "others +1". */
export function eventText(i18n: Translator, event: ActivityEvent): string {
  switch (event.kind) {
    case 'own': {
      const undo = event.sources.undo;
      const from = sourceList(i18n, event.sources);
      if (event.amount === 0 && undo !== undefined) return dotted(i18n.t('event.you', { amount: i18n.signed(-undo) }), from, i18n.t('event.undoneBeforeSent'));
      const where = undo !== undefined && !from ? i18n.t('source.undo') : from;
      const outcome = event.outcome === 'refused' ? i18n.t('event.refused') : event.outcome === 'unconfirmed' ? i18n.t('event.unconfirmed') : '';
      return dotted(i18n.t('event.you', { amount: i18n.signed(event.amount) }), where, outcome);
    }
    case 'others':
      return i18n.t('event.others', { amount: i18n.signed(event.to - event.from) });
    case 'away':
      return i18n.t('event.away', { amount: i18n.signed(event.to - event.from), from: i18n.number(event.from), to: i18n.number(event.to) });
    case 'edit': {
      const fields = event.fields.length > 0 ? i18n.list(event.fields.map((f) => i18n.t(FIELD_WORDS[f]))) : i18n.t('field.counter');
      const moved = event.from !== undefined && event.to !== undefined && event.from !== event.to ? ` (${i18n.number(event.from)} → ${i18n.number(event.to)})` : '';
      return `${i18n.t('event.edited', { by: event.by, fields })}${moved}`;
    }
  }
}

/** "10:42" today, "Nov 21, 10:42" before. */
export function eventTime(i18n: Translator, at: number, timezone: string, now: number): string {
  return i18n.dayOf(at, timezone) === i18n.dayOf(now, timezone) ? i18n.time(at, timezone) : i18n.dayAndTime(at, timezone);
}
