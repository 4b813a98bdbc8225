// electron-builder.yml: valid by the builder's own schema check, fuses as the
// issue requires, and only the built app in the package.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { LINK_SCHEME } from '../../src-main/desktop/links';

const require = createRequire(import.meta.url);
// js-yaml and app-builder-lib come with electron-builder; no types needed for two calls.
const yaml = require('js-yaml') as { load(text: string): unknown };
const { validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
  validateConfiguration(config: unknown, debugLogger: { add(key: string, value: unknown): void }): Promise<void>;
};

const config = yaml.load(readFileSync('electron-builder.yml', 'utf8')) as Record<string, unknown>;

describe('electron-builder.yml', () => {
  it('passes the builder’s own validation', async () => {
    await expect(validateConfiguration(config, { add: () => undefined })).resolves.toBeUndefined();
  });

  it('sets the security fuses', () => {
    expect(config.electronFuses).toMatchObject({ runAsNode: false, enableCookieEncryption: true, onlyLoadAppFromAsar: true, enableNodeOptionsEnvironmentVariable: false, enableNodeCliInspectArguments: false });
  });

  it('registers the counter-tray:// scheme the app follows (src-main/desktop/links.ts)', () => {
    expect(config.protocols).toEqual([{ name: 'Counter Tray link', schemes: [LINK_SCHEME] }]);
  });

  it('ships only dist/ and package.json, inside an asar', () => {
    expect(config.asar).toBe(true);
    expect(config.files).toEqual(['dist/**/*', '!dist/**/*.map', 'package.json']);
    expect(config).toMatchObject({ appId: 'app.counttogether.countertray', productName: 'Counter Tray' });
  });
});
