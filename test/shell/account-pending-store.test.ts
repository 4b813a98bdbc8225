import { describe, expect, it } from 'vitest';
import { accountOwnerKey, pendingStoreForAccount } from '../../src-main/app/account-pending-store';
import { createMemoryStore } from '../../src-main/core/index';

const SERVER = 'https://developers.counttogether.app';
const pending = { changes: [{ counterId: '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b12', net: 3 }] };

describe('pending changes are kept per account', () => {
  it('gives an account back what it saved', async () => {
    const disk = createMemoryStore();
    await pendingStoreForAccount(disk, accountOwnerKey(SERVER, 'ada-token')).save(pending);
    await expect(pendingStoreForAccount(disk, accountOwnerKey(SERVER, 'ada-token')).load()).resolves.toEqual(pending);
  });

  it('never hands one account the clicks of another token or another server', async () => {
    const disk = createMemoryStore();
    await pendingStoreForAccount(disk, accountOwnerKey(SERVER, 'ada-token')).save(pending);
    await expect(pendingStoreForAccount(disk, accountOwnerKey(SERVER, 'alan-token')).load()).resolves.toBeUndefined();
    await expect(pendingStoreForAccount(disk, accountOwnerKey('http://127.0.0.1:8787', 'ada-token')).load()).resolves.toBeUndefined();
  });

  it('reads a file from before owners (or garbage) as empty', async () => {
    const owner = accountOwnerKey(SERVER, 'ada-token');
    await expect(pendingStoreForAccount(createMemoryStore(pending), owner).load()).resolves.toBeUndefined();
    await expect(pendingStoreForAccount(createMemoryStore('not json we wrote'), owner).load()).resolves.toBeUndefined();
  });

  it('writes no token to disk', async () => {
    const disk = createMemoryStore();
    await pendingStoreForAccount(disk, accountOwnerKey(SERVER, 'ada-secret-token')).save(pending);
    expect(JSON.stringify(disk.current())).not.toContain('ada-secret-token');
  });
});
