// Per-zone Intl caches are bounded and keyed by the canonical zone name,
// in main (the activity record's days, fed by settings:update; the core's midnight) and in
// the reference service (every request's ?timezone=). 600 spellings of a few zones and
// every zone Intl knows go in through the paths user input takes; what each cache holds
// afterwards is counted. Negative control: the 0.2 caches (a Map per spelling, unbounded).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as ZoneCacheModule from '../../src-shared/time/zone-cache';
import { COFFEE_ID, counter, fakeCoreFactory } from '../support/app-fakes';
import { seededRandom } from '../../dev-tools/support/seeded-random';

afterEach(() => {
  vi.doUnmock('../../src-shared/time/zone-cache');
  vi.resetModules();
});

const LIMIT = 16;

/** `count` spellings Intl accepts: random letter case of a few zones, then every zone it knows. */
function spellings(count: number): string[] {
  const random = seededRandom(23);
  const zones = ['Europe/Berlin', 'America/Argentina/Buenos_Aires', 'Pacific/Kiritimati', 'Asia/Kolkata'];
  const out = Intl.supportedValuesOf('timeZone').slice(0, 200);
  while (out.length < count) {
    const zone = zones[out.length % zones.length] ?? 'UTC';
    out.push([...zone].map((c) => (random() < 0.5 ? c.toLowerCase() : c.toUpperCase())).join(''));
  }
  return out;
}

/** Every cache after the spellings went in the way user input does; answers what each holds. */
async function afterManySpellings(): Promise<Record<string, string[]>> {
  const names = spellings(600);
  const { createHeadlessApp } = await import('../../dev-tools/headless/headless-app');
  // The activity record's days and the core's midnight share the calendar's one cache.
  const { dayFormatters, isKnownZone, nextLocalMidnight } = await import('../../src-shared/time/calendar');
  const { dayFormatters: serviceDays, isKnownTimeZone, localDate } = await import('../../src-service/days');
  const cores = fakeCoreFactory({ url: 'https://developers.counttogether.app', tokens: new Set(['t0ken-zones']), reachable: true, counters: [counter(COFFEE_ID, 'Coffees today', 3)] });
  const app = createHeadlessApp({ coreFactory: cores.factory, storedToken: { token: 't0ken-zones', origin: 'https://developers.counttogether.app', storage: 'encrypted' } });
  await app.start();
  expect(app.controller.getState().session.status).toBe('signedIn');
  for (const zone of names) {
    // settings:update: the activity record's "today" is computed in the new zone (state:get), as the popup sees it.
    expect(await app.dispatch('settings:update', { timezone: zone })).toMatchObject({ ok: true });
    await app.dispatch('state:get', {});
    // The core checks the zone and finds its next midnight; the service does both per request.
    expect(isKnownZone(zone)).toBe(true);
    nextLocalMidnight(zone, Date.UTC(2026, 0, 1));
    expect(isKnownTimeZone(zone)).toBe(true);
    localDate(Date.UTC(2026, 0, 1), zone);
  }
  await app.stop();
  return { activity: dayFormatters.zones(), midnight: dayFormatters.zones(), service: serviceDays.zones() };
}

function problems(held: Record<string, string[]>): string[] {
  const found: string[] = [];
  for (const [cache, zones] of Object.entries(held)) {
    if (zones.length > LIMIT) found.push(`${cache} holds ${zones.length} formatters`);
    const canonical = zones.filter((zone) => new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone === zone);
    if (canonical.length !== zones.length) found.push(`${cache} is keyed by spelling`);
  }
  return found;
}

describe('per-zone caches', () => {
  it(`hold at most ${LIMIT} formatters each, one per canonical zone, whatever the spellings`, async () => {
    expect(problems(await afterManySpellings())).toEqual([]);
  }, 60_000);

  it('negative control: the 0.2 caches (one formatter per spelling, never evicted) grow with the input', async () => {
    vi.resetModules();
    vi.doMock('../../src-shared/time/zone-cache', async (original) => ({
      ...(await original<typeof ZoneCacheModule>()),
      createZoneCache: <T>(create: (zone: string) => T): ZoneCacheModule.ZoneCache<T> => {
        const bySpelling = new Map<string, T>();
        return {
          get(zone) {
            try {
              return bySpelling.get(zone) ?? bySpelling.set(zone, create(zone)).get(zone);
            } catch {
              return undefined;
            }
          },
          zones: () => [...bySpelling.keys()],
        };
      },
    }));
    expect(problems(await afterManySpellings())).toEqual([
      expect.stringMatching(/^activity holds \d{3} formatters$/),
      'activity is keyed by spelling',
      expect.stringMatching(/^midnight holds \d{3} formatters$/),
      'midnight is keyed by spelling',
      expect.stringMatching(/^service holds \d{3} formatters$/),
      'service is keyed by spelling',
    ]);
  }, 60_000);
});
