// Per-zone objects (an Intl.DateTimeFormat is tens of KB) cached by canonical name: a cache keyed by
// spelling grew for ever (8 000 spellings through settings:update added ~180 MB to main).

export interface ZoneCache<T> {
  /** Undefined when Intl knows no such zone. */
  get(zone: string): T | undefined;
  /** Canonical names of the objects held now. */
  zones(): string[];
}

/** An evicted zone is simply created again. */
const ZONE_CACHE_LIMIT = 16;
/** Spellings remembered with their canonical name, so a hit costs no Intl call. */
const SPELLINGS_LIMIT = 64;

let canonicalByLowerCase: Map<string, string> | undefined;

/** "europe/berlin" → "Europe/Berlin": listed zones from a table, without a formatter (ICU memory until the GC runs); aliases and unknown names ask Intl. */
function canonicalZone(zone: string): string | undefined {
  if (zone.length === 0 || zone.length > 64) return undefined;
  canonicalByLowerCase ??= new Map([...Intl.supportedValuesOf('timeZone'), 'UTC'].map((name) => [name.toLowerCase(), name]));
  const listed = canonicalByLowerCase.get(zone.toLowerCase());
  if (listed) return listed;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined; // RangeError: not a zone ICU knows
  }
}

/** Bounded Map: the oldest entry goes when a new one would pass the limit. */
function remember<K, V>(map: Map<K, V>, key: K, value: V, limit: number): V {
  if (map.size >= limit) map.delete(map.keys().next().value as K);
  map.set(key, value);
  return value;
}

export function createZoneCache<T>(create: (canonical: string) => T, limit = ZONE_CACHE_LIMIT): ZoneCache<T> {
  const spellings = new Map<string, string>();
  const objects = new Map<string, T>();
  return {
    get(zone) {
      const key = zone.toLowerCase();
      const canonical = spellings.get(key) ?? canonicalZone(zone);
      if (canonical === undefined) return undefined;
      if (!spellings.has(key)) remember(spellings, key, canonical, SPELLINGS_LIMIT);
      return objects.get(canonical) ?? remember(objects, canonical, create(canonical), limit);
    },
    zones: () => [...objects.keys()],
  };
}
