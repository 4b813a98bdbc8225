// Der deutsche Katalog. Counter Tray duzt: ein persönliches Werkzeug für Kaffees, Liegestütze
// und Tage bis zum Urlaub, oft mit Freunden und Familie geteilt; seine kurzen Sätze (ein
// Tray-Eintrag, eine einzeilige Fehlermeldung) klingen mit „Sie“ steif und werden länger.
// Eine Anrede durchgehend (der Katalogtest prüft es), deutsche Anführungszeichen („…“),
// kein Wort-für-Wort: die Stimme der App.
// Eine Datei je Bereich der App, wie en/ geordnet und hier zusammengeführt.
import type { Catalog } from '../../messages';
import { common } from './common';
import { list } from './list';
import { changes } from './changes';
import { account } from './account';
import { edit } from './edit';
import { settings } from './settings';
import { activity } from './activity';
import { errors } from './errors';
import { desktop } from './desktop';
import { organise } from './organise';

export const de = { ...common, ...list, ...changes, ...account, ...edit, ...settings, ...activity, ...errors, ...desktop, ...organise } as const satisfies Catalog;
