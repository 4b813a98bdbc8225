// The tray menu's undo item: offered after any own change, disabled with the
// reason where the server refused the opposite direction, absent otherwise.
import { en } from '../../../dev-tools/support/i18n';
import { describe, expect, it } from 'vitest';
import { buildTrayMenu } from '../../../src-main/desktop/tray-menu';
import { COFFEE_ID, counter, signedInState } from '../../support/app-fakes';

const coffee = counter(COFFEE_ID, 'Coffees today', 4);
const offer = { counterId: COFFEE_ID, name: 'Coffees today', amount: 1, source: 'shortcut' as const, expiresAt: 0 };

describe('tray menu undo', () => {
  it('offers "Undo +1 on Coffees today" while the offer lasts', () => {
    const items = buildTrayMenu(signedInState([coffee], [], { activity: { today: {}, undo: offer } }), en);
    expect(items).toContainEqual({ type: 'normal', label: 'Undo +1 on Coffees today', enabled: true, action: { kind: 'undo', counterId: COFFEE_ID } });
  });

  it('shows a blocked undo disabled, in its own words (never the reason text, which may quote the server), and no action', () => {
    const why = 'Cannot undo: Coffees today only counts down (the server said: increment is not allowed)';
    const refusing = { ...coffee, refused: { increment: 'increment is not allowed' } };
    const items = buildTrayMenu(signedInState([refusing], [], { activity: { today: {}, undo: { ...offer, amount: -2, blockedBecause: why } } }), en);
    expect(items).toContainEqual({ type: 'normal', label: 'Can’t undo −2 on Coffees today (only counts down)', enabled: false });
  });

  it('has no undo item without an offer', () => {
    const items = buildTrayMenu(signedInState([coffee], [], { activity: { today: {}, undo: null } }), en);
    expect(items.some((i) => i.type === 'normal' && i.label.startsWith('Undo'))).toBe(false);
  });
});
