// A counter hidden from the list is left out of the tray menu and the tray's title and tooltip
// too; shown again, it is back. Its pin is kept meanwhile.
import { en } from '../../../dev-tools/support/i18n';
import { describe, expect, it } from 'vitest';
import { buildTrayMenu, pinnedCounters } from '../../../src-main/desktop/tray-menu';
import { emptyOrganisation } from '../../../src-shared/domain/organise';
import { COFFEE_ID, TRIP_ID, counter, signedInState } from '../../support/app-fakes';

const coffee = counter(COFFEE_ID, 'Coffees today', 4);
const tea = counter(TRIP_ID, 'Teas', 2);
const labels = (state: ReturnType<typeof signedInState>) => buildTrayMenu(state, en).flatMap((i) => (i.type === 'normal' ? [i.label] : []));

describe('tray menu and hidden counters', () => {
  it('leaves a hidden pinned counter out, keeps the others', () => {
    const state = signedInState([coffee, tea], [COFFEE_ID, TRIP_ID], { organise: { ...emptyOrganisation(), hidden: [COFFEE_ID] } });
    expect(labels(state).some((l) => l.includes('Coffees today'))).toBe(false);
    expect(labels(state).some((l) => l.includes('Teas'))).toBe(true);
    expect(pinnedCounters(state).map((c) => c.id)).toEqual([TRIP_ID]);
  });

  it('negative control: not hidden, it is listed', () => {
    const state = signedInState([coffee, tea], [COFFEE_ID, TRIP_ID], { organise: emptyOrganisation() });
    expect(labels(state).some((l) => l.includes('Coffees today'))).toBe(true);
    expect(pinnedCounters(state).map((c) => c.id)).toEqual([COFFEE_ID, TRIP_ID]);
  });
});
