// The catalog test: English and German complete and alike, in the app's typography
// and voice; every key used, every message within its length; the pseudo-locale longer and
// bracketed. The key set is also a type (src-shared/i18n/messages.ts): a German catalog that
// lacks a key, or a call with a key that does not exist, does not compile. Each rule is shown
// failing on a planted example (the negative controls at the end).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { de } from '../../../src-shared/i18n/catalogs/de';
import { en } from '../../../src-shared/i18n/catalogs/en';
import { compiledCatalog, isMainOnly } from '../../../src-shared/i18n/compile';
import { PSEUDO } from '../../../src-shared/i18n/locale';
import { CLOSE, OPEN } from '../../../src-shared/i18n/pseudo';
import { createTranslator } from '../../../src-shared/i18n/translator';
import { MESSAGE_MAX } from '../../../src-shared/i18n/error-words';
import { argumentProblems, argumentsOf, formalAddress, germanEllipsisProblems, germanQuoteProblems, pseudoProblems, typographyProblems, unusedKeys, type Argument } from './catalog-rules';

const ROOT = join(import.meta.dirname, '../../..');
const KEYS = Object.keys(en) as (keyof typeof en)[];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'catalogs' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}
const SOURCES = ['src-main', 'src-renderer', 'src-shared'].flatMap((dir) => sourceFiles(join(ROOT, dir))).map((path) => readFileSync(path, 'utf8'));

/** Values a message could be said with: a 22-character host (the popup shortens longer ones), names of the fixtures' length. */
const SAMPLE: Record<string, string> = { host: 'developers.counttoget…', example: 'https://developers.counttogether.app', zone: 'Europe/Berlin', name: 'Push-ups this week' };
function samples(args: readonly Argument[]): Record<string, string | number> {
  return Object.fromEntries(
    args.map((arg) => [arg.name, arg.kind === 'plural' || arg.kind === 'number' || arg.kind === 'selectordinal' ? 2 : arg.kind === 'select' ? (arg.branches.find((b) => b !== 'other') ?? 'other') : (SAMPLE[arg.name] ?? 'x')]),
  );
}

