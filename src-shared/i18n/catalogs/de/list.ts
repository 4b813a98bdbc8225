// Die Liste, ihre Zeilen und Tageszähler: dieselben Schlüssel wie ../en/list.ts (der Typ prüft es).
import type { list as en } from '../en/list';
import type { CatalogPart } from '../../messages';

export const list = {
  // Die Liste
  'list.heading': 'Zähler',
  'list.search': 'Zähler suchen',
  'list.keys': 'Tastenkürzel',
  'list.keysTitle': 'Tastenkürzel (?)',
  'list.settings': 'Einstellungen',
  'list.keysDescription': 'Pfeiltasten wählen einen Zähler, Plus und Minus ändern ihn, Eingabe zeigt seinen Verlauf, Fragezeichen zeigt die Tasten, Escape schließt.',
  'list.moved': '{direction, select, increment {„{name}“ um 1 erhöht.} other {„{name}“ um 1 verringert.}}',
  'list.countsDays': '{name} zählt Tage; mit + und − lässt er sich nicht ändern.',
  'list.offlineEdit': 'Bearbeiten geht nur mit dem Server. Nutze „Jetzt versuchen“ oder warte, bis er antwortet.',
  'list.offlineActivity': 'Der Verlauf öffnet sich, sobald der Server antwortet. Nutze „Jetzt versuchen“ oder warte.',
  'list.vanishedOne': '„{name}“ ist nicht mehr mit dir geteilt.',
  'list.vanishedMany': '{count, plural, one {# Zähler ist nicht mehr mit dir geteilt.} other {# Zähler sind nicht mehr mit dir geteilt.}}',

  // Tastenhilfe (Taste ?)
  'keys.choose': 'Zähler wählen',
  'keys.change': 'ändern (beim Suchen mit Alt)',
  'keys.activity': 'Verlauf zeigen',
  'keys.undo': 'letzte Änderung zurücknehmen',
  'keys.escape': 'Suche leeren, dann schließen',

  // Eine leere Liste
  'empty.noMatch': 'Kein Zähler passt zu „{query}“.',
  'empty.clearSearch': 'Suche leeren',
  'empty.none': 'Noch ist kein Zähler mit dir geteilt. Leg einen an oder lass dir einen freigeben – er erscheint dann hier.',
  'empty.openSite': 'CountTogether öffnen',
  'empty.checkAgain': 'Erneut prüfen',

  // Eine Zeile
  'row.increase': '{name} erhöhen',
  'row.decrease': '{name} verringern',
  'row.resend': '{amount} für {name} erneut senden',
  'row.resendTitle': '{amount} erneut senden',
  'row.keep': 'Wert des Servers für {name} übernehmen',
  'row.keepTitle': 'Wert des Servers übernehmen: {value}',
  'row.unconfirmedAmount': '{amount} unbestätigt',
  'row.dismiss': 'Ausblenden',
  'row.dismissFlag': '„{flag}“ bei {name} ausblenden',
  'row.sendingSlowly': 'wird noch gesendet …',
  'row.stateSendingSlowly': 'wird noch gesendet',
  'row.statePending': 'noch nicht bestätigt',
  'row.pendingMark': 'Vom Server noch nicht bestätigt',
  'row.pin': '{name} anheften',
  'row.pinTitle': 'Oben und im Tray anheften',
  'row.unpinTitle': 'Lösen',
  'row.edit': '{name} bearbeiten',
  'row.editTitle': 'Bearbeiten, Kürzel, Mitteilungen',
  'row.activity': 'Verlauf von {name}',
  'row.activityTitle': 'Verlauf',
  'row.today': '{amount} heute',
  'row.stateGoal': 'Ziel {goal}',
  'row.stateGoalReached': 'Ziel {goal}, erreicht',
  'row.stateMilestone': 'nächster Meilenstein {milestone}',
  'badge.unconfirmed': 'nicht bestätigt',
  'badge.gone': 'nicht mehr geteilt',
  'badge.rejected': 'abgelehnt',
  'badge.unreadable': 'nicht lesbar',
  'badgeHint.unconfirmed': 'Counter Tray konnte nicht bestätigen, dass deine letzte Änderung den Server erreicht hat.',
  'badgeHint.rejected': 'Der Server hat deine letzte Änderung abgelehnt; sie wurde zurückgenommen.',
  'badgeHint.unreadable': 'Der Server hat diesen Zähler in einer Form geschickt, die Counter Tray nicht lesen kann.',

  // Tageszähler: der gesprochene Satz, die Datumszeile, die Überschrift im Verlauf
  'value.daysSince': '{count, plural, one {seit # Tag} other {seit # Tagen}}',
  'value.daysUntil': '{count, plural, one {noch # Tag} other {noch # Tage}}',
  'date.since': 'seit {date}',
  'date.starts': 'ab {date}',
  'date.until': 'bis {date}',
  'date.ended': 'endete {date}',
  'date.countingSince': 'Zählt seit {date}',
  'date.startsOn': 'Beginnt am {date}',
  'date.endedOn': 'Endete am {date}',
  'date.countingDown': 'Zählt herunter bis {date}',
} as const satisfies CatalogPart<typeof en>;
