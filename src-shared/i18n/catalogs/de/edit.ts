// Einen Zähler und seine Tastenkürzel bearbeiten: dieselben Schlüssel wie ../en/edit.ts (der Typ prüft es).
import type { edit as en } from '../en/edit';
import type { CatalogPart } from '../../messages';

export const edit = {
  // Einen Zähler bearbeiten
  'edit.title': 'Zähler bearbeiten',
  'edit.titleNamed': '„{name}“ bearbeiten',
  'edit.gone': 'Dieser Zähler ist nicht mehr mit dir geteilt und lässt sich daher nicht bearbeiten. Wer ihn besitzt, kann ihn wieder teilen.',
  'edit.backToList': 'Zurück zur Liste',
  'edit.name': 'Name',
  'edit.value': 'Wert',
  'edit.countingSince': 'Zählt seit',
  'edit.countingDownTo': 'Zählt herunter bis',
  'edit.nameEmpty': 'Der Name darf nicht leer sein.',
  'edit.nameRefused': 'Der Server hat diesen Namen nicht angenommen. Versuche einen anderen.',
  'edit.valueNotNumber': 'Der Wert muss eine Zahl sein.',
  'edit.valueNotWhole': 'Der Wert muss eine ganze Zahl sein.',
  'edit.pickStart': 'Wähle ein Startdatum.',
  'edit.pickEnd': 'Wähle ein Enddatum.',
  'edit.openSite': 'In CountTogether öffnen',
  'edit.discardQuestion': 'Deine Änderungen verwerfen?',
  'edit.discard': 'Verwerfen',
  'local.title': 'Auf diesem Computer',
  'local.notify': 'Mitteilung, wenn andere ihn ändern',
  'local.notificationsOff': 'Mitteilungen sind in den Einstellungen aus.',
  'local.step': 'Schritt für + und −',
  'local.stepDetail': 'In der Liste, im Tray-Menü und für Kürzel',
  'local.stepNotWhole': 'Ein Schritt ist eine ganze Zahl ab 1.',
  'local.shortcut': 'Kürzel für {amount}',

  // Tastenkürzel
  'shortcut.open': 'Popup öffnen',
  'shortcut.counter': '{amount} für {name}',
  'shortcut.unknownCounter': 'einen nicht mehr geteilten Zähler',
  'shortcut.none': 'Keins',
  'shortcut.record': 'Aufnehmen',
  'shortcut.pressKeys': 'Tasten drücken\u00a0…',
  'shortcut.clear': 'Entfernen',
  'shortcut.clearLabel': 'Kürzel „{label}“ entfernen',
  'shortcut.needsModifier': 'Nimm {modifiers} zu {key} dazu: Sonst fehlt die Taste in allen anderen Apps.',
  'shortcut.conflict': '{keys} ist schon belegt: {other}. Nimm ein anderes.',
  'shortcut.failure': '{keys} ließ sich nicht festlegen: {reason}',
  'shortcut.taken': 'Eine andere App nutzt dieses Kürzel schon, oder der Desktop erlaubt keine globalen Kürzel.',
} as const satisfies CatalogPart<typeof en>;
