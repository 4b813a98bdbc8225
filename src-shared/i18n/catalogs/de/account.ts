// Das Token: Start, erster Start, Abmelden: dieselben Schlüssel wie ../en/account.ts (der Typ prüft es).
import type { account as en } from '../en/account';
import type { CatalogPart } from '../../messages';

export const account = {
  // Start mit gespeichertem Token
  'connecting.demo': 'Demo startet\u00a0…',
  'connecting.title': 'Verbinde mit {host}\u00a0…',
  'connecting.keepsTrying': 'Counter Tray versucht es von selbst weiter.',
  'connecting.loading': 'Deine Zähler werden geladen.',

  // Erster Start, Token ersetzen
  'onboarding.title': 'Mit CountTogether verbinden',
  'onboarding.titleReplace': 'Token ersetzen',
  'onboarding.intro': 'Füge ein persönliches API-Token aus deinen CountTogether-Einstellungen ein. Die App speichert es und zeigt es nie wieder.',
  'onboarding.getToken': 'Token holen',
  'onboarding.token': 'API-Token',
  'onboarding.show': 'Zeigen',
  'onboarding.hide': 'Verbergen',
  'onboarding.advanced': 'Erweitert',
  'onboarding.server': 'Server',
  'onboarding.connect': 'Verbinden',
  'onboarding.badUrl': 'Das ist keine gültige Serveradresse. Ein Beispiel: {example}',
  'onboarding.noToken': 'Füge zuerst dein API-Token ein. Du findest es in deinen CountTogether-Einstellungen.',
  'onboarding.demo': 'Demo',
  'onboarding.demoIntro': 'Noch kein Konto? Schau dich mit Beispielzählern auf einem lokalen Demo-Server um.',
  'onboarding.tryDemo': 'Demo ausprobieren',

  // Abmelden
  'signOut.button': 'Abmelden',
  'signOut.leaveDemo': 'Demo verlassen',
  'signOut.question': 'Abmelden? Counter Tray vergisst dein Token, und CountTogether kann es nicht noch einmal zeigen: Du brauchst dann ein neues.',
} as const satisfies CatalogPart<typeof en>;
