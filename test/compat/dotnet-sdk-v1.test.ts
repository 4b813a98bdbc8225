// Compatibility with the public CountTogether .NET SDK (v1), written from its source
// (repository CountTogether/public-api-sdk-dotnet; files and commits in ./sources.ts).
// Its requests are replayed against the reference service and the answers parsed by the
// rules of its models; each "breaks" case runs the same assertion against a service
// variant that lacks what the SDK relies on and expects the SDK to miss it, so the
// assertions are shown to be able to fail.
import { describe, expect, it } from 'vitest';
import type { VariantInput } from '../../src-service/index';
import { DEMO_OTHER_TOKEN, DEMO_TOKEN, DEMO_USER_ID, IDS, startHarness } from '../service/helpers';
import type { Harness } from '../service/helpers';
import { SdkClientMirror, SdkCounter, SdkErrorObject, SdkHttpError, sdkApi, sdkData, sdkSocketHeaders } from './dotnet-sdk-mirror';
import { openRawSocket } from './raw-socket';
import type { RawSocket } from './raw-socket';
import { SDK, cite } from './sources';

/** StartAsync → ConnectWebSocketAsync: the /v1/ws upgrade first, then the list fills the cache. */
async function startSdk(h: Harness, token = DEMO_TOKEN): Promise<{ sdk: SdkClientMirror; socket: RawSocket; api: ReturnType<typeof sdkApi> }> {
  h.clock.tick(1000);
  const socket = await openRawSocket(`${h.service.url.replace(/^http/, 'ws')}/v1/ws`, sdkSocketHeaders(token));
  const api = sdkApi(h, token);
  const sdk = new SdkClientMirror();
  sdk.load(await api.getCounters());
  return { sdk, socket, api };
}

/** Feeds the next frame to HandleMessage and returns the events it fired. */
async function deliverNext(sdk: SdkClientMirror, socket: RawSocket): Promise<SdkClientMirror['events']> {
  const before = sdk.events.length;
  sdk.handleMessage((await socket.next()).text);
  return sdk.events.slice(before);
}

