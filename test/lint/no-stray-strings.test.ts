// `counter-tray/no-stray-strings` (eslint/no-stray-strings.js) through the project's own lint
// config: a hard-coded word in the popup or on a desktop surface fails, the same text from
// the catalog passes (the negative control that the rule is not just noisy), and conditions
// and comparisons are not mistaken for text.
import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function strays(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'counter-tray/no-stray-strings').map((m) => m.message);
}

const component = (body: string) => `import { useI18n } from '../i18n/I18n';\nexport function Probe({ on }: { on: boolean }) {\n  const i18n = useI18n();\n  void i18n;\n  return ${body};\n}\n`;

describe('the popup (JSX)', () => {
  it.each([
    ['text between tags', '<button type="button">Check again</button>'],
    ['an aria-label', '<button type="button" aria-label="Settings" />'],
    ['a title in braces', "<button type=\"button\" title={'Back (Esc)'} />"],
    ['a template literal', '<p aria-label={`Edit ${String(on)}`} />'],
    ['either side of a choice', "<p>{on ? 'Show' : 'Hide'}</p>"],
    ['a placeholder', '<input placeholder="Search counters" />'],
    ['a confirm bar question', '<ConfirmBar question="Discard your changes?" />'],
  ])('fails on a hard-coded word: %s', async (_what, jsx) => {
    expect((await strays('src-renderer/components/Probe.tsx', component(jsx))).length).toBeGreaterThan(0);
  });

  it.each([
    ['the catalog', "<button type=\"button\" aria-label={i18n.t('list.settings')}>{i18n.t('empty.checkAgain')}</button>"],
    ['symbols and single keys', '<span aria-hidden="true">+ · − → K</span>'],
    ['a condition, not text', "<p>{String(on) === 'unauthorized' && i18n.t('connection.unauthorized')}</p>"],
    ['class names and types', '<button type="button" className="secondary danger" />'],
  ])('passes %s', async (_what, jsx) => {
    expect(await strays('src-renderer/components/Probe.tsx', component(jsx))).toEqual([]);
  });
});

describe('main’s desktop surfaces', () => {
  it.each([
    ['a tray menu label', "export const item = { type: 'normal', label: 'Open Counter Tray' };"],
    ['a notification', "export const n = { title: 'Clicks not sent', body: `Your ${1} clicks` };"],
    ['dialog buttons', "export const box = { buttons: ['Cancel', 'Use it'] };"],
    ['a tooltip', "declare const tray: { setToolTip(t: string): void };\ntray.setToolTip('Counter Tray (offline)');"],
  ])('fails on a hard-coded word: %s', async (_what, code) => {
    expect((await strays('src-main/desktop/probe.ts', code)).length).toBeGreaterThan(0);
  });

  it('covers app/ too: a notification built there with its own words fails', async () => {
    expect((await strays('src-main/app/probe.ts', "export const n = { title: 'Counter Tray 0.3.0 is available', body: 'Download it from the tray menu.' };")).length).toBe(2);
  });

  it('passes a catalog key named where a Notice wants one', async () => {
    expect(await strays('src-main/app/probe.ts', "export const n = { title: 'notice.settingsTitle' };")).toEqual([]);
  });

  it('passes the same from the catalog', async () => {
    const code = "declare const i18n: { t(key: string): string };\nexport const item = { type: 'normal', label: i18n.t('tray.open'), body: i18n.t('tray.quit') };";
    expect(await strays('src-main/desktop/probe.ts', code)).toEqual([]);
  });
});

describe('the goal, export and update screens and desktop surfaces, as they are and with one word planted', () => {
  // Each file as committed passes; the same file with one catalog call swapped for the English it says fails.
  it.each([
    ['src-renderer/screens/UpdatesSection.tsx', "{i18n.t('updates.check')}", 'Check for updates…'],
    ['src-renderer/screens/ExportScreen.tsx', "{i18n.t('export.title')}", 'Export activity'],
    ['src-renderer/screens/CounterLocalSettings.tsx', "{i18n.t('goal.legend')}", 'Goal'],
    ['src-renderer/components/useResetUndo.tsx', "i18n.t('reset.keepButton', { value: question.current })", '`Keep ${question.current}`'],
    ['src-renderer/screens/EditCounter.tsx', "i18n.t('reset.detail')", "'Every member of this counter sees it. You can undo it for a minute.'"],
    ['src-renderer/screens/SettingsScreen.tsx', "{i18n.t('settings.quit')}", 'Quit Counter Tray'],
    ['src-main/desktop/tray-menu.ts', "UPDATE_WORDS.trayRestart(i18n, status.version)", '`Restart to update to ${status.version}`'],
    ['src-main/electron/save-dialog.ts', "i18n.t('dialog.exportButton')", "'Export'"],
    ['src-main/desktop/notifications.ts', "i18n.t('notify.goalReached', { goal })", '`Goal reached: ${goal}`'],
  ])('%s', async (file, fromCatalog, hardCoded) => {
    const source = readFileSync(file, 'utf8');
    expect(source).toContain(fromCatalog);
    expect(await strays(file, source)).toEqual([]);
    expect((await strays(file, source.replace(fromCatalog, hardCoded))).length).toBe(1);
  });
});
