// A long list for the e2e specs: `count` UpDown counters, "Counter number i", shared by Ada and Alan.
import { ADA, ALAN, e2eFixtures } from '../../../dev-tools/web/e2e-fixtures';

export const idOf = (i: number) => `019a4f2e-8c00-7d3a-9b1e-${String(i).padStart(12, '0')}`;

export function manyCounters(count: number, valueOf = (i: number) => i * 7) {
  const base = e2eFixtures();
  const members = [
    { userId: ADA.id, isAdmin: true },
    { userId: ALAN.id, isAdmin: false },
  ];
  return {
    users: base.users,
    counters: Array.from({ length: count }, (_, i) => ({ id: idOf(i), name: `Counter number ${i}`, type: 'UpDown' as const, value: valueOf(i), created: '2026-01-05T09:00:00Z', members })),
  };
}
