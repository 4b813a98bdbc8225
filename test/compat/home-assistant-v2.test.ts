// Compatibility with the public CountTogether Home Assistant integration (v2), written
// from its source (repository CountTogether/home-assistant-integration @ 38c75517; files
// in ./sources.ts). Its calls are replayed as api.py makes them (always `?timezone=`, the
// same JSON headers on every call, `/{amount}` paths) and the answers read as it reads
// them; each "breaks" case runs the same assertion against a service variant that lacks
// what the integration relies on and expects it to fail.
import { describe, expect, it } from 'vitest';
import type { VariantInput } from '../../src-service/index';
import { DEMO_OTHER_TOKEN, DEMO_OTHER_USER_ID, DEMO_OUTSIDER_TOKEN, DEMO_TOKEN, DEMO_USER_ID, IDS, startHarness } from '../service/helpers';
import type { Harness } from '../service/helpers';
import { HaApiError, HaAuthError, HaCoordinatorMirror, HaCounter, HaListenerCrash, HaNotFoundError, haClient } from './home-assistant-mirror';
import { openRawSocket } from './raw-socket';
import type { RawSocket } from './raw-socket';
import { HA, cite } from './sources';

/** UTC+14: on the harness clock (2026-11-22 12:00 UTC) it is already 23 November there. */
const ZONE = 'Pacific/Kiritimati';

/** __init__.py async_setup_entry: first refresh, then the WebSocket listener (coordinator.py). */
async function startIntegration(h: Harness, timezone = ZONE): Promise<{ client: ReturnType<typeof haClient>; coordinator: HaCoordinatorMirror; socket: RawSocket }> {
  const client = haClient(h, DEMO_TOKEN, timezone);
  const coordinator = new HaCoordinatorMirror(client);
  await coordinator.refresh();
  h.clock.tick(1000);
  const socket = await openRawSocket(client.wsUrl(), { Authorization: `Bearer ${DEMO_TOKEN}` });
  return { client, coordinator, socket };
}

