// Each account's unsent clicks in a durable file of its own, re-validated on
// every load; a bad or foreign file is backed up with a notice, never trusted or dropped
// silently; 0.2's single pending.json is carried over once.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { accountOwnerKey, createAccountPendingStore, pendingFileName } from '../../../../src-main/app/offline/account-pending-store';
import { sealFor } from '../../../../src-main/app/offline/click-file-codec';
import { createTextFile } from '../../../../src-main/app/storage/text-file';
import { PendingLedger } from '../../../../src-main/core/pending-ledger';
import { said } from '../../../../dev-tools/support/i18n';

const SERVER = 'https://developers.counttogether.app';
const ID = '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b12';
const pending = { version: 3, counters: { [ID]: { runs: [3], accepted: ['decrement', 'increment'] } } };

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder() {
  const dir = mkdtempSync(join(tmpdir(), 'pending-store-'));
  dirs.push(dir);
  const notices: string[] = [];
  /** `upgraded`: the launch that upgraded the token vault from 0.2 (only it takes clicks without MACs). */
  const storeFor = (token: string, upgraded = false) => {
    const owner = accountOwnerKey(SERVER, token);
    return createAccountPendingStore(sealFor(owner, token, upgraded), { file: createTextFile(join(dir, pendingFileName(owner))), legacy: createTextFile(join(dir, 'pending.json')), notice: (m) => notices.push(said(m)) });
  };
  return { dir, notices, storeFor };
}

describe('pending clicks are kept per account, durably', () => {
  it('gives an account back what it saved, in a file of its own named by a digest', async () => {
    const { dir, storeFor } = folder();
    await storeFor('ada-secret-token').save(pending);
    await expect(storeFor('ada-secret-token').load()).resolves.toEqual(pending);
    const files = readdirSync(dir);
    expect(files).toEqual([pendingFileName(accountOwnerKey(SERVER, 'ada-secret-token'))]);
    expect(readFileSync(join(dir, files[0]!), 'utf8')).not.toContain('ada-secret-token');
  });

  it('never hands one account the clicks of another token', async () => {
    const { storeFor, notices } = folder();
    await storeFor('ada-token').save(pending);
    await expect(storeFor('alan-token').load()).resolves.toBeUndefined();
    expect(notices).toEqual([]);
  });

  it('a file that does not parse (or holds another owner) is backed up with a notice, and the ledger starts empty', async () => {
    for (const bad of ['{not json', JSON.stringify({ owner: 'x', pending }), JSON.stringify({ owner: accountOwnerKey(SERVER, 'ada'), pending: { version: 3, counters: { [ID]: { runs: ['lots'] } } } })]) {
      const { dir, storeFor, notices } = folder();
      writeFileSync(join(dir, pendingFileName(accountOwnerKey(SERVER, 'ada'))), bad);
      const ledger = new PendingLedger(storeFor('ada'));
      await ledger.load();
      expect(ledger.ids()).toEqual([]);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatch(/set aside .* none of them was sent\. A backup is at .*\.corrupt-.*\.bak\./);
      expect(readdirSync(dir).filter((name) => name.includes('.corrupt-'))).toHaveLength(1);
    }
  });

  it("carries 0.2's pending.json over once, for its own account only, at the launch that upgrades the vault", async () => {
    const { dir, storeFor } = folder();
    const owner = accountOwnerKey(SERVER, 'ada');
    writeFileSync(join(dir, 'pending.json'), JSON.stringify({ owner, pending: { version: 2, counters: { [ID]: { runs: [2] } } } }));
    await expect(storeFor('alan', true).load()).resolves.toBeUndefined();
    const ledger = new PendingLedger(storeFor('ada', true));
    await ledger.load();
    expect(ledger.pending(ID)).toBe(2);
    await ledger.persist();
    expect(readdirSync(dir)).toEqual([pendingFileName(owner)]); // retired once it is in the account's own file
    const again = new PendingLedger(storeFor('ada'));
    await again.load();
    expect(again.pending(ID)).toBe(2);
  });

  it("a pending.json without MACs at any other launch is set aside (issue 23: it could be anyone's 0.2-shaped forgery)", async () => {
    const { dir, storeFor, notices } = folder();
    const owner = accountOwnerKey(SERVER, 'ada');
    writeFileSync(join(dir, 'pending.json'), JSON.stringify({ owner, pending: { version: 2, counters: { [ID]: { runs: [1_000_000] } } } }));
    const ledger = new PendingLedger(storeFor('ada'));
    await ledger.load();
    expect(ledger.ids()).toEqual([]);
    expect(notices).toEqual([expect.stringMatching(/^Unsent clicks on 1 counter in pending\.json \(Counter Tray 0\.2\) were set aside/)]);
    expect(readdirSync(dir).filter((name) => name.startsWith('pending.json.corrupt-'))).toHaveLength(1);
  });

  it('issue 23: a counter another program added to the file (owner key copied) is refused alone; the app’s own clicks stay and are written back', async () => {
    const { dir, storeFor, notices } = folder();
    const other = '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b13';
    await storeFor('ada').save(pending);
    const path = join(dir, pendingFileName(accountOwnerKey(SERVER, 'ada')));
    const written = JSON.parse(readFileSync(path, 'utf8')) as { pending: { counters: Record<string, unknown> } };
    written.pending.counters[other] = { runs: [1_000_000] };
    writeFileSync(path, JSON.stringify(written));
    await expect(storeFor('ada').load()).resolves.toEqual(pending);
    expect(notices).toEqual([expect.stringMatching(/^Unsent clicks on 1 counter in the file of unsent clicks were set aside because Counter Tray did not write them/)]);
    expect(readdirSync(dir).filter((name) => name.includes('.corrupt-'))).toHaveLength(1);
    // Written back without the forged counter: the next load is clean.
    await expect(storeFor('ada').load()).resolves.toEqual(pending);
    expect(notices).toHaveLength(1);
  });

  it('writes through a temp file renamed into place: no temp file is left, a reader never sees half a file', async () => {
    const { dir, storeFor } = folder();
    const store = storeFor('ada');
    await Promise.all([store.save(pending), store.save({ version: 3, counters: {} })]);
    expect(readdirSync(dir)).toHaveLength(1);
    expect(() => JSON.parse(readFileSync(join(dir, readdirSync(dir)[0]!), 'utf8')) as unknown).not.toThrow();
  });
});
