// The src-main layer order (main → electron → desktop → app → ipc → core) is a lint rule, not a
// convention: each case imports one step up the order and must be refused with the rule's message,
// and the same import one step down must pass (the negative control that the rule is not just noisy).
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => /restricted-imports/.test(m.ruleId ?? '')).map((m) => m.message);
}

describe('src-main layers', () => {
  it.each([
    ['core', "import type { AppError } from '../ipc/errors';", 'ipc'],
    ['core', "import type { AppController } from '../app/controller';", 'app'],
    ['ipc', "import type { AppController } from '../app/controller';", 'app'],
    ['app', "import type { RegistrationPlan } from '../desktop/shortcuts';", 'desktop'],
    ['app/session', "import type { RegistrationPlan } from '../../desktop/shortcuts';", 'desktop'],
    ['desktop', "import type { ShortcutRegistrar } from '../electron/shortcuts';", 'electron'],
    ['electron', "import type {} from '../main';", 'main.ts'],
  ])('%s/ may not import up the order (%s)', async (folder, code, target) => {
    const errors = await layerErrors(`src-main/${folder}/probe.ts`, `${code}\nexport {};\n`);
    expect(errors.join('\n')).toMatch(new RegExp(`Layer rule \\(src-main/${folder.split('/')[0]}\\).*${target.replace('.', '\\.')}`));
  });

  it.each([
    ['electron', "import type { AppController } from '../app/controller';"],
    ['desktop', "import type { AppPlatform } from '../app/ports';"],
    ['app/session', "import type { AppError } from '../../ipc/errors';"],
    ['app', "import type { AppError } from '../ipc/errors';"],
    ['ipc', "import type { CoreErrorKind } from '../core/contract';"],
  ])('%s/ may import down the order', async (folder, code) => {
    expect(await layerErrors(`src-main/${folder}/probe.ts`, `${code}\nexport {};\n`)).toEqual([]);
  });

  it('only main.ts imports electron itself; core and desktop not even its types', async () => {
    expect(await layerErrors('src-main/app/probe.ts', "import { app } from 'electron';\nexport const a = app;\n")).toHaveLength(1);
    expect(await layerErrors('src-main/app/probe.ts', "import type { App } from 'electron';\nexport type A = App;\n")).toEqual([]);
    expect(await layerErrors('src-main/core/probe.ts', "import type { App } from 'electron';\nexport type A = App;\n")).toHaveLength(1);
    expect(await layerErrors('src-main/main.ts', "import { app } from 'electron';\nexport const a = app;\n")).toEqual([]);
  });
});

describe('app/ folders, one way (account → goals → export → activity → offline → settings → updates → session → state → storage)', () => {
  it.each([
    // [folder, refused import, rule's target, control import that passes]
    ['storage', "import type { RecordFile } from '../activity/record';", 'activity', "import type { TextFile } from '../ports';"],
    ['state', "import type { Session } from '../session/session-api';", 'session', "import type { Clock } from '../../core/contract';"],
    ['session', "import type { OfflineCounters } from '../offline/offline-counters';", 'offline', "import { createStatePublisher } from '../state/state-publisher';\nexport const p = createStatePublisher;"],
    ['activity', "import type { CounterReset } from '../account/account-data';", 'account', "import { readParsed } from '../storage/parsed-file';\nexport const r = readParsed;"],
    ['goals', "import type { AppController } from '../controller';", 'controller', "import { dayKey } from '../activity/days';\nexport const d = dayKey;"],
  ])('%s/ may not import %s (control passes)', async (folder, refused, target, control) => {
    const errors = await layerErrors(`src-main/app/${folder}/probe.ts`, `${refused}\nexport {};\n`);
    expect(errors.join('\n')).toMatch(new RegExp(`App rule \\(src-main/app/${folder}\\).*${target}`));
    expect(await layerErrors(`src-main/app/${folder}/probe.ts`, `${control}\nexport {};\n`)).toEqual([]);
  });

  it('the layer rules above app/ still hold in its folders', async () => {
    expect((await layerErrors('src-main/app/storage/probe.ts', "import type { RegistrationPlan } from '../../desktop/shortcuts';\nexport {};\n")).join('\n')).toMatch(/Layer rule \(src-main\/app\).*desktop/);
  });
});

describe('paths that say where code runs and whether it ships', () => {
  it('the preload shares only src-shared with main (control: the contract from src-shared passes)', async () => {
    expect(await layerErrors('src-main/preload/probe.ts', "import type { AppError } from '../ipc/errors';\nexport {};\n")).toHaveLength(1);
    expect(await layerErrors('src-main/preload/probe.ts', "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n")).toHaveLength(1);
    expect(await layerErrors('src-main/preload/probe.ts', "import type { AppState } from '../../src-shared/ipc/contract';\nexport type S = AppState;\n")).toEqual([]);
  });

  it('shipped code never imports dev-tools/ or test/, and nothing outside test/ imports test/', async () => {
    expect(await layerErrors('src-main/app/probe.ts', "import type { HeadlessApp } from '../../dev-tools/headless/headless-app';\nexport {};\n")).toHaveLength(1);
    expect(await layerErrors('src-renderer/probe.ts', "import type { X } from '../test/support/app-fakes';\nexport {};\n")).toHaveLength(1);
    expect(await layerErrors('bench/probe.ts', "import { seededRandom } from '../test/support/seeded-random';\nexport const s = seededRandom;\n")).toHaveLength(1);
    // Control: the harnesses are what scripts, bench and tests import.
    expect(await layerErrors('bench/probe.ts', "import { seededRandom } from '../dev-tools/support/seeded-random';\nexport const s = seededRandom;\n")).toEqual([]);
  });
});