describe(`Home Assistant v2: REST calls ${cite(HA.api)}`, () => {
  // api.py _request: params.setdefault("timezone", ...) on every call; list_counters; coordinator.py
  // _async_update_data keys the list by c["id"]; sensor.py/services.py read name, type (== const.py's
  // spellings), value, created, startDate, endDate.
  it(`list_counters sends ?timezone= and every counter has what the sensors read, resolved in that zone ${cite(HA.api, HA.coordinator, HA.sensor, HA.const)}`, async () => {
    const h = await startHarness();
    const kiritimati = haClient(h, DEMO_TOKEN, ZONE);
    const pagoPago = haClient(h, DEMO_TOKEN, 'Pacific/Pago_Pago'); // UTC-11: still 22 November
    const east = (await kiritimati.listCounters()).map((c) => HaCounter.parse(c));
    const west = (await pagoPago.listCounters()).map((c) => HaCounter.parse(c));
    expect(kiritimati.calls[0]?.url).toBe(`/v2/counters?timezone=${encodeURIComponent(ZONE)}`);
    const since = (list: HaCounter[]) => list.find((c) => c.id === IDS.sinceMovedIn)?.value ?? Number.NaN;
    expect(since(east) - since(west)).toBe(1); // the zone HA sends is the zone the days are counted in
    expect(east.find((c) => c.id === IDS.sinceMovedIn)).toMatchObject({ type: 'FromDate', startDate: '2024-02-29' });
    expect(east.find((c) => c.id === IDS.untilTrip)).toMatchObject({ type: 'ToDate', endDate: '2027-03-01' });
  });

  // api.py get_counter: GET /counters/{id}?timezone=, a `data` envelope unwrapped if present.
  it(`get_counter answers one counter ${cite(HA.api, HA.sensor)}`, async () => {
    const h = await startHarness();
    expect(HaCounter.parse(await haClient(h, DEMO_TOKEN, ZONE).getCounter(IDS.coffees))).toMatchObject({ id: IDS.coffees, name: 'Coffees today', type: 'UpDown', value: 3 });
  });

  // api.py increment/decrement: POST /counters/{id}/increment/{amount}?timezone= with Content-Type:
  // application/json and no body, then int(result) on resp.json(); button.py always passes amount 1.
  const decrementCases: [string, VariantInput, boolean][] = [
    ['default service: a bare number', {}, true],
    ['breaks: decrementBody=object', { decrementBody: 'object' }, false],
    ['breaks: decrementBody=empty (204)', { decrementBody: 'empty' }, false],
  ];
  it.each(decrementCases)(`increment/{n} and decrement/{n} answers are read with int() — %s ${cite(HA.api, HA.button, HA.services)}`, async (_label, variant, works) => {
    const h = await startHarness({ variant });
    const client = haClient(h, DEMO_TOKEN, ZONE);
    expect(await client.increment(IDS.coffees, 1)).toBe(4);
    expect(await client.increment(IDS.coffees, 3)).toBe(7);
    const call = client.calls[0];
    expect(call).toMatchObject({ method: 'POST', url: `/v2/counters/${IDS.coffees}/increment/1?timezone=${encodeURIComponent(ZONE)}`, body: undefined });
    expect(call?.headers['Content-Type']).toBe('application/json');
    const decremented = client.decrement(IDS.coffees, 2);
    if (works) expect(await decremented).toBe(5);
    else await expect(decremented).rejects.toThrow(TypeError);
    expect(h.service.getCounter(IDS.coffees)?.value).toBe(5); // applied either way: only the answer differs
  });

  // api.py patch_counter: PATCH /counters/{id}?timezone= with a JSON body, "Returns updated counter
  // object" (a `data` envelope unwrapped, 204 → None); services.py set_value / set_start_date use it.
  const patchCases: [string, VariantInput, boolean][] = [
    ['default service: the counter', {}, true],
    ['the envelope is unwrapped: patchBody=envelope', { patchBody: 'envelope' }, true],
    ['breaks: patchBody=empty (204, None)', { patchBody: 'empty' }, false],
  ];
  it.each(patchCases)(`patch_counter answers the updated counter, resolved in the zone it sent — %s ${cite(HA.api, HA.services)}`, async (_label, variant, works) => {
    const h = await startHarness({ variant });
    const client = haClient(h, DEMO_TOKEN, ZONE);
    const patchedValue = await client.patchCounter(IDS.coffees, { value: 9 });
    const patchedDate = await client.patchCounter(IDS.sinceMovedIn, { startDate: '2026-11-20' });
    expect(h.service.getCounter(IDS.coffees)?.value).toBe(9);
    if (!works) {
      expect(HaCounter.safeParse(patchedValue).success).toBe(false);
      return;
    }
    expect(HaCounter.parse(patchedValue)).toMatchObject({ id: IDS.coffees, value: 9 });
    // 20 → 23 November in Kiritimati: 3 days; the same counter read back in that zone agrees.
    expect(HaCounter.parse(patchedDate)).toMatchObject({ id: IDS.sinceMovedIn, startDate: '2026-11-20', value: 3 });
    expect(HaCounter.parse(await client.getCounter(IDS.sinceMovedIn)).value).toBe(3);
  });

  // api.py _request: 401/403 → CountTogetherAuthError, 404 → CountTogetherNotFoundError, other non-ok → CountTogetherApiError.
  it(`refusals map onto the integration's three errors by status ${cite(HA.api)}`, async () => {
    const h = await startHarness();
    await expect(haClient(h, 'not-a-token', ZONE).listCounters()).rejects.toThrow(HaAuthError);
    await expect(haClient(h, DEMO_OUTSIDER_TOKEN, ZONE).increment(IDS.coffees)).rejects.toThrow(HaAuthError);
    await expect(haClient(h, DEMO_TOKEN, ZONE).getCounter('019a4f2e-8c00-7d3a-9b1e-ffffffffffff')).rejects.toThrow(HaNotFoundError);
    await expect(haClient(h, DEMO_TOKEN, ZONE).decrement(IDS.pushUps)).rejects.toThrow(HaApiError);
  });
});

