// `counter-tray/short-header` (eslint/short-header.js) through the project's own lint config: a
// header of more than three comment lines fails, three pass, and a doc comment on the first
// declaration, a directive or a block's bare delimiter lines are not counted as header.
import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function headerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'counter-tray/short-header').map((m) => m.message);
}

const body = "import { z } from 'zod';\nexport const Probe = z.string();\n";
const lines = (count: number) => Array.from({ length: count }, (_, i) => `// Reason ${i + 1}.`).join('\n');

describe('a file header says why in at most three lines', () => {
  it.each([
    ['four line comments', `${lines(4)}\n${body}`],
    ['a block of four text lines', `/*\n * One.\n * Two.\n * Three.\n * Four.\n */\n${body}`],
    ['two comments that make four lines together', `${lines(2)}\n\n/** Three.\n * Four. */\n${body}`],
    ['a doc comment above the imports: still the header', `/**\n * One.\n * Two.\n * Three.\n * Four.\n */\n${body}`],
    ['an essay in a .tsx file', `${lines(6)}\nexport const Probe = () => null;\n`],
  ])('fails on %s', async (_what, code) => {
    const file = code.includes('=> null') ? 'src-renderer/components/Probe.tsx' : 'src-main/app/probe.ts';
    expect(await headerErrors(file, code)).toEqual([expect.stringMatching(/header has \d+ comment lines: say why in at most 3/)]);
  });

  it.each([
    ['three lines', `${lines(3)}\n${body}`],
    ['no header', body],
    ['a block whose delimiter lines are bare', `/*\n * One.\n * Two.\n * Three.\n */\n${body}`],
    ['a header and the first declaration’s own doc comment', `${lines(3)}\n\n/**\n * What Probe is.\n * And more about it.\n */\nexport const Probe = 1;\n`],
    ['a directive beside the header', `/* eslint-disable no-var */\n${lines(3)}\n${body}`],
  ])('passes %s', async (_what, code) => {
    expect(await headerErrors('src-main/app/probe.ts', code)).toEqual([]);
  });

  it('holds every product file, not the tools beside them', async () => {
    const essay = `${lines(8)}\n${body}`;
    expect(await headerErrors('src-main/core/probe.ts', essay)).toHaveLength(1);
    expect(await headerErrors('src-shared/domain/probe.ts', essay)).toHaveLength(1);
    // dev-tools and scripts explain themselves at whatever length they need.
    expect(await headerErrors('dev-tools/probe.ts', essay)).toEqual([]);
  });
});

describe('files of each cleaned folder, as they are and with four lines planted on top', () => {
  // Each file as committed passes; the same file with four more header lines fails.
  it.each([
    'src-main/main.ts',
    'src-main/app/activity/record.ts',
    'src-main/ipc/sender-check.ts',
    'src-main/core/outgoing-changes.ts',
    'src-main/preload/preload.cts',
    'src-main/desktop/token-vault.ts',
    'src-main/electron/logging.ts',
    'src-renderer/App.tsx',
    'src-renderer/global.d.ts',
    'src-renderer/bridge/useAppState.ts',
    'src-renderer/components/YearHeatmap.tsx',
    'src-renderer/screens/useListKeys.ts',
    'src-renderer/format/rowLines.ts',
    'src-renderer/accentColor/paintedAccent.ts',
    'src-renderer/i18n/I18n.tsx',
    'src-shared/domain/organise.ts',
    'src-shared/api/schemas.ts',
    'src-shared/i18n/error-words.ts',
    'src-shared/events/emitter.ts',
    'src-shared/ipc/contract.ts',
    'src-shared/text/server-text.ts',
    'src-shared/time/zone-cache.ts',
  ])('%s', async (file) => {
    const source = readFileSync(file, 'utf8');
    expect(await headerErrors(file, source)).toEqual([]);
    expect(await headerErrors(file, `${lines(4)}\n${source}`)).toHaveLength(1);
  });
});
