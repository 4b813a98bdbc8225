// Frame parsing (src-main/core/live-socket.ts): the three notifications with or without extra
// fields, and everything else ignored with its reason, never thrown (docs/api.md §6, O6).
import { describe, expect, it } from 'vitest';
import { parseFrame } from '../../../src-main/core/live-socket';
import { createServerTextCleaner } from '../../../src-shared/text/server-text';

const clean = createServerTextCleaner([]);

const ID = '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b12';
const updated = (value: number, extra: object = {}) =>
  JSON.stringify({ jsonrpc: '2.0', method: 'counterUpdated', params: { counterId: ID, name: 'Coffees', type: 'UpDown', value, ...extra } });

describe('parseFrame', () => {
  it('reads the three notifications, with or without extra fields', () => {
    expect(parseFrame(updated(4, { colour: 'red' }), false, clean)).toEqual({ kind: 'counterUpdated', params: { counterId: ID, name: 'Coffees', type: 'UpDown', value: 4 } });
    expect(parseFrame(Buffer.from(JSON.stringify({ jsonrpc: '2.0', method: 'counterDeleted', params: { counterId: ID } })), false, clean)).toEqual({ kind: 'counterDeleted', counterId: ID });
    expect(parseFrame(JSON.stringify({ jsonrpc: '2.0', method: 'counterDeleted', params: { id: ID } }), false, clean)).toEqual({ kind: 'counterDeleted', counterId: ID });
    expect(parseFrame(JSON.stringify({ jsonrpc: '2.0', method: 'counterDeleted', params: {} }), false, clean)).toEqual({ kind: 'counterDeleted', counterId: undefined });
    expect(parseFrame(JSON.stringify({ jsonrpc: '2.0', method: 'counterMemberlistChanged' }), false, clean)).toEqual({ kind: 'counterMemberlistChanged' });
  });

  it.each([
    ['not JSON', '{nope', 'notJson'],
    ['a JSON array', '[]', 'notNotification'],
    ['wrong jsonrpc', JSON.stringify({ jsonrpc: '1.0', method: 'counterUpdated' }), 'notNotification'],
    ['a request with an id', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'counterUpdated', params: {} }), 'notNotification'],
    ['an unknown method', JSON.stringify({ jsonrpc: '2.0', method: 'serverAnnouncement', params: {} }), 'unknownMethod'],
    ['counterUpdated without a value', JSON.stringify({ jsonrpc: '2.0', method: 'counterUpdated', params: { counterId: ID } }), 'badParams'],
    ['counterUpdated with a bad id', updated(1).replace(ID, 'not-a-uuid'), 'badParams'],
  ])('ignores %s', (_label, text, reason) => {
    expect(parseFrame(text, false, clean)).toEqual({ kind: 'ignored', reason });
  });

  it('ignores binary frames', () => {
    expect(parseFrame(Buffer.from(updated(1)), true, clean)).toEqual({ kind: 'ignored', reason: 'binary' });
  });
});
