// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../src-renderer/App';
import { appState, fakeApi } from '../fixtures';
import type { ConnectionState, Outbox } from '../../../src-shared/domain/snapshot';

afterEach(cleanup);

const NOW = new Date(2026, 10, 22, 14, 2, 5).getTime();

async function statusLine(connection: Partial<ConnectionState>, outbox: Partial<Outbox> = {}, more: Parameters<typeof appState>[0] = {}) {
  const fake = fakeApi(appState({ connection, outbox, ...more }));
  render(<App api={fake.api} />);
  await screen.findByRole('list', { name: 'Counters' });
  const line = document.querySelector('.status-line') as HTMLElement;
  const words = () => line.querySelector('.status-words')?.textContent;
  return { fake, line, words };
}

describe('the status line', () => {
  afterEach(() => vi.useRealTimers());

  it('says Live when nothing waits, and "Sending 3…" while three clicks go — not for a click answered at once', async () => {
    const { fake, line, words } = await statusLine({ status: 'live' });
    expect(words()).toBe('Live');
    expect(line.dataset.state).toBe('live');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: NOW });
    act(() => fake.push(appState({ outbox: { clicks: 1 } })));
    act(() => vi.advanceTimersByTime(100));
    act(() => fake.push(appState({ outbox: { clicks: 0 } })));
    // Landed within 300 ms: the line never flickered.
    expect(words()).toBe('Live');
    act(() => fake.push(appState({ outbox: { clicks: 3 } })));
    expect(words()).toBe('Live');
    act(() => vi.advanceTimersByTime(300));
    expect(words()).toBe('Sending 3…');
    expect(line.dataset.state).toBe('sending');
  });

  it('a 429 hold says the wait in words, counts it down once a second, and never says Live', async () => {
    const { fake, line, words } = await statusLine({ status: 'live' });
    // The page's clock from here on is the test's: one second at a time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: NOW });
    act(() => fake.push(appState({ outbox: { clicks: 5, held: { reason: 'rateLimited', until: NOW + 4000 } } })));
    expect(words()).toBe('Server is slowing us down — sending in 4 s');
    expect(line.dataset.state).toBe('slowed');
    expect(line.textContent).not.toContain('Live');
    act(() => vi.advanceTimersByTime(999));
    expect(words()).toBe('Server is slowing us down — sending in 4 s');
    act(() => vi.advanceTimersByTime(1));
    expect(words()).toBe('Server is slowing us down — sending in 3 s');
    act(() => vi.advanceTimersByTime(2000));
    expect(words()).toBe('Server is slowing us down — sending in 1 s');
    // Screen readers heard it once: the ticking words are hidden from them, the first second's copy stays.
    expect(line.querySelector('.status-words')?.getAttribute('aria-hidden')).toBe('true');
    expect(line.querySelector('.status-text .sr-only')?.textContent).toBe('Server is slowing us down — sending in 4 s');
    // Past its end (before main's next state): the clicks are on their way.
    act(() => vi.advanceTimersByTime(1000));
    expect(words()).toBe('Sending 5…');
  });

  it('own pacing that holds clicks more than a second reads the same; under a second it is "Sending"', async () => {
    const { fake, words } = await statusLine({ status: 'live' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: NOW });
    act(() => fake.push(appState({ outbox: { clicks: 12, held: { reason: 'pacing', until: NOW + 2500 } } })));
    expect(words()).toBe('Server is slowing us down — sending in 3 s');
    act(() => vi.advanceTimersByTime(1600));
    expect(words()).toBe('Sending 12…');
  });

  it('offline is neutral: since when, and how many clicks wait, with Retry now', async () => {
    const since = new Date(2026, 10, 22, 10, 42).getTime();
    const { line, words } = await statusLine({ status: 'offline', since, message: 'connect ECONNREFUSED 127.0.0.1:4100' }, { clicks: 2 });
    expect(words()).toMatch(/^Offline since (10:42 AM|10:42|Nov 22, 10:42.*) — 2 clicks wait$/);
    expect(line.classList.contains('alarm')).toBe(false);
    // The core's detail goes to the log, not on screen.
    expect(line.textContent).not.toContain('ECONNREFUSED');
    expect(screen.getByRole('button', { name: 'Retry now' })).toBeTruthy();
  });

  it('reconnecting is a relative countdown, never a clock time, and not red; Retry now says it is trying', async () => {
    const { fake, line, words } = await statusLine({ status: 'live' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: NOW });
    act(() => fake.push(appState({ connection: { status: 'reconnecting', nextAttemptAt: NOW + 8000, since: NOW - 3000 } })));
    expect(words()).toBe('Reconnecting in 8 s');
    expect(words()).not.toMatch(/\d:\d\d/);
    expect(line.classList.contains('alarm')).toBe(false);
    act(() => vi.advanceTimersByTime(1000));
    expect(words()).toBe('Reconnecting in 7 s');
    // A long wait is said in minutes, then in seconds from a minute and a half.
    act(() => fake.push(appState({ connection: { status: 'reconnecting', nextAttemptAt: NOW + 301_000, since: NOW - 3000 } })));
    expect(words()).toBe('Reconnecting in 5 min');
    act(() => vi.advanceTimersByTime(210_000));
    expect(words()).toBe('Reconnecting in 90 s');
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Retry now' })));
    expect(words()).toBe('Trying again now…');
    expect(fake.calls('session:retryNow')).toEqual([{}]);
    // The core answers with its next try: the line says that it tried, and when it tries next.
    act(() => fake.push(appState({ connection: { status: 'reconnecting', nextAttemptAt: Date.now() + 4000, since: NOW - 3000 } })));
    expect(words()).toBe('Tried again, no answer — Reconnecting in 4 s');
    act(() => fake.push(appState({ connection: { status: 'live' } })));
    expect(words()).toBe('Live');
  });

  it('a refused token is the one red state, with its way to sign in again', async () => {
    const { line, words } = await statusLine({ status: 'unauthorized' });
    expect(words()).toBe('Signed out');
    expect(line.classList.contains('alarm')).toBe(true);
    const signIn = screen.getByRole('button', { name: 'Sign in again' });
    expect(signIn.getAttribute('aria-description')).toBe('The server no longer accepts your token.');
    await userEvent.setup().click(signIn);
    expect(await screen.findByRole('heading', { name: 'Replace your token' })).toBeTruthy();
    // No status line over the token form: it is about this form's server.
    expect(document.querySelector('.status-line')).toBeNull();
  });

  it('is one line in the same place under Settings too, not a copy of its own', async () => {
    const { fake } = await statusLine({ status: 'live' }, { clicks: 1 });
    act(() => fake.push(appState({ connection: { status: 'live' }, outbox: { clicks: 1 }, ask: { kind: 'openSettings', seq: 1 } })));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    expect(document.querySelectorAll('.status-line')).toHaveLength(1);
    // "Sending…" shows once the click has waited past "answered at once": wait for it, do not race it.
    await waitFor(() => expect(document.querySelector('.app-frame > .status-line:last-child')?.querySelector('.status-words')?.textContent).toBe('Sending 1…'));
  });
});
