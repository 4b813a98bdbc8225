// The fixtures format (src-service/fixtures.ts), and refusal of a bad file naming its first bad entry
// (the service never starts half-loaded).
import { describe, expect, it } from 'vitest';
import { FixturesError, demoFixtures, loadFixtures, startCounterService } from '../../src-service/index';

const ADA = '0b9a6c1e-6f0e-4a59-9d61-1f7d3c1c2a10';
const member = { userId: ADA, isAdmin: true };
const good = () => ({
  users: [{ id: ADA, displayName: 'Ada Lovelace', token: 'ada-secret-token' }],
  counters: [
    { id: '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b12', name: 'Coffees today', type: 'UpDown', value: 3, created: '2026-01-05T09:00:00Z', members: [member] },
    { id: '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b13', name: 'Since we moved in', type: 'FromDate', startDate: '2024-02-29', created: '2024-02-29T18:30:00Z', members: [member] },
    { id: '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b14', name: 'Until the trip', type: 'ToDate', endDate: '2027-03-01', created: '2026-10-01T12:00:00Z', members: [member] },
  ],
});

describe('fixtures', () => {
  it('the example of fixtures.md loads; mode defaults to UpAndDown', () => {
    expect(loadFixtures(good()).counters[0]).toMatchObject({ mode: 'UpAndDown' });
  });

  it('the demo set loads and has every type and the modes OnlyUp/OnlyDown', () => {
    const demo = loadFixtures(demoFixtures());
    expect(new Set(demo.counters.map((c) => c.type))).toEqual(new Set(['UpDown', 'FromDate', 'ToDate']));
    expect(new Set(demo.counters.map((c) => c.mode).filter(Boolean))).toEqual(new Set(['UpAndDown', 'OnlyUp', 'OnlyDown']));
  });

  type Fixture = ReturnType<typeof good>;
  it.each<[string, (f: Fixture) => unknown, RegExp]>([
    ['UpDown without value', (f) => ({ ...f, counters: [f.counters[0], { ...f.counters[0], id: '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b99', value: undefined }] }), /counters\[1\] \(id 019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b99\) field value/],
    ['FromDate without startDate', (f) => ({ ...f, counters: [{ ...f.counters[1], startDate: undefined }] }), /counters\[0\].*startDate/],
    ['ToDate with a bad endDate', (f) => ({ ...f, counters: [{ ...f.counters[2], endDate: '2027-3-1' }] }), /counters\[0\].*endDate/],
    ['an unknown type', (f) => ({ ...f, counters: [{ ...f.counters[0], type: 'Sideways' }] }), /counters\[0\].*type/],
    ['a member who is not a user', (f) => ({ ...f, counters: [{ ...f.counters[0], members: [{ userId: '00000000-0000-4000-8000-000000000000', isAdmin: false }] }] }), /counters\[0\].*unknown user/],
    ['a duplicate counter id', (f) => ({ ...f, counters: [f.counters[0], f.counters[0]] }), /counters\[1\].*duplicate counter id/],
    ['a user without token', (f) => ({ ...f, users: [{ id: ADA, displayName: 'Ada' }] }), /users\[0\] \(id 0b9a6c1e.*\) field token/],
    ['a duplicate token', (f) => ({ ...f, users: [...f.users, { id: '5d0f3e9b-2c41-4f7e-8a3b-7c6e1d2f4a55', displayName: 'Alan', token: 'ada-secret-token' }] }), /users\[1\].*duplicate token/],
    ['a token with a space', (f) => ({ ...f, users: [{ ...f.users[0], token: 'ada token' }] }), /users\[0\].*field token/],
    ['a token beyond ASCII', (f) => ({ ...f, users: [{ ...f.users[0], token: 'adä-token' }] }), /users\[0\].*field token/],
    ['no counters list', (f) => ({ users: f.users }), /counters/],
    ['not an object', () => 'fixtures', /Fixtures refused/],
  ])('refuses %s, naming the entry', (_what, mutate, message) => {
    expect(() => loadFixtures(mutate(good()))).toThrow(FixturesError);
    expect(() => loadFixtures(mutate(good()))).toThrow(message);
  });

  it('startCounterService refuses a bad file before it listens', async () => {
    await expect(startCounterService({ fixtures: { users: [], counters: [{ id: 'x' }] } })).rejects.toThrow(/counters\[0\]/);
  });
});
