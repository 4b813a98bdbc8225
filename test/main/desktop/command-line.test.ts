import { describe, expect, it } from 'vitest';
import { parseCommandLine, resolveCounter } from '../../../src-main/desktop/command-line';
import { autostartPath, desktopEntry, launcherPath, quoteExecArgument } from '../../../src-main/desktop/autostart';
import { COFFEE_ID, TRIP_ID, counter } from '../../support/app-fakes';
import { de } from '../../../dev-tools/support/i18n';

describe('parseCommandLine (second-instance argv)', () => {
  it('finds our flags among Chromium switches', () => {
    expect(parseCommandLine(['/opt/Counter Tray/counter-tray', '--allow-file-access-from-files', '--increment', 'Coffees today', '--original-process-start-time=1'])).toEqual({ kind: 'increment', target: 'Coffees today' });
    expect(parseCommandLine(['counter-tray', '--decrement=019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b12'])).toEqual({ kind: 'decrement', target: '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b12' });
    expect(parseCommandLine(['counter-tray', '--open'])).toEqual({ kind: 'open' });
  });

  it('ignores flags without a value and plain launches', () => {
    expect(parseCommandLine(['counter-tray'])).toBeNull();
    expect(parseCommandLine(['counter-tray', '--increment'])).toBeNull();
    expect(parseCommandLine(['counter-tray', '--increment', '--no-sandbox'])).toBeNull();
    expect(parseCommandLine(['counter-tray', '--increment=  '])).toBeNull();
  });
});

describe('resolveCounter', () => {
  const counters = [counter(COFFEE_ID, 'Coffees today', 3), counter(TRIP_ID, 'Coffees this week', 20), counter('019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b20', 'Teas', 1)];
  it('matches by id, by name regardless of case, or by a unique prefix', () => {
    expect(resolveCounter(COFFEE_ID.toUpperCase(), counters)).toMatchObject({ ok: true, counter: { id: COFFEE_ID } });
    expect(resolveCounter('coffees TODAY', counters)).toMatchObject({ ok: true, counter: { id: COFFEE_ID } });
    expect(resolveCounter('tea', counters)).toMatchObject({ ok: true, counter: { name: 'Teas' } });
  });
  it('refuses to guess between several', () => {
    expect(resolveCounter('Coffees', counters)).toEqual({ ok: false, words: { key: 'cli.ambiguous', values: { target: 'Coffees', count: 2, names: expect.stringContaining(',') } } });
    expect(resolveCounter('Beers', counters)).toEqual({ ok: false, words: { key: 'cli.noCounter', values: { target: 'Beers' } } });
    const beers = resolveCounter('Beers', counters);
    expect(!beers.ok && de.say(beers.words)).toBe('Kein Zähler heißt „Beers“.');
  });
});

describe('XDG autostart', () => {
  it('lives in $XDG_CONFIG_HOME/autostart, else ~/.config/autostart', () => {
    expect(autostartPath({ XDG_CONFIG_HOME: '/cfg' }, '/home/ada')).toBe('/cfg/autostart/counter-tray.desktop');
    expect(autostartPath({ XDG_CONFIG_HOME: 'relative' }, '/home/ada')).toBe('/home/ada/.config/autostart/counter-tray.desktop');
    expect(autostartPath({}, '/home/ada')).toBe('/home/ada/.config/autostart/counter-tray.desktop');
  });

  it('prefers the AppImage file over its temporary mount', () => {
    expect(launcherPath({ APPIMAGE: '/home/ada/Apps/Counter-Tray.AppImage' }, '/tmp/.mount_Counte1/counter-tray')).toBe('/home/ada/Apps/Counter-Tray.AppImage');
  });

  it('quotes Exec arguments per the Desktop Entry spec', () => {
    expect(quoteExecArgument('/usr/bin/counter-tray')).toBe('/usr/bin/counter-tray');
    expect(quoteExecArgument('/opt/Counter Tray/counter-tray')).toBe('"/opt/Counter Tray/counter-tray"');
    expect(quoteExecArgument('100%')).toBe('"100%%"');
    expect(quoteExecArgument('a"b$c')).toBe('"a\\\\"b\\\\$c"');
  });

  it('writes a complete entry', () => {
    const entry = desktopEntry({ execPath: '/opt/Counter Tray/counter-tray', args: ['--hidden'] });
    expect(entry.split('\n')).toEqual(expect.arrayContaining(['[Desktop Entry]', 'Type=Application', 'Exec="/opt/Counter Tray/counter-tray" --hidden', 'X-GNOME-Autostart-enabled=true']));
    expect(entry.startsWith('[Desktop Entry]\n')).toBe(true);
  });
});
