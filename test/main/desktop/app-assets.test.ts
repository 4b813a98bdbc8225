import { describe, expect, it } from 'vitest';
import { devCsp, mimeTypeFor, PRODUCTION_CSP, resolveAssetPath } from '../../../src-main/desktop/app-assets';

const root = '/opt/counter-tray/resources/app.asar/dist/renderer';

describe('app:// assets', () => {
  it('maps our origin into the renderer folder', () => {
    expect(resolveAssetPath('app://counter-tray/index.html', root)).toBe(`${root}/index.html`);
    expect(resolveAssetPath('app://counter-tray/', root)).toBe(`${root}/index.html`);
    expect(resolveAssetPath('app://counter-tray/assets/index-abc.js?v=1', root)).toBe(`${root}/assets/index-abc.js`);
  });

  it('refuses other hosts, schemes and every way out of the folder', () => {
    for (const url of [
      'app://other/index.html',
      'file:///etc/passwd',
      'app://counter-tray/../../../etc/passwd',
      'app://counter-tray/%2e%2e/%2e%2e/etc/passwd',
      'app://counter-tray/assets/%2e%2e%2f%2e%2e%2f%2e%2e%2fsecret',
      'app://counter-tray/a%00.js',
      'app://counter-tray/%E0%A4%A',
      'not a url',
    ]) {
      const resolved = resolveAssetPath(url, root);
      if (resolved !== null) expect(resolved.startsWith(`${root}/`)).toBe(true);
    }
    // %2f survives URL parsing and decodes to '/', so this one really tries to climb out.
    expect(resolveAssetPath('app://counter-tray/assets/%2e%2e%2f%2e%2e%2f%2e%2e%2fsecret', root)).toBeNull();
    expect(resolveAssetPath('app://other/index.html', root)).toBeNull();
  });

  it('serves known types with their MIME type', () => {
    expect(mimeTypeFor('/x/index.html')).toBe('text/html; charset=utf-8');
    expect(mimeTypeFor('/x/a.JS')).toBe('text/javascript; charset=utf-8');
    expect(mimeTypeFor('/x/blob')).toBe('application/octet-stream');
  });

  it('the production CSP allows no remote content, no inline script and no eval', () => {
    expect(PRODUCTION_CSP).toContain("default-src 'none'");
    expect(PRODUCTION_CSP).toContain("script-src 'self'");
    expect(PRODUCTION_CSP).not.toMatch(/unsafe-(inline|eval)|https?:/);
    expect(devCsp('http://localhost:5173')).toContain('ws://localhost:5173');
  });
});
