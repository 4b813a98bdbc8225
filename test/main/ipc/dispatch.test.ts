import { describe, expect, it, vi } from 'vitest';
import { CoreError } from '../../../src-main/core/contract';
import { AppError } from '../../../src-main/ipc/errors';
import { createIpcDispatcher, type InvokeHandlers } from '../../../src-main/ipc/dispatch';
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings';
import { COFFEE_ID } from '../../support/app-fakes';

function handlers(overrides: Partial<InvokeHandlers> = {}): InvokeHandlers {
  const base: InvokeHandlers = {
    'state:get': () => {
      throw new Error('not used');
    },
    'counter:increment': () => null,
    'counter:decrement': () => null,
    'counter:update': () => null,
    'counter:dismissError': () => null,
    'counter:resolveUnconfirmed': () => null,
    'counter:undo': () => null,
    'activity:detail': () => {
      throw new Error('not used');
    },
    'activity:history': () => {
      throw new Error('not used');
    },
    'goal:set': () => null,
    'milestones:mute': () => null,
    'counter:reset': () => null,
    'counter:undoReset': () => ({ status: 'restored' }),
    'activity:export': () => ({ status: 'cancelled' }),
    'session:connect': () => null,
    'session:startDemo': () => null,
    'session:signOut': () => null,
    'session:storeTokenWeakly': () => null,
    'settings:update': () => DEFAULT_SETTINGS,
    'session:retryNow': () => null,
    'app:openLink': () => null,
    'app:quit': () => null,
    'updates:check': () => null,
    'updates:download': () => null,
    'updates:restart': () => null,
    'window:hide': () => null,
    'window:keepOpen': () => null,
    'window:mini': () => null,
    'group:create': () => 'g1',
    'group:rename': () => null,
    'group:delete': () => null,
    'group:fold': () => null,
    'counter:place': () => null,
    'counter:hide': () => null,
    'list:sort': () => null,
    'settings:export': () => null,
    'settings:importPick': () => null,
    'settings:importApply': () => null,
  };
  return { ...base, ...overrides };
}

describe('createIpcDispatcher', () => {
  it('rejects a channel the contract does not name, and a non-string channel', async () => {
    const dispatch = createIpcDispatcher(handlers());
    expect(await dispatch('shell:openExternal', {})).toEqual({ ok: false, error: { code: 'unknown-channel', message: expect.stringContaining('shell:openExternal') } });
    expect(await dispatch(42, {})).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
    // A prototype key is not a channel.
    expect(await dispatch('toString', {})).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
  });

  it('answers invalid-payload and never calls the handler for a malformed request', async () => {
    const increment = vi.fn(() => null);
    const dispatch = createIpcDispatcher(handlers({ 'counter:increment': increment }));
    for (const payload of [undefined, null, 'x', { id: 'not-a-uuid' }, { id: COFFEE_ID, amount: 0 }, { id: COFFEE_ID, amount: 1.5 }, { id: COFFEE_ID, extra: true }]) {
      const result = await dispatch('counter:increment', payload);
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid-payload' } });
    }
    expect(increment).not.toHaveBeenCalled();
  });

  it('passes the parsed request and wraps the value', async () => {
    const increment = vi.fn(() => null);
    const dispatch = createIpcDispatcher(handlers({ 'counter:increment': increment }));
    expect(await dispatch('counter:increment', { id: COFFEE_ID, amount: 3 })).toEqual({ ok: true, value: null });
    expect(increment).toHaveBeenCalledWith({ id: COFFEE_ID, amount: 3 });
  });

  it('maps CoreError and AppError to code + the server message, hides unexpected errors', async () => {
    const unexpected = vi.fn();
    const dispatch = createIpcDispatcher(
      handlers({
        'counter:update': () => {
          throw new CoreError('badRequest', 'Name must be 5 to 40 characters', 400);
        },
        'session:connect': () => {
          throw new AppError('token-rejected', 'rejected');
        },
        'session:signOut': () => {
          throw new TypeError('cannot read x of undefined at /home/user/secret/path.js');
        },
      }),
      { onUnexpectedError: unexpected },
    );
    expect(await dispatch('counter:update', { id: COFFEE_ID, patch: { name: 'abc' } })).toEqual({ ok: false, error: { code: 'badRequest', message: 'Name must be 5 to 40 characters' } });
    expect(await dispatch('session:connect', { serverUrl: 'https://x.test', token: 't' })).toEqual({ ok: false, error: { code: 'token-rejected', message: 'rejected' } });
    const internal = await dispatch('session:signOut', {});
    expect(internal).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(internal)).not.toContain('secret/path');
    expect(unexpected).toHaveBeenCalledOnce();
  });

  it('validates responses too: extra fields are stripped, a wrong shape is an internal error', async () => {
    const dispatch = createIpcDispatcher(
      handlers({
        'settings:update': () => ({ ...DEFAULT_SETTINGS, token: 'leak' }) as typeof DEFAULT_SETTINGS,
        'window:hide': () => 'oops' as unknown as null,
      }),
    );
    const settings = await dispatch('settings:update', {});
    expect(settings.ok).toBe(true);
    expect(JSON.stringify(settings)).not.toContain('leak');
    expect(await dispatch('window:hide', {})).toMatchObject({ ok: false, error: { code: 'internal' } });
  });

  it('redacts secrets from every error message', async () => {
    const dispatch = createIpcDispatcher(
      handlers({
        'session:connect': () => {
          throw new CoreError('unauthorized', 'token abcd-secret-1234 is revoked', 401);
        },
      }),
      { redact: (text) => text.replaceAll('abcd-secret-1234', '[redacted]') },
    );
    expect(await dispatch('session:connect', { serverUrl: 'https://x.test', token: 'abcd-secret-1234' })).toEqual({
      ok: false,
      error: { code: 'unauthorized', message: 'token [redacted] is revoked' },
    });
  });
});
