// The reference service's data for the e2e run (src-service/fixtures.ts format): two users who
// share counters, one of every type, and an OnlyUp counter the server refuses to decrement.
import type { FixturesFile } from '../../src-service/index';

export const ADA = { id: '0b9a6c1e-6f0e-4a59-9d61-1f7d3c1c2a10', token: 'ada-secret-token-0123456789' };
export const ALAN = { id: '5d0f3e9b-2c41-4f7e-8a3b-7c6e1d2f4a55', token: 'alan-secret-token-0123456789' };

export const COUNTER = {
  coffees: '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b12',
  movedIn: '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b13',
  trip: '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b14',
  pushUps: '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b15',
} as const;

export function e2eFixtures(): FixturesFile {
  const ada = { userId: ADA.id, isAdmin: true };
  const alan = { userId: ALAN.id, isAdmin: false };
  return {
    users: [
      { id: ADA.id, displayName: 'Ada Lovelace', token: ADA.token },
      { id: ALAN.id, displayName: 'Alan Turing', token: ALAN.token },
    ],
    counters: [
      { id: COUNTER.coffees, name: 'Coffees today', type: 'UpDown', value: 3, mode: 'UpAndDown', created: '2026-01-05T09:00:00Z', members: [ada, alan] },
      { id: COUNTER.movedIn, name: 'Since we moved in', type: 'FromDate', startDate: '2024-02-29', created: '2024-02-29T18:30:00Z', members: [ada] },
      { id: COUNTER.trip, name: 'Until the trip', type: 'ToDate', endDate: '2027-03-01', created: '2026-10-01T12:00:00Z', members: [ada, alan] },
      { id: COUNTER.pushUps, name: 'Push-ups this week', type: 'UpDown', value: 40, mode: 'OnlyUp', created: '2026-03-02T07:15:00Z', members: [ada] },
    ],
  };
}
