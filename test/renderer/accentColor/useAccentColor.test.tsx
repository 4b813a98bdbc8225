// @vitest-environment happy-dom
// The OS accent in the popup: painted into the page's CSS variables, following a change and the theme.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../src-renderer/App';
import { paintedAccent } from '../../../src-renderer/accentColor/paintedAccent';
import { appState, fakeApi } from '../fixtures';

afterEach(cleanup);

describe('the popup in the OS accent', () => {
  const painted = () => ['--accent', '--accent-text', '--focus'].map((name) => document.documentElement.style.getPropertyValue(name));

  it('paints it into the page’s variables, follows a change and the theme, and returns to the neutral blue without one', async () => {
    const fake = fakeApi({ ...appState(), accentColor: '#0078d4' });
    render(<App api={fake.api} />);
    await screen.findByRole('list', { name: 'Counters' });
    const light = paintedAccent('#0078d4', 'light');
    expect(painted()).toEqual([light?.accent, light?.onAccent, light?.accent]);
    fake.push({ ...appState({ theme: 'dark' }), accentColor: '#ffb900' });
    const dark = paintedAccent('#ffb900', 'dark');
    await expect.poll(painted).toEqual([dark?.accent, dark?.onAccent, dark?.accent]);
    fake.push(appState({ theme: 'dark' }));
    await expect.poll(painted).toEqual(['', '', '']);
  });
});
