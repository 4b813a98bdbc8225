// @vitest-environment happy-dom
// A row that fails to draw says so on its row and the list stays; a screen that fails says so with
// the way back to the list. The log names the error's kind and components, never the server's words.
// Negative control: with a pass-through in the boundary's place, the same row blanks the popup.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as BoundaryModule from '../../../src-renderer/components/ErrorBoundary';
import type * as RowActivityModule from '../../../src-renderer/format/rowActivity';
import type { CounterState } from '../../../src-shared/domain/snapshot';
import { chooseRowAction, COUNTERS, appState, fakeApi } from '../fixtures';

/** What fails to draw: a counter's row, by its name, or the activity screen. */
const failing = vi.hoisted(() => ({ rowNamed: '', detail: false }));

// The error quotes the counter's name, as an error about server data may: the log must not.
vi.mock('../../../src-renderer/format/rowActivity', async (importOriginal) => {
  const real = await importOriginal<typeof RowActivityModule>();
  return {
    ...real,
    rowActivity: (...args: Parameters<typeof real.rowActivity>) => {
      if (args[1].name === failing.rowNamed) throw new RangeError(`Invalid time value in ${args[1].name}`);
      return real.rowActivity(...args);
    },
  };
});
vi.mock('../../../src-renderer/screens/CounterDetail', () => ({
  default: () => {
    if (failing.detail) throw new TypeError(`No activity for ${COUNTERS.coffee.name}`);
    return null;
  },
}));

const roots: Root[] = [];

afterEach(() => {
  act(() => roots.splice(0).forEach((root) => root.unmount()));
  document.body.replaceChildren();
  vi.restoreAllMocks();
  vi.doUnmock('../../../src-renderer/components/ErrorBoundary');
  vi.resetModules();
  Object.assign(failing, { rowNamed: '', detail: false });
});

const row = (name: string) => screen.getByRole('listitem', { name: new RegExp(`^${name},`) });

/** Renders the popup (imported afresh, so a mocked boundary takes effect) on a root as main.tsx makes it. */
async function renderApp(counters: CounterState[] = Object.values(COUNTERS)) {
  const { App } = await import('../../../src-renderer/App');
  const { logRenderError } = await import('../../../src-renderer/components/ErrorBoundary');
  const uncaught: unknown[] = [];
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const fake = fakeApi(appState({ counters }));
  // main.tsx's options, but an error no boundary caught is kept to look at.
  const root = createRoot(document.body.appendChild(document.createElement('div')), { onCaughtError: logRenderError, onUncaughtError: (error) => void uncaught.push(error) });
  roots.push(root);
  act(() => root.render(<App api={fake.api} />));
  return { fake, uncaught, logged: () => logged.mock.calls.map((args) => args.join(' ')) };
}

describe('a row that fails to draw', () => {
  it('says so on its row, as tall as it would be; the other rows and the keys stay', async () => {
    failing.rowNamed = COUNTERS.movedIn.name;
    const { logged, uncaught } = await renderApp();
    const failed = await screen.findByRole('listitem', { name: 'Since we moved in, This counter cannot be shown.' });
    expect(failed.textContent).toBe('Since we moved inThis counter cannot be shown.');
    expect(failed.classList.contains('two-line')).toBe(true); // a day counter's row has its date line
    for (const name of ['Coffees today', 'Until the trip', 'Push-ups']) expect(within(row(name)).getByTestId('value')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Increase Coffees today' })).toBeTruthy();
    expect(uncaught).toEqual([]);
    // Its kind and where, never its message or the counter's name.
    expect(logged()).toHaveLength(1);
    expect(logged()[0]).toMatch(/^Render error: RangeError in WordedRow < ErrorBoundary < GuardedRow\b/);
    expect(logged()[0]).not.toMatch(/Since we moved in|Invalid time value/);
  });

  it('is drawn again when its counter is pushed anew', async () => {
    failing.rowNamed = COUNTERS.movedIn.name;
    const { fake } = await renderApp();
    await screen.findByRole('listitem', { name: 'Since we moved in, This counter cannot be shown.' });
    failing.rowNamed = '';
    const next = appState({ counters: Object.values(COUNTERS).map((c) => (c === COUNTERS.movedIn ? { ...c, value: 413 } : c)) });
    act(() => fake.push(next));
    await waitFor(() => expect(within(row('Since we moved in')).getByTestId('value').textContent).toBe('413'));
  });

  it('negative control: without the boundary the same row leaves the popup blank', async () => {
    vi.doMock('../../../src-renderer/components/ErrorBoundary', async (importOriginal) => ({
      ...(await importOriginal<typeof BoundaryModule>()),
      ErrorBoundary: ({ children }: { children: React.ReactNode }) => children,
    }));
    failing.rowNamed = COUNTERS.movedIn.name;
    const { uncaught } = await renderApp();
    await waitFor(() => expect(uncaught).toHaveLength(1));
    expect(uncaught[0]).toBeInstanceOf(RangeError);
    expect(screen.queryByRole('list', { name: 'Counters' })).toBeNull();
    expect(screen.queryByText('Coffees today')).toBeNull();
  });
});

describe('a screen that fails to draw', () => {
  it('says so with the way back to the list, focused; the status line stays', async () => {
    failing.detail = true;
    const { logged } = await renderApp();
    await screen.findByRole('list', { name: 'Counters' });
    await chooseRowAction('Coffees today', 'Activity');
    expect((await screen.findByRole('alert')).textContent).toBe('This screen cannot be shown.');
    const back = screen.getByRole('button', { name: 'Back to the list' });
    expect(document.activeElement).toBe(back);
    expect(screen.getByRole('main').querySelector('h1')?.textContent).toBe('Counter Tray');
    expect(document.querySelector('.connection')).not.toBeNull();
    expect(logged()).toEqual([expect.stringMatching(/^Render error: TypeError in /)]);
    expect(logged()[0]).not.toContain('Coffees today');

    await userEvent.setup().click(back);
    expect(await screen.findByRole('list', { name: 'Counters' })).toBeTruthy();
    expect(within(row('Coffees today')).getByTestId('value').textContent).toBe('3');
  });
});
