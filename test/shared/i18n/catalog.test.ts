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
import { CATALOG_ROW_TAG } from '../../../scripts/test-summary.mjs';
import { argumentsOf, formalAddress, germanEllipsisProblems, germanQuoteProblems, typographyProblems, unusedKeys, type Argument } from './catalog-rules';

const ROOT = join(import.meta.dirname, '../../..');
const KEYS = Object.keys(en) as (keyof typeof en)[];
/** A row per key: scripts/test.mjs counts these apart from the behaviour tests. */
const CATALOG_ROW = { tags: [CATALOG_ROW_TAG] };

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

  it.each(KEYS)('%s: German names the same values, of the same kind, with the same choices', CATALOG_ROW, (key) => {
    const english = argumentsOf(en[key]);
    const german = argumentsOf(de[key]);
    const shape = (args: Argument[]) => [...new Set(args.map((a) => `${a.name}:${a.kind}:${a.kind === 'plural' ? '' : a.branches.join('|')}`))].sort();
    expect(shape(german)).toEqual(shape(english));
    // Plurals cover what each language's rules can select (Intl.PluralRules), with `other` always.
    for (const [language, args] of [['en', english], ['de', german]] as const) {
      const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      for (const plural of args.filter((a) => a.kind === 'plural')) expect(plural.branches, `${key} (${language}) ${plural.name}`).toEqual(expect.arrayContaining([...needed, 'other']));
    }
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
    for (const [language, catalog] of [['en', en], ['de', de]] as const) {
      const i18n = createTranslator({ language, formats: language }, compiledCatalog(language));
      for (const key of KEYS.filter((k) => k.startsWith('error.'))) {
        const text = i18n.say({ key, values: samples(argumentsOf(catalog[key])) }) ?? '';
        expect(text.length, `${language} ${key}: ${text}`).toBeLessThanOrEqual(MESSAGE_MAX);
      }
    }
  });
});

describe('the pseudo-locale', () => {
  const pseudo = createTranslator({ language: PSEUDO, formats: 'en' }, compiledCatalog(PSEUDO));
  const english = createTranslator({ language: 'en', formats: 'en' }, compiledCatalog('en'));

  it.each(KEYS)('%s: accented, bracketed and about 40 % longer than English', CATALOG_ROW, (key) => {
    const values = samples(argumentsOf(en[key]));
    const plain = english.say({ key, values }) ?? '';
    const shown = pseudo.say({ key, values }) ?? '';
    expect(shown.startsWith(OPEN) && shown.endsWith(CLOSE), shown).toBe(true);
    // Its own words ~40 % longer; values (names, hosts) are data and stay as they are.
    const withoutValues = (text: string) => Object.values(values).map(String).reduce((rest, value) => rest.split(value).join(''), text);
    expect(withoutValues(shown).length, shown).toBeGreaterThanOrEqual(Math.floor(withoutValues(plain).length * 1.3));
    // No plain-ASCII word of the catalog's own survives (the sample values are ASCII on purpose).
    expect(withoutValues(shown), shown).not.toMatch(/[A-Za-z]{2,}/);
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
    expect(argumentsOf('{count, plural, one {# Tag} other {# Tage}}')).not.toEqual(argumentsOf('{n, plural, one {# Tag} other {# Tage}}'));
    expect(argumentsOf('{count, plural, other {# Tage}}')[0]?.branches).not.toContain('one');
    expect(formalAddress({ x: 'Geben Sie Ihr Token ein.' })).toHaveLength(1);
    expect(germanQuoteProblems({ x: 'Kein Zähler heißt “Kaffee”.' })).toEqual(['x: English closing quote ”', 'x: „ and “ do not pair (0 / 1)', 'x: “ used to open a quote']);
    expect(typographyProblems({ x: "Can't undo..." })).toHaveLength(2);
    expect(germanEllipsisProblems({ x: 'Bearbeiten …', y: 'Bearbeiten\u00a0…', z: '„Kaffee“ …' })).toEqual(['x: a breaking space before … (use \\u00a0)', 'z: a breaking space before … (use \\u00a0)']);
  });
});
