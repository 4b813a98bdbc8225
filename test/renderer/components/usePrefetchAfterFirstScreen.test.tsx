// @vitest-environment happy-dom
// The screens a launch does not show first are fetched in the background, but only once the first
// screen is drawn: main's state and the catalog both in. Fetched when the state alone had come,
// they raced the catalog the first screen waits for. Here a catalog is held until the test lets it
// go; the timers are fake, so "no fetch yet" is every pending timer run, not a wait.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../src-renderer/App';
import { usePrefetchAfterFirstScreen } from '../../../src-renderer/components/usePrefetchAfterFirstScreen';
import { I18n } from '../../../src-renderer/i18n/I18n';
import { loadCatalog } from '../../../src-renderer/i18n/loadCatalog';
import type * as LoadCatalog from '../../../src-renderer/i18n/loadCatalog';
import { resolveLocale, type CatalogName } from '../../../src-shared/i18n/locale';
import { appState, fakeApi } from '../fixtures';

const held = vi.hoisted(() => {
  const gates = new Map<string, { promise: Promise<void>; release: () => void; in: boolean }>();
  return {
    gates,
    /** The catalog of `language` is held until `release()`; `in` says whether it came through since. */
    hold(language: string) {
      let release = () => undefined as void;
      const promise = new Promise<void>((resolve) => (release = resolve));
      const gate = { promise, release: () => release(), in: false };
      gates.set(language, gate);
      return gate;
    },
    screensFetched: [] as string[],
  };
});
vi.mock('../../../src-renderer/i18n/loadCatalog', async (importOriginal) => {
  const actual = await importOriginal<typeof LoadCatalog>();
  return {
    ...actual,
    loadCatalog: async (language: CatalogName) => {
      const gate = held.gates.get(language);
      if (gate) await gate.promise;
      const catalog = await actual.loadCatalog(language);
      if (gate) gate.in = true;
      return catalog;
    },
  };
});
// One of the later screens: its module is asked for by the prefetch (or by opening it).
vi.mock('../../../src-renderer/screens/Onboarding', async (importOriginal) => {
  held.screensFetched.push('Onboarding');
  return importOriginal();
});

/** Every pending timer run, and the promises they and React started settled (React's act flushes its own work). */
async function settle(): Promise<void> {
  for (let round = 0; round < 5; round += 1) {
    await act(async () => {
      vi.runOnlyPendingTimers();
      for (let i = 0; i < 20; i += 1) await Promise.resolve();
    });
  }
}

/** Lets a held catalog go and waits for it to be in (its import is I/O, not a timer). */
async function release(language: CatalogName): Promise<void> {
  held.gates.get(language)?.release();
  await loadCatalog(language);
  await settle();
}

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the later screens are fetched after the first screen is drawn', () => {
  it('nothing while the catalog is still coming, although main’s state is in; then the later screens, once the list is up', async () => {
    held.hold('en');
    const fake = fakeApi(appState());
    render(<App api={fake.api} />);
    await settle();
    expect(fake.invoke).toHaveBeenCalledWith('state:get', {});
    expect(await fake.invoke.mock.results[0]?.value).toMatchObject({ ok: true });
    expect(screen.queryByRole('list', { name: 'Counters' }), 'the list waits for its words').toBeNull();
    expect(held.screensFetched).toEqual([]);

    await release('en');
    expect(screen.getByRole('list', { name: 'Counters' })).toBeTruthy();
    expect(held.screensFetched).toEqual(['Onboarding']);
  });

  // The same clock and a held catalog tell the two placements of the hook apart.
  it('negative control: the hook above <I18n>, fed the state alone (the old placement), fetches while the catalog is held', async () => {
    expect(await placement('above', 'de')).toEqual(['fetched while the catalog was held']);
    expect(await placement('under', 'en-XA')).toEqual(['fetched after the catalog']);
  });
});

/** Renders the hook above or under an <I18n> whose catalog (one not loaded in this file yet) is held; says when it fetched. */
async function placement(where: 'above' | 'under', language: 'de' | 'en-XA'): Promise<string[]> {
  const seen: string[] = [];
  const gate = held.hold(language);
  const loaders = { later: async () => void seen.push(gate.in ? 'fetched after the catalog' : 'fetched while the catalog was held') };
  function Probe() {
    usePrefetchAfterFirstScreen(loaders, true);
    return null;
  }
  const locale = language === 'de' ? resolveLocale('de', []) : resolveLocale('system', [language]);
  expect(locale.language).toBe(language);
  const { unmount } = render(where === 'above' ? <><Probe /><I18n locale={locale}>{null}</I18n></> : <I18n locale={locale}><Probe /></I18n>);
  await settle();
  await release(language);
  unmount();
  return seen;
}
