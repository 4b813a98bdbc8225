import { describe, expect, it } from 'vitest';
import { devCsp, mimeTypeFor, PRODUCTION_CSP, resolveAssetPath } from '../../../src-main/desktop/app-assets';

const root = '/opt/counter-tray/resources/app.asar/dist/renderer';

describe('app:// assets', () => {
  it('maps our origin into the renderer folder', () => {
    expect(resolveAssetPath('app://counter-tray/index.html', root)).toBe(`${root}/index.html`);
    expect(resolveAssetPath('app://counter-tray/', root)).toBe(`${root}/index.html`);
    expect(resolveAssetPath('app://counter-tray/assets/index-abc.js?v=1', root)).toBe(`${root}/assets/index-abc.js`);
  });

  // Each hostile URL with exactly what it resolves to. Seen failing: without the check that the
  // joined path stays under the root, the %2f climb resolves to a file outside the folder;
  // without the NUL check a%00.js resolves to a path holding a NUL; without the try around the
  // decoding the malformed escape throws.
  it.each([
    ['another host', 'app://other/index.html'],
    ['another scheme', 'file:///etc/passwd'],
    ['encoded slashes that decode to ../ and climb out', 'app://counter-tray/assets/%2e%2e%2f%2e%2e%2f%2e%2e%2fsecret'],
    ['a NUL byte', 'app://counter-tray/a%00.js'],
    ['a malformed escape', 'app://counter-tray/%E0%A4%A'],
    ['no URL at all', 'not a url'],
  ])('refuses %s: %s', (_what, url) => {
    expect(resolveAssetPath(url, root)).toBeNull();
  });

  // Dot segments, plain or percent-encoded, are removed by the URL parser before the path is
  // read: these URLs name app://counter-tray/etc/passwd, a file inside the folder (there is none,
  // so the protocol handler answers 404: test/main/electron/app-protocol.test.ts).
  it.each([
    ['app://counter-tray/../../../etc/passwd'],
    ['app://counter-tray/%2e%2e/%2e%2e/etc/passwd'],
  ])('keeps %s inside the folder: the URL itself has no way out', (url) => {
    expect(resolveAssetPath(url, root)).toBe(`${root}/etc/passwd`);
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