describe(`Home Assistant v2: WebSocket listener ${cite(HA.coordinator)}`, () => {
  // coordinator.py _ws_listener: session.ws_connect(client.ws_url, headers={"Authorization": ...}),
  // TEXT frames only; _handle_ws_message merges name/type/value of a known counterId.
  it(`counterUpdated arrives as a TEXT frame and is merged, its value resolved in the connection's zone ${cite(HA.coordinator, HA.api)}`, async () => {
    const h = await startHarness();
    const { coordinator, socket } = await startIntegration(h);
    expect(socket.upgradeHeaders.deprecation).toBeUndefined(); // a v2 path
    await h.patch(`/v2/counters/${IDS.untilTrip}?timezone=UTC`, { endDate: '2026-12-01' }, DEMO_OTHER_TOKEN);
    const frame = await socket.next();
    expect(frame.binary).toBe(false);
    expect(await coordinator.onFrame(frame)).toBe('merged');
    // 23 November (Kiritimati) → 1 December: 8 days; in UTC it would still be 9. The v2 params (docs/api.md §6) carry
    // no endDate, and HA merges name/type/value only: its end-date sensor waits for the next poll.
    expect(coordinator.data.get(IDS.untilTrip)).toMatchObject({ value: 8, endDate: '2027-03-01', type: 'ToDate' });
    expect(coordinator.refreshes).toBe(1);
  });

  // coordinator.py: counterMemberlistChanged → async_refresh(), whatever the params hold.
  const memberlistCases: [string, VariantInput][] = [
    ['default service: { counterId }', {}],
    ['memberlistParams=empty: HA needs no id', { memberlistParams: 'empty' }],
  ];
  it.each(memberlistCases)(`counterMemberlistChanged resyncs, so a counter Ada left disappears — %s ${cite(HA.coordinator)}`, async (_label, variant) => {
    const h = await startHarness({ variant });
    const { coordinator, socket } = await startIntegration(h);
    h.service.setMembers(IDS.coffees, [{ userId: DEMO_OTHER_USER_ID, isAdmin: true }]);
    expect(await coordinator.onFrame(await socket.next())).toBe('refreshed');
    expect(coordinator.data.has(IDS.coffees)).toBe(false);
    expect(coordinator.refreshes).toBe(2);
  });

  // coordinator.py: counterDeleted with params["counterId"] of a known counter → removed (and its device).
  const deletedCases: [string, VariantInput, boolean][] = [
    ['default service: { counterId }', {}, true],
    ['breaks: deletedParams=id (the device stays)', { deletedParams: 'id' }, false],
  ];
  it.each(deletedCases)(`counterDeleted removes the counter — %s ${cite(HA.coordinator)}`, async (_label, variant, removes) => {
    const h = await startHarness({ variant });
    const { coordinator, socket } = await startIntegration(h);
    h.service.deleteCounter(IDS.coffees);
    expect(await coordinator.onFrame(await socket.next())).toBe(removes ? 'removed' : 'ignored');
    expect(coordinator.data.has(IDS.coffees)).toBe(!removes);
  });

  // _handle_ws_message calls data.get(...) and params.get(...) before it looks at the method: an
  // unknown method is ignored only if the message and its params are JSON objects.
  it(`unknown methods and extra fields are ignored without dropping the connection ${cite(HA.coordinator)}`, async () => {
    const h = await startHarness({ variant: { unknownMethods: true, extraFields: true } });
    const { coordinator, socket } = await startIntegration(h);
    await h.post(`/v2/counters/${IDS.coffees}/increment`, DEMO_OTHER_TOKEN);
    expect(await coordinator.onFrame(await socket.next())).toBe('ignored');
    expect(await coordinator.onFrame(await socket.next())).toBe('merged');
    expect(coordinator.data.get(IDS.coffees)).toMatchObject({ value: 4 });
  });

  // Negative control for that rule: `params: null` would raise AttributeError and reconnect the listener.
  it(`a notification whose params are not an object would crash the listener ${cite(HA.coordinator)}`, async () => {
    const h = await startHarness();
    const { coordinator, socket } = await startIntegration(h);
    h.service.broadcastRaw(DEMO_USER_ID, JSON.stringify({ jsonrpc: '2.0', method: 'counterMemberlistChanged', params: null }));
    await expect(coordinator.onFrame(await socket.next())).rejects.toThrow(HaListenerCrash);
  });
});
