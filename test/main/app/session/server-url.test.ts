// Only literal loopback addresses and `localhost` itself skip the
// plain-http question. The table says what each host is on the wire (judged by where Node
// sends the request, not by the app's rule); the rule of 0.2, which also trusted
// `*.localhost`, is the negative control.
import { describe, expect, it } from 'vitest';
import { createHeadlessApp } from '../../../../dev-tools/headless/headless-app';
import { isLoopbackHost, parseServerUrl } from '../../../../src-main/app/session/server-url';
import { fakeCoreFactory } from '../../../support/app-fakes';

/** Host as typed → does a connection to it stay on this machine whatever DNS says? */
const TABLE: [string, boolean][] = [
  ['http://localhost:8787', true],
  ['http://LOCALHOST:8787', true],
  ['http://127.0.0.1:8787', true],
  ['http://127.45.6.7', true],
  ['http://0x7f.0.0.1', true], // the URL parser writes it 127.0.0.1
  ['http://[::1]:8787', true],
  ['http://attacker.localhost:8787', false], // Node resolves it through DNS
  ['http://localhost.attacker.example', false],
  ['http://127.0.0.1.nip.io', false],
  ['http://localhost.', false],
  ['http://10.0.0.2:8080', false],
  ['http://[::ffff:10.0.0.2]', false],
];

const loopback02 = (host: string) => ['localhost', '127.0.0.1', '[::1]'].includes(host.toLowerCase()) || host.toLowerCase().endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host);

function misjudged(rule: (host: string) => boolean): string[] {
  return TABLE.filter(([url, local]) => rule(new URL(url).hostname) !== local).map(([url]) => url);
}

describe('which hosts count as this machine', () => {
  it('literal loopback addresses and localhost itself, nothing else', () => {
    expect(misjudged(isLoopbackHost)).toEqual([]);
    for (const [url, local] of TABLE) expect(parseServerUrl(url).plainHttp, url).toBe(!local);
  });

  it('negative control: the 0.2 rule waves *.localhost through', () => {
    expect(misjudged(loopback02)).toEqual(['http://attacker.localhost:8787']);
  });

  it('signing in to http://attacker.localhost asks the plain-http question first, and No sends nothing', async () => {
    const cores = fakeCoreFactory({ url: 'http://attacker.localhost:8787', tokens: new Set(['t0ken-for-a-test']), reachable: true, counters: [] });
    const app = createHeadlessApp({ coreFactory: cores.factory, consent: { ask: async () => false } });
    await app.start();
    const answer = await app.dispatch('session:connect', { serverUrl: 'http://attacker.localhost:8787', token: 't0ken-for-a-test' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'declined' } });
    expect(app.consentQuestions()).toEqual([{ kind: 'plain-http', to: 'http://attacker.localhost:8787' }]);
    expect(cores.cores).toEqual([]);
    await app.stop();
  });
});