describe('the catalogs', () => {
  it('German has exactly the English keys', () => {
    expect(Object.keys(de).sort()).toEqual([...KEYS].sort());
  });

  it('German names the same values as English, of the same kind, with the same choices; plurals have every form', () => {
    expect(argumentProblems(en, de)).toEqual([]);
  });

  it('keeps typographic quotes and ellipses in both languages', () => {
    expect(typographyProblems(en)).toEqual([]);
    expect(typographyProblems(de)).toEqual([]);
  });

  it('quotes German the German way („…“) and addresses the user as „du“ throughout', () => {
    expect(germanQuoteProblems(de)).toEqual([]);
    expect(germanEllipsisProblems(de)).toEqual([]);
    expect(formalAddress(de)).toEqual([]);
    expect(Object.values(de).some((message) => /\b(du|dein|deine|dich|dir)\b/i.test(message))).toBe(true);
  });

  it('translates: no German message is the English one, beyond names and symbols', () => {
    const SAME_IN_BOTH = new Set(['app.name', 'key.alt', 'key.altGr', 'key.super', 'key.esc', 'key.tab', 'key.plus', 'key.numpad', 'tray.counter', 'tray.tooltip', 'notify.change', 'notify.summaryLine', 'settings.server', 'settings.version', 'connection.live', 'onboarding.demo', 'onboarding.server', 'edit.name', 'settings.themeSystem', 'settings.languageSystem', 'settings.zoneSystem', 'connection.offline', 'tray.statusOffline', 'updates.title', 'tray.counterGoal', 'tray.tooltipAlso']);
    const untranslated = KEYS.filter((key) => !SAME_IN_BOTH.has(key) && /[a-z]{2,}/i.test(en[key]) && en[key] === de[key]);
    expect(untranslated).toEqual([]);
  });

  it('uses every key somewhere in the code (a hard-coded string leaves its key unused)', () => {
    expect(unusedKeys(KEYS, SOURCES)).toEqual([]);
  });

  it('leaves main’s own messages out of the popup’s catalog, and the popup never names them', () => {
    const popupSources = sourceFiles(join(ROOT, 'src-renderer')).map((path) => readFileSync(path, 'utf8'));
    const mainOnly = KEYS.filter(isMainOnly);
    expect(mainOnly.length).toBeGreaterThan(20);
    expect(unusedKeys(mainOnly, popupSources)).toEqual(mainOnly);
    expect(Object.keys(compiledCatalog('de', { forPopup: true }).messages).filter(isMainOnly)).toEqual([]);
  });

  it('speaks for the screens and notices issues 23, 26 and 28 added (each key below in both languages)', () => {
    const added = [
      // The token vault's and the click files' notices.
      'notice.tokenNotUsedTitle', 'notice.tokenRefused', 'notice.tokenFileKept', 'notice.tokenFileRemoved', 'notice.clicksRefused',
      // Settings → Updates, the tray's update items, update notifications, its error code.
      'updates.title', 'updates.install', 'updates.modeAutomatic', 'updates.modeNotify', 'updates.modeOff', 'updates.idle', 'updates.upToDate', 'updates.ready',
      'updates.unreachable', 'updates.refused', 'updates.nextCheck', 'updates.whatsNew', 'updates.fromDeb', 'updates.fromMisconfigured',
      'tray.updateCheck', 'tray.updateChecking', 'tray.updateDownload', 'tray.updateDownloading', 'tray.updateRestart',
      'notify.updateAvailable', 'notify.updateAvailableBody', 'notify.updateReadyBody', 'notify.whatsNew', 'notify.whatsNewBody', 'notify.couldNotUpdate',
      'error.updatesUnavailable', 'error.notSelfUpdating', 'error.checkFirst', 'error.noUpdateReady', 'setting.updates',
      // Goals, milestones, reset and its undo, export and main's save dialog, the goals file, its error codes.
      'goal.progress', 'goal.legend', 'goal.howMany', 'goal.per', 'goal.which', 'goal.explain', 'goal.badTarget',
      'milestone.years', 'milestone.days', 'milestone.daysLeft', 'milestone.today', 'milestone.isToday', 'milestone.on', 'milestone.notify',
      'reset.question', 'reset.startAgainQuestion', 'reset.detail', 'reset.changedQuestion', 'reset.changedDetail', 'reset.putBackButton', 'reset.keepButton', 'reset.undoLabel',
      'export.title', 'export.what', 'export.all', 'export.explain', 'export.save', 'export.saved', 'export.cancelled',
      'dialog.exportOne', 'dialog.exportAll', 'dialog.exportButton', 'dialog.allFiles', 'dialog.csvFilter',
      'notice.goalsTitle', 'notice.goalsUnreadable', 'notice.goalsReset', 'notify.goalReached', 'tray.counterGoal', 'export.button',
      'error.nothingToReset', 'error.busy', 'error.exportUnavailable', 'error.exportFailed', 'error.atZeroAlready', 'error.noResetToUndo', 'error.goalsNeedAccount',
    ];
    expect(added.filter((key) => !(key in en) || !(key in de))).toEqual([]);
  });

  it(`says every error in one line of at most ${MESSAGE_MAX} characters, in every language`, () => {
    const tooLong = ([['en', en], ['de', de]] as const).flatMap(([language, catalog]) => {
      const i18n = createTranslator({ language, formats: language }, compiledCatalog(language));
      const said = KEYS.filter((k) => k.startsWith('error.')).map((key) => ({ key, text: i18n.say({ key, values: samples(argumentsOf(catalog[key])) }) ?? '' }));
      return said.filter(({ text }) => text.length > MESSAGE_MAX).map(({ key, text }) => `${key} (${language}): ${text.length} characters: ${text}`);
    });
    expect(tooLong).toEqual([]);
  });
});

