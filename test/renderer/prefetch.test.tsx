// @vitest-environment happy-dom
// The screens a launch does not show first are fetched in the background, but only once the first
// screen is drawn: main's state and the catalog both in. Fetched when the state alone had come,
// they raced the catalog the first screen waits for. The catalog's chunk is held here until the
// test lets it go; the timers are fake, so "no fetch yet" is every pending timer run, not a wait.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src-renderer/App';
import { usePrefetchAfterFirstScreen } from '../../src-renderer/components/usePrefetchAfterFirstScreen';
import { I18n } from '../../src-renderer/i18n/I18n';
import { resolveLocale } from '../../src-shared/i18n/locale';
import { appState, fakeApi } from './fixtures';

const held = vi.hoisted(() => {
  let release = () => undefined as void;
  const catalog = new Promise<void>((resolve) => (release = resolve));
  return { catalog, release: () => release(), screensFetched: [] as string[] };
});
vi.mock('virtual:catalog/en', async (importOriginal) => {
  await held.catalog;
  return importOriginal();
});
// One of the later screens: its module is asked for by the prefetch (or by opening it).
vi.mock('../../src-renderer/screens/Onboarding', async (importOriginal) => {
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

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the later screens are fetched after the first screen is drawn', () => {
  // One test for the app as a whole: the catalog is held once per file (a module is imported once).
  it('nothing while the catalog is still coming, although main’s state is in; then the later screens, once the list is up', async () => {
    const fake = fakeApi(appState());
    render(<App api={fake.api} />);
    await settle();
    expect(fake.invoke).toHaveBeenCalledWith('state:get', {});
    expect(await fake.invoke.mock.results[0]?.value).toMatchObject({ ok: true });
    expect(screen.queryByRole('list', { name: 'Counters' }), 'the list waits for its words').toBeNull();
    expect(held.screensFetched).toEqual([]);

    held.release();
    await import('virtual:catalog/en'); // the held module, now in (the import that settles it is I/O, not a timer)
    await settle();
    expect(screen.getByRole('list', { name: 'Counters' })).toBeTruthy();
    expect(held.screensFetched).toEqual(['Onboarding']);
  });

  // The same clock and a held catalog tell the two placements of the hook apart.
  it('negative control: the hook above <I18n>, fed the state alone (the old placement), fetches while the catalog is held', async () => {
    expect(await placement('above', 'de')).toEqual(['fetched while the catalog was held']);
    expect(await placement('under', 'en-XA')).toEqual(['fetched after the catalog']);
  });
});

/** Renders the hook above or under an <I18n> whose catalog (one not imported in this file yet) is held; says when it fetched. */
async function placement(where: 'above' | 'under', language: 'de' | 'en-XA'): Promise<string[]> {
  const seen: string[] = [];
  let catalogIn = false;
  const loaders = { later: async () => void seen.push(catalogIn ? 'fetched after the catalog' : 'fetched while the catalog was held') };
  function Probe() {
    usePrefetchAfterFirstScreen(loaders, true);
    return null;
  }
  let release = () => undefined as void;
  const catalog = new Promise<void>((resolve) => (release = resolve));
  const id = `virtual:catalog/${language}`;
  vi.doMock(id, async (importOriginal) => {
    await catalog;
    catalogIn = true;
    return importOriginal();
  });
  const locale = language === 'de' ? resolveLocale('de', []) : resolveLocale('system', [language]);
  expect(locale.language).toBe(language);
  const { unmount } = render(where === 'above' ? <><Probe /><I18n locale={locale}>{null}</I18n></> : <I18n locale={locale}><Probe /></I18n>);
  await settle();
  release();
  await import(/* @vite-ignore */ id);
  await settle();
  unmount();
  vi.doUnmock(id);
  return seen;
}
