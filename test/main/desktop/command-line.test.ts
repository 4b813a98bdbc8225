import { describe, expect, it } from 'vitest';
import { launchArguments, parseCommandLine, resolveCounter } from '../../../src-main/desktop/command-line';
import { autostartPath, desktopEntry, launcherPath, quoteExecArgument } from '../../../src-main/desktop/autostart';
import { COFFEE_ID, TRIP_ID, counter } from '../../support/app-fakes';
import { de } from '../../../dev-tools/support/i18n';

describe('parseCommandLine', () => {
  const cli = (...args: string[]) => parseCommandLine(['/opt/Counter Tray/counter-tray', ...args]);
  const usageKey = (...args: string[]) => {
    const line = cli(...args);
    return line.kind === 'usage' ? line.words.key : line.kind;
  };

  it('finds our flags among Chromium switches', () => {
    expect(cli('--allow-file-access-from-files', '--increment', 'Coffees today', '--original-process-start-time=1')).toEqual({ kind: 'cli', request: { action: 'increment', counter: 'Coffees today' } });
    expect(cli('--decrement=019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b12', '--by', '25')).toEqual({ kind: 'cli', request: { action: 'decrement', counter: '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b12', by: 25 } });
    expect(cli('--get', 'Teas')).toEqual({ kind: 'cli', request: { action: 'get', counter: 'Teas' } });
    expect(cli('--json')).toEqual({ kind: 'cli', request: { action: 'list' } });
    expect(cli('--open')).toEqual({ kind: 'open' });
    expect(cli()).toEqual({ kind: 'none' });
    expect(cli('--hidden')).toEqual({ kind: 'none' });
  });

  it('takes --by as digits from 1 to the largest exact number, and nothing else', () => {
    expect(cli('--increment', 'Teas', `--by=${Number.MAX_SAFE_INTEGER}`)).toMatchObject({ request: { by: Number.MAX_SAFE_INTEGER } });
    for (const by of ['0', '-1', '1e20', '5abc', '+5', '2.5', ' 5', '0x10', String(Number.MAX_SAFE_INTEGER + 1), '9'.repeat(100_000), '']) {
      expect(usageKey('--increment', 'Teas', `--by=${by}`), by.slice(0, 20)).toBe('cli.badBy');
    }
    // The value is echoed cut: a huge argument does not come back whole.
    const huge = cli('--increment', 'Teas', '--by', 'x'.repeat(100_000));
    expect(huge.kind === 'usage' && huge.words.key === 'cli.badBy' && String(huge.words.values.value).length).toBeLessThanOrEqual(40);
  });

  it('calls a malformed line a usage error, never a guess', () => {
    expect(usageKey('--increment')).toBe('cli.needsCounter');
    expect(usageKey('--increment', '--no-sandbox')).toBe('cli.needsCounter');
    expect(usageKey('--increment=  ')).toBe('cli.needsCounter');
    expect(usageKey('--get', 'x'.repeat(201))).toBe('cli.needsCounter');
    expect(usageKey('--increment', 'Teas', '--get', 'Teas')).toBe('cli.oneAction');
    expect(usageKey('--json', '--get', 'Teas')).toBe('cli.oneAction');
    expect(usageKey('--by', '5')).toBe('cli.byWithoutMove');
    expect(usageKey('--get', 'Teas', '--by', '5')).toBe('cli.byWithoutMove');
  });

  it('gives the launcher the app\'s own arguments without the command line\'s', () => {
    expect(launchArguments(['.', '--increment', 'Coffees today', '--by=5', '--demo'])).toEqual(['.', '--demo']);
    expect(launchArguments(['--get=Teas', '--json', '--no-sandbox'])).toEqual(['--no-sandbox']);
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
