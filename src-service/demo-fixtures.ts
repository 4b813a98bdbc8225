// The built-in demo set (`--fixtures demo`): a few users and counters of every type and
// mode, so the app's demo mode and manual testing have something to show.
import type { FixturesFile } from './fixtures';

/** The demo user's personal API token (Ada). */
export const DEMO_TOKEN = 'demo-token-ada';
export const DEMO_USER_ID = '0b9a6c1e-6f0e-4a59-9d61-1f7d3c1c2a10';
export const DEMO_OTHER_TOKEN = 'demo-token-alan';
export const DEMO_OTHER_USER_ID = '5d0f3e9b-2c41-4f7e-8a3b-7c6e1d2f4a55';
export const DEMO_OUTSIDER_TOKEN = 'demo-token-grace';
export const DEMO_OUTSIDER_USER_ID = '8e2c4b1a-3d5f-4e6a-9b7c-0d1e2f3a4b5c';

export const DEMO_COUNTER_IDS = {
  coffees: '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b12',
  sinceMovedIn: '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b13',
  untilTrip: '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b14',
  pushUps: '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b15',
  cookiesLeft: '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b16',
  alansPlants: '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b17',
  gracesBooks: '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b18',
} as const;

const ada = { userId: DEMO_USER_ID, isAdmin: true };
const alan = { userId: DEMO_OTHER_USER_ID, isAdmin: false };

export interface DemoTokens {
  ada: string;
  alan: string;
  grace: string;
}

/** The published tokens: for tests and `--fixtures demo` on the command line. The app's demo draws its own per launch. */
export const PUBLISHED_DEMO_TOKENS: DemoTokens = { ada: DEMO_TOKEN, alan: DEMO_OTHER_TOKEN, grace: DEMO_OUTSIDER_TOKEN };

export function demoFixtures(tokens: DemoTokens = PUBLISHED_DEMO_TOKENS): FixturesFile {
  return {
    users: [
      { id: DEMO_USER_ID, displayName: 'Ada Lovelace', token: tokens.ada },
      { id: DEMO_OTHER_USER_ID, displayName: 'Alan Turing', token: tokens.alan },
      { id: DEMO_OUTSIDER_USER_ID, displayName: 'Grace Hopper', token: tokens.grace },
    ],
    counters: [
      { id: DEMO_COUNTER_IDS.coffees, name: 'Coffees today', type: 'UpDown', value: 3, mode: 'UpAndDown', created: '2026-01-05T09:00:00Z', members: [ada, alan] },
      { id: DEMO_COUNTER_IDS.sinceMovedIn, name: 'Since we moved in', type: 'FromDate', startDate: '2024-02-29', created: '2024-02-29T18:30:00Z', members: [ada] },
      { id: DEMO_COUNTER_IDS.untilTrip, name: 'Until the trip', type: 'ToDate', endDate: '2027-03-01', created: '2026-10-01T12:00:00Z', members: [ada, alan] },
      { id: DEMO_COUNTER_IDS.pushUps, name: 'Push-ups this week', type: 'UpDown', value: 40, mode: 'OnlyUp', created: '2026-03-02T07:15:00Z', members: [ada] },
      { id: DEMO_COUNTER_IDS.cookiesLeft, name: 'Cookies left', type: 'UpDown', value: 12, mode: 'OnlyDown', created: '2026-11-01T16:00:00Z', members: [{ ...alan, isAdmin: true }, { ...ada, isAdmin: false }] },
      { id: DEMO_COUNTER_IDS.alansPlants, name: "Alan's plants watered", type: 'UpDown', value: 7, created: '2026-05-20T10:00:00Z', members: [{ ...alan, isAdmin: true }] },
      { id: DEMO_COUNTER_IDS.gracesBooks, name: 'Books Grace read', type: 'UpDown', value: 21, created: '2026-02-14T20:00:00Z', members: [{ userId: DEMO_OUTSIDER_USER_ID, isAdmin: true }] },
    ],
  };
}
