// Gemeinsame Wörter und die Tasten der Tastatur: dieselben Schlüssel wie ../en/common.ts (der Typ prüft es).
import type { common as en } from '../en/common';
import type { CatalogPart } from '../../messages';

export const common = {
  // Gemeinsame Wörter
  'common.cancel': 'Abbrechen',
  'common.back': 'Zurück',
  'common.backTitle': 'Zurück (Esc)',
  'common.save': 'Sichern',
  'common.saving': 'Wird gesichert\u00a0…',
  'counter.gone': 'Dieser Zähler ist nicht mehr mit dir geteilt.',
  'app.name': 'Counter Tray',
  'app.windowNeedsApp': 'Dieses Fenster muss von der App Counter Tray geöffnet werden.',
  // Eine Ansicht oder eine Zeile, die sich nicht zeichnen lässt
  'boundary.screen': 'Diese Ansicht kann nicht angezeigt werden.',
  'boundary.row': 'Dieser Zähler kann nicht angezeigt werden.',
  'boundary.backToList': 'Zurück zur Liste',

  // Tasten, wie sie auf deutschen Tastaturen heißen
  'key.ctrl': 'Strg',
  'key.alt': 'Alt',
  'key.altGr': 'AltGr',
  'key.shift': 'Umschalt',
  'key.super': 'Super',
  'key.enter': 'Eingabe',
  'key.esc': 'Esc',
  'key.space': 'Leertaste',
  'key.tab': 'Tab',
  'key.backspace': 'Rücktaste',
  'key.delete': 'Entf',
  'key.insert': 'Einfg',
  'key.home': 'Pos1',
  'key.end': 'Ende',
  'key.pageUp': 'Bild auf',
  'key.pageDown': 'Bild ab',
  'key.up': 'Pfeil hoch',
  'key.down': 'Pfeil runter',
  'key.left': 'Pfeil links',
  'key.right': 'Pfeil rechts',
  'key.plus': 'Plus',
  'key.numpad': 'Num {key}',
} as const satisfies CatalogPart<typeof en>;
