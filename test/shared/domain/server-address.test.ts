import { describe, expect, it } from 'vitest';
import { isPublicServer, onPublicServer, publicWebPage, withDefaultScheme } from '../../../src-shared/domain/server-address';

describe('server addresses', () => {
  it('opens only pages of the public CountTogether site', () => {
    expect(publicWebPage('/settings/tokens')).toBe('https://counttogether.app/settings/tokens');
    expect(publicWebPage(`/counters/${encodeURIComponent('a/../../x')}`)).toBe('https://counttogether.app/counters/a%2F..%2F..%2Fx');
    expect(() => publicWebPage('//evil.example/x')).toThrow();
    expect(() => publicWebPage('https://evil.example/')).toThrow();
    expect(() => publicWebPage('http://counttogether.app/')).toThrow();
  });

  it('adds https:// to an address typed without a scheme, and only then', () => {
    expect(withDefaultScheme(' counttogether.app ')).toBe('https://counttogether.app');
    expect(withDefaultScheme('http://127.0.0.1:8787')).toBe('http://127.0.0.1:8787');
    expect(withDefaultScheme('')).toBe('');
  });

  it('knows the public service from self-hosted and demo servers', () => {
    expect(isPublicServer('https://developers.counttogether.app')).toBe(true);
    expect(isPublicServer('http://counttogether.app')).toBe(false);
    expect(isPublicServer('https://counttogether.app.evil.example')).toBe(false);
    expect(isPublicServer('http://127.0.0.1:4100')).toBe(false);
  });

  it('offers the public site only to an account signed in there, not to the demo', () => {
    const serverUrl = 'https://developers.counttogether.app';
    expect(onPublicServer({ mode: 'account', serverUrl })).toBe(true);
    expect(onPublicServer({ mode: 'demo', serverUrl })).toBe(false);
    expect(onPublicServer({ mode: 'account', serverUrl: 'http://127.0.0.1:4100' })).toBe(false);
  });
});
