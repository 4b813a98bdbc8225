// A PATCH answer's day value is counted in the server's default zone (PATCH takes no
// timezone, docs/api.md §4.2), not in ours. Pago Pago (UTC−11) and Kiritimati (UTC+14) are 25 hours
// apart, so their dates differ at every hour: the test does not depend on when it runs
// (the old core failed converge/variants only from 23:00 to 24:00 UTC, against Berlin).
import { describe, expect, it } from 'vitest';
import type { RemoteChange } from '../../../src-shared/domain/snapshot';
import { TO_DATE, USERS, counter, startCore, startService, until } from '../../support/core-harness';

const OURS = 'Pacific/Pago_Pago';

/** What the server says the counter shows in `timezone`: the oracle, asked over HTTP. */
async function valueIn(baseUrl: string, timezone: string): Promise<number> {
  const answer = await fetch(`${baseUrl}/v2/counters/${TO_DATE}?timezone=${encodeURIComponent(timezone)}`, {
    headers: { authorization: `Bearer ${USERS.ada.token}` },
  });
  return ((await answer.json()) as { value: number }).value;
}

describe('a day counter edited through PATCH', () => {
  for (const patchBody of ['counter', 'envelope', 'empty'] as const) {
    it(`shows the value for our zone, and its echo is ours (PATCH answer: ${patchBody})`, async () => {
      const service = await startService({ variant: { timezoneDefault: 'Pacific/Kiritimati', patchBody } });
      const [ada, alan] = await Promise.all([
        startCore(service.url, USERS.ada.token, { timezone: OURS }),
        startCore(service.url, USERS.alan.token, { timezone: OURS }),
      ]);
      const adaSaw: RemoteChange[] = [];
      const alanSaw: RemoteChange[] = [];
      ada.onRemoteChange((change) => adaSaw.push(change));
      alan.onRemoteChange((change) => alanSaw.push(change));

      const moved = await ada.update(TO_DATE, { endDate: '2027-06-01' });
      const expected = await valueIn(service.url, OURS);
      expect(expected).not.toBe(await valueIn(service.url, 'Pacific/Kiritimati')); // the zones' dates differ
      expect(moved.value).toBe(expected);
      expect(counter(ada.snapshot(), TO_DATE)).toMatchObject({ endDate: '2027-06-01', value: expected });

      // Alan sees it as someone else's change, with our zone's value; Ada's own echo is not reported.
      await until(alan, (s) => counter(s, TO_DATE)?.endDate === '2027-06-01' && alanSaw.length > 0, 5000, "Alan's view of the edit");
      expect(alanSaw.map((c) => c.to)).toEqual([expected]);
      await ada.settled();
      expect(adaSaw).toEqual([]);
    });
  }
});