describe('the pseudo-locale', () => {
  const pseudo = createTranslator({ language: PSEUDO, formats: 'en' }, compiledCatalog(PSEUDO));
  const english = createTranslator({ language: 'en', formats: 'en' }, compiledCatalog('en'));

  it('says every message accented, bracketed and about 40 % longer than English', () => {
    const said = KEYS.map((key) => {
      const values = samples(argumentsOf(en[key]));
      return { key, values, plain: english.say({ key, values }) ?? '', shown: pseudo.say({ key, values }) ?? '' };
    });
    expect(pseudoProblems(said)).toEqual([]);
  });
});

describe('negative controls: each rule fails on a planted example', () => {
  it('a component that hard-codes its text leaves the key unused', () => {
    const hardCoded = `<button type="button">Check again</button>`;
    const fromCatalog = `<button type="button">{i18n.t('empty.checkAgain')}</button>`;
    expect(unusedKeys(['empty.checkAgain'], [hardCoded])).toEqual(['empty.checkAgain']);
    expect(unusedKeys(['empty.checkAgain'], [fromCatalog])).toEqual([]);
  });

  it('a German message with a different value, a missing plural form, or a formal „Sie“ is caught', () => {
    const english = { 'a.days': '{count, plural, one {# day} other {# days}}', 'b.days': '{count, plural, one {# day} other {# days}}', 'c.state': '{state, select, on {On} other {Off}}', 'd.ok': '{n} of {total}' };
    const german = { 'a.days': '{n, plural, one {# Tag} other {# Tage}}', 'b.days': '{count, plural, other {# Tage}}', 'c.state': '{state, select, an {An} other {Aus}}', 'd.ok': '{total}: {n}' };
    expect(argumentProblems(english, german)).toEqual([
      'a.days: German names [n:plural:], English [count:plural:]',
      'b.days (de): count lacks the plural form one',
      'c.state: German names [state:select:an|other], English [state:select:on|other]',
    ]);
    expect(argumentProblems({ x: '{count, plural, one {# day}' }, { x: '{count}' })[0]).toMatch(/^x \(en\): does not compile/);
    expect(formalAddress({ x: 'Geben Sie Ihr Token ein.' })).toHaveLength(1);
    expect(germanQuoteProblems({ x: 'Kein Zähler heißt “Kaffee”.' })).toEqual(['x: English closing quote ”', 'x: „ and “ do not pair (0 / 1)', 'x: “ used to open a quote']);
    expect(typographyProblems({ x: "Can't undo..." })).toHaveLength(2);
    expect(germanEllipsisProblems({ x: 'Bearbeiten …', y: 'Bearbeiten\u00a0…', z: '„Kaffee“ …' })).toEqual(['x: a breaking space before … (use \\u00a0)', 'z: a breaking space before … (use \\u00a0)']);
  });

  it('a pseudo-locale message left unbracketed, short or with an English word is caught; its values are not held against it', () => {
    const values = { name: 'Coffee' };
    expect(pseudoProblems([
      { key: 'ok', values, plain: 'Add Coffee', shown: `${OPEN}Áðð Coffee ļöŕ${CLOSE}` },
      { key: 'cut', values, plain: 'Add Coffee', shown: `${OPEN}Áðð Coffee ļöŕ` },
      { key: 'short', values, plain: 'Add to Coffee', shown: `${OPEN}Áðð Coffee${CLOSE}` },
      { key: 'stray', values, plain: 'Add Coffee', shown: `${OPEN}Add Coffee ļöŕ${CLOSE}` },
    ])).toEqual([
      `cut: not bracketed ${OPEN}…${CLOSE}: ${OPEN}Áðð Coffee ļöŕ`,
      `short: 6 characters of its own, fewer than 9: ${OPEN}Áðð Coffee${CLOSE}`,
      `stray: plain word “Add”: ${OPEN}Add Coffee ļöŕ${CLOSE}`,
    ]);
  });
});
