// Settings → Sounds, the page's half: main's cues played through Web Audio at the chosen volume, here
// through an AudioContext stand-in that records each note (frequency, gain). Main's half: sounds.service.test.ts.
import type { Page } from '@playwright/test';
import { ALAN, COUNTER } from '../../dev-tools/web/e2e-fixtures';
import { de } from '../../dev-tools/support/i18n';
import { expectAxeCleanBothSizes } from './support/sweep';
import { expect, test, valueOf } from './support/test';

/** Plain JS for the page: the notes each play started, as [frequency, gain]. */
const RECORDING_AUDIO = `
  window.__notes = [];
  const param = () => ({ value: 0, setValueAtTime(v) { this.value = v; }, exponentialRampToValueAtTime() {} });
  window.AudioContext = class {
    currentTime = 0;
    destination = {};
    createGain() { return { gain: param(), connect: (to) => to }; }
    createOscillator() {
      let level;
      const tone = { frequency: param(), connect: (gain) => (level = gain), start: () => window.__notes.push([tone.frequency.value, level.gain.value]), stop() {} };
      return tone;
    }
  };`;

const notes = (popup: Page) => popup.evaluate<[number, number][]>('window.__notes');
const CLICK = 1200;
const CHIME = [880, 1318.5];
/** A note at `volume` % of its full gain. */
const at = (volume: number, frequency: number, full: number) => [frequency, (full * volume) / 100];

test('the real Web Audio plays a cue under the page’s CSP: no error, no violation (the fixture fails on either)', async ({ popup, harness }) => {
  await harness.app.dispatch('settings:update', { sounds: { on: true, volume: 100, others: false } });
  await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
  await expect.poll(() => harness.app.controller.getState().cue).toEqual({ sound: 'click', seq: 1 });
  await expect(valueOf(popup, 'Coffees today')).toHaveText('4');
  expect(await popup.evaluate<string>('typeof AudioContext')).toBe('function');
});

test.describe('through a recording AudioContext', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript({ content: RECORDING_AUDIO });
  });

  test('off by default: a count plays nothing', async ({ popup, harness }) => {
    await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
    await expect.poll(() => harness.app.controller.getState().cue).toBeUndefined();
    await expect(valueOf(popup, 'Coffees today')).toHaveText('4');
    expect(await notes(popup)).toEqual([]);
  });

  test('on in Settings: a click at the volume for own counts, a chime for a goal, others only when asked; axe clean', async ({ popup, harness }) => {
    expect((await harness.app.dispatch('goal:set', { id: COUNTER.coffees, goal: { target: 2, period: 'day', count: 'mine' } })).ok).toBe(true);
    await popup.getByRole('button', { name: 'Settings' }).click();
    await popup.getByRole('switch', { name: 'A click when you count, a chime when a goal is reached' }).click();
    const volume = popup.getByRole('slider', { name: 'Volume' });
    await volume.fill('30');
    await expect.poll(() => harness.app.controller.getState().settings.sounds).toEqual({ on: true, volume: 30, others: false });
    // Choosing the volume lets one hear it.
    expect(await notes(popup)).toEqual([at(30, CLICK, 0.3)]);
    await expectAxeCleanBothSizes(popup, harness, 'settings, sounds on');
    await popup.getByRole('button', { name: 'Back' }).click();

    await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
    await expect.poll(() => notes(popup)).toEqual([at(30, CLICK, 0.3), at(30, CLICK, 0.3)]);
    // Alan's change plays nothing: the next sound is our own count's.
    await harness.asUser(ALAN.token, 'POST', `/v2/counters/${COUNTER.coffees}/increment/1`);
    await expect(valueOf(popup, 'Coffees today')).toHaveText('5');
    await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
    await expect.poll(() => notes(popup)).toEqual([at(30, CLICK, 0.3), at(30, CLICK, 0.3), at(30, CLICK, 0.3), ...CHIME.map((f) => at(30, f, 0.2))]);

    await harness.app.dispatch('settings:update', { sounds: { on: true, volume: 100, others: true } });
    await expect.poll(() => harness.app.controller.getState().settings.sounds.others).toBe(true);
    await harness.asUser(ALAN.token, 'POST', `/v2/counters/${COUNTER.coffees}/increment/1`);
    await expect.poll(async () => (await notes(popup)).slice(5)).toEqual([at(100, CLICK, 0.3)]);
  });

  test('a cue already in the state when the page loads is not played again', async ({ popup, harness }) => {
    await harness.app.dispatch('settings:update', { sounds: { on: true, volume: 50, others: false } });
    await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
    await expect.poll(() => notes(popup)).toEqual([at(50, CLICK, 0.3)]);
    await popup.reload(); // a fresh page, a fresh recording
    await expect(valueOf(popup, 'Coffees today')).toHaveText('4');
    expect(harness.app.controller.getState().cue?.seq).toBe(1);
    // One note, this count's: the old cue would have played first.
    await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
    await expect.poll(() => notes(popup)).toEqual([at(50, CLICK, 0.3)]);
  });

  test('the mini window’s page plays no cue: the popup’s page does, one sound per count', async ({ popup, harness }) => {
    await expect(valueOf(popup, 'Coffees today')).toHaveText('3');
    await harness.app.dispatch('settings:update', { sounds: { on: true, volume: 50, others: false }, pinned: [COUNTER.coffees] });
    const url = popup.url().replace(/#.*$/, '');
    await popup.goto(`${url}#mini`); // a fresh page and recording, as main opens the mini window
    await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
    await expect(valueOf(popup, 'Coffees today')).toHaveText('4');
    await expect.poll(() => harness.app.controller.getState().cue?.seq).toBe(1);
    await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
    await expect(valueOf(popup, 'Coffees today')).toHaveText('5');
    expect(await notes(popup)).toEqual([]);
  });
});

test.describe('in German', () => {
  test.use({ harnessOptions: { app: { systemLanguages: ['de-DE'] } } });
  test('Settings with sounds on: axe clean in light and dark, at 100 % and 200 %', async ({ popup, harness }) => {
    await harness.app.dispatch('settings:update', { sounds: { on: true, volume: 60, others: true } });
    await popup.getByRole('button', { name: de.t('list.settings'), exact: true }).click();
    await expect(popup.getByRole('slider', { name: de.t('settings.volume') })).toBeVisible();
    await expectAxeCleanBothSizes(popup, harness, 'Einstellungen, Töne an');
  });
});