describe(`.NET SDK v1: REST requests and models ${cite(SDK.client, SDK.counter)}`, () => {
  // CountTogetherClient.cs GetCountersAsync/FetchAndCacheAllCountersAsync: GET {ApiUrl}/counters with
  // CreateHttpClient's headers → List<Counter>. Counter.cs, CounterMember.cs, CounterType.cs,
  // UpDownCounterMode.cs, PublicV1UpDownCounterData.cs, PublicV1FromDateCounterData.cs,
  // PublicV1ToDateCounterData.cs @ 7278f0486f5049684b179d4976ff4350dac76196; Program.cs @ a48fde8d (Guid.Parse(counter.Id)).
  it(`GET /v1/counters deserializes into List<Counter>, each Data readable by its Type ${cite(SDK.upDownData, SDK.fromDateData, SDK.mode, SDK.example)}`, async () => {
    const h = await startHarness();
    const counters = await sdkApi(h, DEMO_TOKEN).getCounters();
    expect(counters.map((c) => c.id).sort()).toEqual([IDS.coffees, IDS.sinceMovedIn, IDS.untilTrip, IDS.pushUps, IDS.cookiesLeft].sort());
    for (const c of counters) expect(() => sdkData(c)).not.toThrow();
    const byId = new Map(counters.map((c) => [c.id, c]));
    expect(sdkData(byId.get(IDS.coffees)!)).toEqual({ value: 3, mode: 'UpAndDown' });
    expect(sdkData(byId.get(IDS.pushUps)!)).toEqual({ value: 40, mode: 'OnlyUp' });
    expect(sdkData(byId.get(IDS.cookiesLeft)!)).toEqual({ value: 12, mode: 'OnlyDown' });
    expect(sdkData(byId.get(IDS.sinceMovedIn)!)).toEqual({ date: '2024-02-29T00:00:00.000Z' });
    expect(sdkData(byId.get(IDS.untilTrip)!)).toEqual({ date: '2027-03-01T00:00:00.000Z' });
    expect(byId.get(IDS.coffees)?.members).toEqual([
      { userId: DEMO_USER_ID, displayName: 'Ada Lovelace', isAdmin: true },
      { userId: '5d0f3e9b-2c41-4f7e-8a3b-7c6e1d2f4a55', displayName: 'Alan Turing', isAdmin: false },
    ]);
  });

  // CountTogetherClient.cs GetCounterAsync/FetchCounterAsync: GET {ApiUrl}/counters/{counterId} where
  // counterId is a Guid formatted by ToString() (lowercase "D") → Counter; the cache key is that same string.
  it(`GET /v1/counters/{Guid.ToString()} deserializes into Counter ${cite(SDK.client, SDK.counter)}`, async () => {
    const h = await startHarness();
    const counter = await sdkApi(h, DEMO_TOKEN).getCounter(IDS.untilTrip.toLowerCase());
    expect(counter).toMatchObject({ id: IDS.untilTrip, displayName: 'Until the trip', type: 'ToDate' });
    expect(sdkData(counter)).toEqual({ date: '2027-03-01T00:00:00.000Z' });
  });

  // CountTogetherClient.cs IncrementCounterAsync/DecrementCounterAsync: PostAsync(url, null) (no content),
  // EnsureSuccessStatusCode, DeserializeResponse<long>: the body is one JSON integer.
  it(`POST increment/decrement with no content answer a long ${cite(SDK.client)}`, async () => {
    const h = await startHarness();
    const api = sdkApi(h, DEMO_TOKEN);
    expect(await api.increment(IDS.coffees)).toBe(4);
    expect(await api.decrement(IDS.coffees)).toBe(3);
    expect(sdkData(await api.getCounter(IDS.coffees))).toEqual({ value: 3, mode: 'UpAndDown' });
  });

  // EnsureSuccessStatusCode throws on non-2xx; ErrorObject.cs @ 7278f048: { message: string, code: int }.
  it(`a refused decrement and an unknown counter are non-2xx with an ErrorObject body ${cite(SDK.client, SDK.error)}`, async () => {
    const h = await startHarness();
    const api = sdkApi(h, DEMO_TOKEN);
    const refused = await api.decrement(IDS.pushUps).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SdkHttpError);
    expect((refused as SdkHttpError).answer.status).toBe(400);
    expect(SdkErrorObject.parse(JSON.parse((refused as SdkHttpError).answer.text))).toMatchObject({ code: -2041 });
    const missing = await api.getCounter('019a4f2e-8c00-7d3a-9b1e-ffffffffffff').catch((e: unknown) => e);
    expect((missing as SdkHttpError).answer.status).toBe(404);
    expect(SdkErrorObject.parse(JSON.parse((missing as SdkHttpError).answer.text)).code).toBe(-1100);
  });

  // Negative control for the model rules: a Counter whose enum or id the SDK could not read is refused.
  it(`the model rules refuse what the SDK cannot read ${cite(SDK.counterType, SDK.example)}`, () => {
    const good = { id: IDS.coffees, displayName: 'Coffees today', type: 'UpDown', members: [], data: { value: 1, mode: 'UpAndDown' } };
    const { type: _type, ...untyped } = good;
    expect(SdkCounter.parse({ ...untyped, Type: 'updown' })).toMatchObject({ type: 'UpDown' }); // names and enums case-insensitive, as the SDK reads
    expect(() => SdkCounter.parse({ ...good, type: 'Up-Down' })).toThrow();
    expect(() => SdkCounter.parse({ ...good, id: IDS.coffees.toUpperCase() })).toThrow();
    expect(() => SdkCounter.parse({ ...good, members: null })).toThrow();
    expect(() => sdkData(SdkCounter.parse({ ...good, data: { value: 1 } }))).toThrow(); // mode would silently read OnlyUp
    expect(() => sdkData(SdkCounter.parse({ ...good, type: 'FromDate', data: { date: '2024-02-29' } }))).toThrow();
  });
});

