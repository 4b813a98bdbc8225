// Event words: never a person's name, and what became of own changes.
import { describe, expect, it } from 'vitest';
import { eventText } from '../../../src-renderer/format/activity';
import { en } from '../../../dev-tools/support/i18n';

describe('event words', () => {
  it('never names a person and says what became of own changes', () => {
    expect(eventText(en, { kind: 'own', at: 0, amount: 0, outcome: 'applied', sources: { popup: 1, undo: -1 } })).toBe('you +1 · popup · undone before it was sent');
    expect(eventText(en, { kind: 'own', at: 0, amount: -1, outcome: 'applied', sources: { undo: -1 } })).toBe('you −1 · undo');
    expect(eventText(en, { kind: 'own', at: 0, amount: 2, outcome: 'unconfirmed', sources: { tray: 1, commandLine: 1 } })).toBe('you +2 · tray menu and command line · could not confirm');
    expect(eventText(en, { kind: 'away', at: 0, from: 3, to: 9 })).toBe('+6 while away (3 → 9)');
    expect(eventText(en, { kind: 'edit', at: 0, by: 'others', fields: ['startDate'], from: 30, to: 40 })).toBe('others edited the start date (30 → 40)');
  });
});
