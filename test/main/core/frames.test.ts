// Malformed frames and unknown methods are ignored and counted, never thrown (docs/api.md §6, O6);
// the socket keeps working afterwards.
import { describe, expect, it } from 'vitest';
import { SHARED, USERS, counter, serverValue, startCore, startService, until } from '../../support/core-harness';

describe('malformed and unknown frames', () => {
  it('are counted and ignored; real notifications still apply', async () => {
    const service = await startService();
    const ada = await startCore(service.url, USERS.ada.token);
    const alan = await startCore(service.url, USERS.alan.token);
    const id = SHARED[1]!;
    const garbage = [
      'not json at all',
      '[1,2,3]',
      JSON.stringify({ jsonrpc: '2.0', method: 'counterUpdated', params: { counterId: id, value: 'lots' } }),
      JSON.stringify({ jsonrpc: '2.0', method: 'somethingNew', params: { whatever: true } }),
      JSON.stringify({ jsonrpc: '2.0', id: 7, result: 1 }),
    ];
    for (const text of garbage) service.broadcastRaw(USERS.ada.id, text);
    await until(ada, (s) => s.stats.ignoredFrames === garbage.length, 5000, 'ignored frames');
    expect(ada.snapshot().connection.status).toBe('live');

    alan.increment(id, 5);
    await alan.settled();
    await until(ada, (s) => counter(s, id)?.value === serverValue(service, id), 5000, 'the real update');
  });
});
