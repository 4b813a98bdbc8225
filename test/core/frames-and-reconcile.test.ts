// Pure parts: frame parsing, the echo/remote merge, and the reconciliation decision.
import { describe, expect, it } from 'vitest';
import { parseFrame } from '../../src-main/core/notifications';
import { ECHO_WAIT_MS, mergeNotifiedValue, recordFrom } from '../../src-main/core/counter-table';
import { decideOutcome } from '../../src-main/core/reconcile';

const ID = '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b12';
const updated = (value: number, extra: object = {}) =>
  JSON.stringify({ jsonrpc: '2.0', method: 'counterUpdated', params: { counterId: ID, name: 'Coffees', type: 'UpDown', value, ...extra } });

describe('parseFrame', () => {
  it('reads the three notifications, with or without extra fields', () => {
    expect(parseFrame(updated(4, { colour: 'red' }), false)).toEqual({ kind: 'counterUpdated', params: { counterId: ID, name: 'Coffees', type: 'UpDown', value: 4 } });
    expect(parseFrame(Buffer.from(JSON.stringify({ jsonrpc: '2.0', method: 'counterDeleted', params: { counterId: ID } })), false)).toEqual({ kind: 'counterDeleted', counterId: ID });
    expect(parseFrame(JSON.stringify({ jsonrpc: '2.0', method: 'counterDeleted', params: { id: ID } }), false)).toEqual({ kind: 'counterDeleted', counterId: ID });
    expect(parseFrame(JSON.stringify({ jsonrpc: '2.0', method: 'counterDeleted', params: {} }), false)).toEqual({ kind: 'counterDeleted', counterId: undefined });
    expect(parseFrame(JSON.stringify({ jsonrpc: '2.0', method: 'counterMemberlistChanged' }), false)).toEqual({ kind: 'counterMemberlistChanged' });
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
    expect(parseFrame(text, false)).toEqual({ kind: 'ignored', reason });
  });

  it('ignores binary frames', () => {
    expect(parseFrame(Buffer.from(updated(1)), true)).toEqual({ kind: 'ignored', reason: 'binary' });
  });
});

describe('mergeNotifiedValue', () => {
  const record = () => recordFrom({ id: ID, name: 'Coffees', type: 'UpDown', value: 10, created: '2026-01-01T00:00:00Z', startDate: undefined, endDate: undefined });

  it('reports a change nobody here made', () => {
    const r = record();
    expect(mergeNotifiedValue(r, 12, 0)).toEqual({ counterId: ID, name: 'Coffees', from: 10, to: 12 });
    expect(r.confirmed).toBe(12);
  });

  it('recognises our own echo and stays quiet', () => {
    const r = record();
    r.confirmed = 13;
    r.expectedEchoes.push({ value: 13, at: 0 });
    expect(mergeNotifiedValue(r, 13, 5)).toBeUndefined();
    expect(r.expectedEchoes).toEqual([]);
  });

  it('a remote change before our echo is reported but does not roll our newer value back', () => {
    const r = record();
    r.confirmed = 14; // our +3 landed after someone's +1: 10 → 11 → 14
    r.expectedEchoes.push({ value: 14, at: 0 });
    expect(mergeNotifiedValue(r, 11, 1)).toEqual({ counterId: ID, name: 'Coffees', from: 10, to: 11 });
    expect(r.confirmed).toBe(14);
    expect(mergeNotifiedValue(r, 14, 2)).toBeUndefined();
    expect(r.confirmed).toBe(14);
  });

  it('forgets an echo that never came', () => {
    const r = record();
    r.confirmed = 13;
    r.expectedEchoes.push({ value: 13, at: 0 });
    expect(mergeNotifiedValue(r, 20, ECHO_WAIT_MS + 1)).toEqual({ counterId: ID, name: 'Coffees', from: 13, to: 20 });
    expect(r.confirmed).toBe(20);
  });
});

describe('decideOutcome', () => {
  const change = { delta: 3, before: 10 };
  it('a proven history with nothing in it: not applied; with exactly our step: applied', () => {
    expect(decideOutcome({ change, serverValue: 10, history: [], streamBefore: 10 })).toBe('notApplied');
    expect(decideOutcome({ change, serverValue: 13, history: [13], streamBefore: 10 })).toBe('applied');
    expect(decideOutcome({ change, serverValue: 10, history: [13], streamBefore: 10 })).toBe('applied'); // refetched before the echo was written
  });
  it('with a proven history, steps of our size tell', () => {
    expect(decideOutcome({ change, serverValue: 11, history: [11], streamBefore: 10 })).toBe('notApplied');
    expect(decideOutcome({ change, serverValue: 16, history: [13, 16], streamBefore: 10 })).toBe('unknown'); // two +3 steps
    expect(decideOutcome({ change, serverValue: 14, history: [11, 14], streamBefore: 10 })).toBe('unknown'); // ours and someone else's
    expect(decideOutcome({ change, serverValue: 13, history: [13, 13], streamBefore: 10 })).toBe('applied'); // a repeated value is no step
  });
  it('a refetched value the stream never showed means the starting point was wrong: unknown', () => {
    expect(decideOutcome({ change, serverValue: 14, history: [11], streamBefore: 10 })).toBe('unknown');
    expect(decideOutcome({ change, serverValue: 13, history: [], streamBefore: 10 })).toBe('unknown');
  });
  it('without a proven history no value proves anything: a same-sized change by someone else looks alike', () => {
    expect(decideOutcome({ change, serverValue: 13, history: undefined, streamBefore: 10 })).toBe('unknown');
    expect(decideOutcome({ change, serverValue: 10, history: undefined, streamBefore: 10 })).toBe('unknown');
  });
  it('without a watched history, remote activity makes it unknowable', () => {
    expect(decideOutcome({ change, serverValue: 20, history: undefined, streamBefore: 10 })).toBe('unknown');
  });
});
