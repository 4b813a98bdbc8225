// What the README's pictures show (scripts/readme-screenshots.ts): the demo's counters and
// groups named per language, and the long list for the 200 % picture.
import { DEMO_COUNTER_IDS, demoFixtures } from '../src-service/index';
import type { Language } from '../src-shared/i18n/locale';

/** The OS's preferred languages for each language pictured. */
export const SYSTEM_LANGUAGES: Record<Language, string[]> = { en: ['en-US'], de: ['de-DE'] };
export const MANY_TOKEN = 'ada-secret-token-0123456789';

/** What the pictures call things, per language: the demo's counters as a German user would name them. */
export const NAMES = {
  en: { coffees: 'Coffees today', pushUps: 'Push-ups this week', sinceMovedIn: 'Since we moved in', long: 'Glasses of water before the stand-up mtg', kitchen: 'Kitchen', days: 'Days', many: ['Coffees today', 'Glasses of water', 'Push-ups this week', 'Pages read', 'Stand-ups attended', 'Bugs fixed', 'Plants watered', 'Km cycled'] },
  de: { coffees: 'Kaffee heute', pushUps: 'Liegestütze diese Woche', sinceMovedIn: 'Seit dem Umzug', long: 'Gläser Wasser vor dem Stand-up-Meeting', kitchen: 'Küche', days: 'Tage', many: ['Kaffee heute', 'Gläser Wasser', 'Liegestütze', 'Gelesene Seiten', 'Stand-ups', 'Behobene Fehler', 'Gegossene Pflanzen', 'Gefahrene km'] },
} as const satisfies Record<Language, unknown>;
const GERMAN_DEMO: Record<string, string> = {
  [DEMO_COUNTER_IDS.coffees]: NAMES.de.coffees,
  [DEMO_COUNTER_IDS.sinceMovedIn]: NAMES.de.sinceMovedIn,
  [DEMO_COUNTER_IDS.untilTrip]: 'Bis zur Reise',
  [DEMO_COUNTER_IDS.pushUps]: NAMES.de.pushUps,
  [DEMO_COUNTER_IDS.cookiesLeft]: 'Kekse übrig',
  [DEMO_COUNTER_IDS.alansPlants]: 'Alans Pflanzen gegossen',
};

/** The demo's data, its counters named as a German user would name them. */
export function demoIn(lang: Language) {
  const fixtures = demoFixtures();
  if (lang === 'en') return fixtures;
  return { ...fixtures, counters: fixtures.counters.map((c) => ({ ...c, name: GERMAN_DEMO[c.id] ?? c.name })) };
}

/** 300 counters of one member, named in the pictures' language. */
export const manyCounters = (language: Language) => {
  const member = { userId: '0b9a6c1e-6f0e-4a59-9d61-1f7d3c1c2a10', isAdmin: true };
  const names = NAMES[language].many;
  return {
    users: [{ id: member.userId, displayName: 'Ada Lovelace', token: MANY_TOKEN }],
    counters: Array.from({ length: 300 }, (_, i) => ({
      id: `019a4f2e-8c00-7d3a-9b1e-${String(i).padStart(12, '0')}`,
      name: `${names[i % names.length] ?? 'Counter'} ${Math.floor(i / names.length) + 1}`,
      type: 'UpDown' as const,
      value: (i * 37) % 250,
      created: '2026-01-05T09:00:00Z',
      members: [member],
    })),
  };
};