describe(`.NET SDK v1: WebSocket and HandleMessage ${cite(SDK.client, SDK.notification)}`, () => {
  // ConnectWebSocketAsync: ClientWebSocket to /v1/ws with only the Authorization header; the upgrade must succeed.
  it(`the /v1/ws upgrade with only Authorization succeeds, and carries the §9.2 deprecation headers ${cite(SDK.client)}`, async () => {
    const h = await startHarness();
    const { socket } = await startSdk(h);
    expect(socket.upgradeHeaders.deprecation).toBe('true');
    expect(socket.upgradeHeaders.sunset).toBe('Tue, 01 Jul 2026 00:00:00 GMT');
  });

  // HandleCounterUpdated: CounterUpdatedParams.cs @ 7278f048 reads "counterId", "displayName", "data";
  // _counterCache.TryGetValue(counterId) must hit the key FetchAndCacheAllCountersAsync stored (counter.Id);
  // a null counterId throws inside the try and the catch-all drops the message.
  const counterUpdatedCases: [string, VariantInput, boolean][] = [
    ['default service: counterId plus the Counter v1 fields', {}, true],
    ['breaks: v1UpdatedParams=counterOnly (no counterId)', { v1UpdatedParams: 'counterOnly' }, false],
  ];
  it.each(counterUpdatedCases)(`counterUpdated after another member's v1 increment fires CounterUpdated with merged data — %s ${cite(SDK.client, SDK.updatedParams)}`, async (_label, variant, fires) => {
    const h = await startHarness({ variant });
    const { sdk, socket } = await startSdk(h);
    expect(await sdkApi(h, DEMO_OTHER_TOKEN).increment(IDS.coffees)).toBe(4);
    const events = await deliverNext(sdk, socket);
    if (!fires) {
      expect(events).toEqual([]);
      return;
    }
    expect(events).toHaveLength(1);
    const [fired] = events;
    expect(fired?.event).toBe('CounterUpdated');
    const counter = fired?.event === 'CounterUpdated' ? fired.counter : undefined;
    // The cached counter was found (it keeps its type), not a partial one built beside it.
    expect(counter).toMatchObject({ id: IDS.coffees, displayName: 'Coffees today', type: 'UpDown' });
    expect(sdkData(SdkCounter.parse({ ...counter, members: [] }))).toEqual({ value: 4, mode: 'UpAndDown' });
    expect(sdk.cache.size).toBe(5);
  });

  // Same handler, a rename made through v2 PATCH: displayName is merged into the cached counter.
  it(`a v2 rename reaches the v1 socket as a displayName the SDK merges ${cite(SDK.client, SDK.updatedParams)}`, async () => {
    const h = await startHarness();
    const { sdk, socket } = await startSdk(h);
    expect((await h.patch(`/v2/counters/${IDS.untilTrip}?timezone=UTC`, { name: 'Until the big trip' }, DEMO_OTHER_TOKEN)).status).toBe(200);
    const [fired] = await deliverNext(sdk, socket);
    expect(fired).toMatchObject({ event: 'CounterUpdated', counter: { id: IDS.untilTrip, displayName: 'Until the big trip', type: 'ToDate' } });
  });

  // HandleCounterDeleted: CounterDeletedParams.cs @ 7278f048 reads "counterId"; TryRemove, then Guid.TryParse → CounterDeleted.
  const deletedCases: [string, VariantInput, boolean][] = [
    ['default service: { counterId }', {}, true],
    ['breaks: deletedParams=id', { deletedParams: 'id' }, false],
  ];
  it.each(deletedCases)(`counterDeleted removes the cached counter and fires CounterDeleted — %s ${cite(SDK.client, SDK.deletedParams)}`, async (_label, variant, fires) => {
    const h = await startHarness({ variant });
    const { sdk, socket } = await startSdk(h);
    h.service.deleteCounter(IDS.coffees);
    const events = await deliverNext(sdk, socket);
    expect(events).toEqual(fires ? [{ event: 'CounterDeleted', id: IDS.coffees }] : []);
    expect(sdk.cache.has(IDS.coffees)).toBe(!fires);
  });

  // HandleCounterMemberlistChanged: reads "counterId" (the stored CounterMemberlistChangedParams.cs holds
  // a copy of the CounterType enum, so the shape is taken from the handler and from HandleMessageTests.cs
  // @ 5c89475f: { "counterId": "<guid>" }); the cache entry is invalidated, CounterMemberlistChanged fires.
  const memberlistCases: [string, VariantInput, boolean][] = [
    ['default service: { counterId }', {}, true],
    ['breaks: memberlistParams=empty', { memberlistParams: 'empty' }, false],
  ];
  it.each(memberlistCases)(`counterMemberlistChanged invalidates the cached counter and fires CounterMemberlistChanged — %s ${cite(SDK.client, SDK.handleMessageTests)}`, async (_label, variant, fires) => {
    const h = await startHarness({ variant });
    const { sdk, socket } = await startSdk(h);
    h.service.setMembers(IDS.coffees, [{ userId: DEMO_USER_ID, isAdmin: true }]);
    const events = await deliverNext(sdk, socket);
    expect(events).toEqual(fires ? [{ event: 'CounterMemberlistChanged', id: IDS.coffees }] : []);
    expect(sdk.cache.has(IDS.coffees)).toBe(!fires);
  });

  // HandleMessage's switch ignores unknown methods; System.Text.Json ignores unknown properties.
  it(`unknown methods and extra fields leave exactly one CounterUpdated per change ${cite(SDK.client, SDK.notification)}`, async () => {
    const h = await startHarness({ variant: { unknownMethods: true, extraFields: true } });
    const { sdk, socket } = await startSdk(h);
    await sdkApi(h, DEMO_OTHER_TOKEN).increment(IDS.coffees);
    const events = [...(await deliverNext(sdk, socket)), ...(await deliverNext(sdk, socket))];
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ event: 'CounterUpdated', counter: { id: IDS.coffees, type: 'UpDown' } });
  });
});
