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
  'keys.menu': 'Aktionen zeigen',

  // Das Menü einer Zeile (Rechtsklick, Umschalt+F10 oder ⋯)
  'menu.pin': 'Oben anheften',
  'menu.activity': 'Verlauf',
  'menu.edit': 'Bearbeiten\u00a0…',
  'menu.mute': 'Mitteilungen stummschalten',
  'menu.notificationsOff': 'Mitteilungen sind in den Einstellungen aus.',
  'menu.shortcut': 'Kürzel\u00a0…',
  'menu.copy': 'Wert kopieren',
  'menu.copied': '{value} kopiert.',
  'menu.copyFailed': '{value} konnte nicht kopiert werden: Das System verweigert die Zwischenablage.',

  // Ein bereites Update, über der Liste
  'updateLine.ready': 'Update bereit',
  'updateLine.restart': 'Neu starten',

  // Eine leere Liste
  'empty.noMatch': 'Kein Zähler passt zu „{query}“.',
  'empty.clearSearch': 'Suche leeren',
  'empty.none': 'Noch ist kein Zähler mit dir geteilt.',
  'empty.howPublic': 'Counter Tray kann keine Zähler anlegen: Leg einen auf CountTogether an oder lass dir einen freigeben – er erscheint dann hier.',
  'empty.howOther': 'Counter Tray kann keine Zähler anlegen: Zähler entstehen auf der Website deines Servers. Sobald einer mit dir geteilt ist, erscheint er hier.',
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
  'row.sendingSlowly': 'wird noch gesendet\u00a0…',
  'row.stateSendingSlowly': 'wird noch gesendet',
  'row.statePending': 'noch nicht bestätigt',
  'row.statePinned': 'angeheftet',
  'row.waiting': '{count, plural, one {# wartet} other {# warten}}',
  'row.actions': 'Aktionen für {name}',
  'row.actionsTitle': 'Weitere Aktionen',
  'row.pendingMark': 'Vom Server noch nicht bestätigt',
  'row.edit': '{name} bearbeiten',
  'row.editTitle': 'Bearbeiten, Kürzel, Mitteilungen',
  'row.activity': 'Verlauf von {name}',
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
