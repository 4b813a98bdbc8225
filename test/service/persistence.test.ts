// The service's `--state FILE` (src-service/README.md) through the programmatic API: changes, deletions, member
// lists and revocations survive a restart; a broken state file is refused, and a change
// that cannot be saved is not applied.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startCounterService } from '../../src-service/index';
import { DEMO_OTHER_USER_ID, IDS, startHarness } from './helpers';

const tempState = (): { file: string } => {
  const dir = mkdtempSync(join(tmpdir(), 'counter-state-'));
  return { file: join(dir, 'state.json') };
};

describe('state persistence', () => {
  it('a restart with the same state file sees every applied change, deletion, member list and revocation', async () => {
    const { file } = tempState();
    const first = await startHarness({ statePath: file });
    await first.post(`/v2/counters/${IDS.coffees}/increment/4`);
    await first.patch(`/v2/counters/${IDS.untilTrip}`, { endDate: '2027-06-01' });
    first.service.deleteCounter(IDS.pushUps);
    first.service.setMembers(IDS.sinceMovedIn, [{ userId: DEMO_OTHER_USER_ID, isAdmin: true }]);
    first.service.revokeToken('demo-token-grace');
    await first.service.close();

    const second = await startHarness({ statePath: file });
    expect(second.service.getCounter(IDS.coffees)?.value).toBe(7);
    expect(second.service.getCounter(IDS.untilTrip)?.endDate).toBe('2027-06-01');
    expect(second.service.getCounter(IDS.pushUps)).toBeUndefined();
    expect(second.service.getCounter(IDS.sinceMovedIn)?.members).toEqual([{ userId: DEMO_OTHER_USER_ID, isAdmin: true }]);
    expect((await second.get('/v2/counters?timezone=UTC', 'demo-token-grace')).status).toBe(401);
  });

  it('a refused request does not touch the state file', async () => {
    const { file } = tempState();
    const h = await startHarness({ statePath: file });
    await h.post(`/v2/counters/${IDS.coffees}/increment`);
    const saved = readFileSync(file, 'utf8');
    expect((await h.patch(`/v2/counters/${IDS.coffees}`, { name: 'Fine name', startDate: '2026-01-01' })).status).toBe(400);
    expect(readFileSync(file, 'utf8')).toBe(saved);
  });

  it.each([
    ['not JSON', '{"version":1,'],
    ['the wrong shape', '{"version":2,"counters":[],"revokedTokens":[]}'],
    ['a counter with an unknown member', JSON.stringify({ version: 1, revokedTokens: [], counters: [{ id: IDS.coffees, name: 'Coffees', type: 'UpDown', value: 1, created: '2026-01-01T00:00:00Z', members: [{ userId: '00000000-0000-4000-8000-000000000000', isAdmin: true }] }] })],
  ])('a state file with %s is refused at start', async (_what, text) => {
    const { file } = tempState();
    writeFileSync(file, text);
    await expect(startCounterService({ fixtures: 'demo', statePath: file })).rejects.toThrow(/State file|unknown user/);
  });

  it('a change that cannot be saved is answered 500 with the error body and not applied', async () => {
    const { file } = tempState();
    const h = await startHarness({ statePath: file });
    await h.post(`/v2/counters/${IDS.coffees}/increment`);
    // Put a non-empty folder where the file was: rename onto it fails, even for root.
    rmSync(file);
    mkdirSync(file);
    writeFileSync(join(file, 'keep'), '');
    const res = await h.post(`/v2/counters/${IDS.coffees}/increment`);
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
    expect(h.service.getCounter(IDS.coffees)?.value).toBe(4);
    expect(readdirSync(dirname(file))).toEqual(['state.json']); // no temp file left behind
  });
});
