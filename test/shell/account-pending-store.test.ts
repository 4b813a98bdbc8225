import { describe, expect, it } from 'vitest';
import { accountOwnerKey, pendingStoreForAccount } from '../../src-main/app/account-pending-store';
import { sealFor } from '../../src-main/app/click-file-codec';
import { createMemoryStore } from '../../src-main/core/index';

const SERVER = 'https://developers.counttogether.app';
const ID = '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b12';
const OTHER = '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b13';
const pending = { version: 2, counters: { [ID]: { runs: [3] } } };
const storeFor = (disk: ReturnType<typeof createMemoryStore>, server: string, token: string, refused: (counters: number) => Promise<void> = async () => undefined) =>
  pendingStoreForAccount(disk, sealFor(accountOwnerKey(server, token), token), refused);

describe('pending changes are kept per account', () => {
  it('gives an account back what it saved', async () => {
    const disk = createMemoryStore();
    await storeFor(disk, SERVER, 'ada-token').save(pending);
    await expect(storeFor(disk, SERVER, 'ada-token').load()).resolves.toEqual(pending);
  });

  it('never hands one account the clicks of another token or another server', async () => {
    const disk = createMemoryStore();
    await storeFor(disk, SERVER, 'ada-token').save(pending);
    await expect(storeFor(disk, SERVER, 'alan-token').load()).resolves.toBeUndefined();
    await expect(storeFor(disk, 'http://127.0.0.1:8787', 'ada-token').load()).resolves.toBeUndefined();
  });

  it('reads garbage as empty; under its own owner key keeps only the counters whose MAC holds (a 0.2 file only at the upgrade launch)', async () => {
    const owner = accountOwnerKey(SERVER, 'ada-token');
    const refusals: number[] = [];
    const refused = async (counters: number) => void refusals.push(counters);
    await expect(storeFor(createMemoryStore(pending), SERVER, 'ada-token', refused).load()).resolves.toBeUndefined();
    await expect(storeFor(createMemoryStore('not json we wrote'), SERVER, 'ada-token', refused).load()).resolves.toBeUndefined();
    expect(refusals).toEqual([]);
    // A file of 0.2 (no MACs): refused, except at the launch that upgraded the vault.
    await expect(storeFor(createMemoryStore({ owner, pending }), SERVER, 'ada-token', refused).load()).resolves.toEqual({ version: 2, counters: {} });
    expect(refusals).toEqual([1]);
    const upgraded = pendingStoreForAccount(createMemoryStore({ owner, pending }), sealFor(owner, 'ada-token', true), refused);
    await expect(upgraded.load()).resolves.toEqual(pending);
    // A counter added to a sealed file is refused alone; one whose clicks were changed too.
    const disk = createMemoryStore();
    await storeFor(disk, SERVER, 'ada-token').save({ version: 2, counters: { [ID]: { runs: [3] }, [OTHER]: { runs: [1] } } });
    const saved = disk.current() as { pending: { counters: Record<string, unknown> } };
    saved.pending.counters[OTHER] = { runs: [1_000_000] };
    saved.pending.counters['019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b14'] = { runs: [5] };
    await expect(storeFor(createMemoryStore(saved), SERVER, 'ada-token', refused).load()).resolves.toEqual({ version: 2, counters: { [ID]: { runs: [3] } } });
    expect(refusals).toEqual([1, 2]);
  });

  it('writes no token to disk', async () => {
    const disk = createMemoryStore();
    await storeFor(disk, SERVER, 'ada-secret-token').save(pending);
    expect(JSON.stringify(disk.current())).not.toContain('ada-secret-token');
  });
});
