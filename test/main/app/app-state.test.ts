// The OS accent colour reaches the popup through AppState (accentColor) and follows the OS.
import { afterEach, describe, expect, it } from 'vitest';
import { createHeadlessApp, type HeadlessApp } from '../../../dev-tools/headless/headless-app';
import type { StateDelta } from '../../../src-shared/ipc/contract';
import { fakeCoreFactory } from '../../support/app-fakes';
import { FakeClock } from '../../../dev-tools/support/fake-clock';

const apps: HeadlessApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.stop();
});

function start(accentColor: string | null) {
  const clock = new FakeClock();
  const app = createHeadlessApp({ coreFactory: fakeCoreFactory({ url: 'http://127.0.0.1:8787', tokens: new Set(), reachable: true, counters: [] }).factory, clock, accentColor });
  apps.push(app);
  const deltas: StateDelta['changed'][] = [];
  app.controller.on('state:delta', (delta) => deltas.push(delta.changed));
  /** The OS changes the accent; the push follows within a frame (state-publisher coalesces). */
  const osAccent = async (color: string | null) => {
    app.setAccentColor(color);
    await clock.advance(50);
  };
  return { app, deltas, osAccent };
}

describe('AppState.accentColor', () => {
  it('carries the OS accent, and a change of it as one delta', async () => {
    const { app, deltas, osAccent } = start('#0078d4');
    await app.start();
    expect(app.controller.getState().accentColor).toBe('#0078d4');
    await osAccent('#0078d4');
    deltas.length = 0;
    await osAccent('#ffb900');
    expect(deltas).toEqual([{ accentColor: '#ffb900' }]);
    expect(app.controller.getState().accentColor).toBe('#ffb900');
  });

  it('no accent where the OS gives none: the field is absent, and the popup keeps its neutral blue', async () => {
    const { app, deltas, osAccent } = start(null);
    await app.start();
    expect(app.controller.getState()).not.toHaveProperty('accentColor');
    await osAccent('#0078d4');
    expect(app.controller.getState().accentColor).toBe('#0078d4');
    deltas.length = 0;
    await osAccent(null);
    expect(app.controller.getState()).not.toHaveProperty('accentColor');
    expect(deltas).toEqual([{ accentColor: undefined }]);
  });
});
