// The tray's items say a counter's step when it is not 1; main moves the counter by it (invoke-handlers.ts).
import { describe, expect, it } from 'vitest';
import { buildTrayMenu } from '../../../src-main/desktop/tray-menu';
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings';
import { de, en } from '../../../dev-tools/support/i18n';
import { COFFEE_ID, counter, signedInState } from '../../support/app-fakes';

const coffee = counter(COFFEE_ID, 'Coffees today', 4);
const labels = (steps: Record<string, number>, i18n = en) =>
  buildTrayMenu(signedInState([coffee], [COFFEE_ID], { settings: { ...DEFAULT_SETTINGS, pinned: [COFFEE_ID], steps } }), i18n).flatMap((i) => (i.type === 'normal' && i.action?.kind.endsWith('crement') ? [i.label] : []));

describe('tray menu steps', () => {
  it('says the step of a counter that has one, in both languages', () => {
    expect(labels({ [COFFEE_ID]: 1500 })).toEqual(['Increment Coffees today by 1,500', 'Decrement Coffees today by 1,500']);
    expect(labels({ [COFFEE_ID]: 5 }, de)).toEqual(['Coffees today um 5 erhöhen', 'Coffees today um 5 verringern']);
  });

  it('negative control: without a step the items say nothing of one', () => {
    expect(labels({})).toEqual(['Increment Coffees today', 'Decrement Coffees today']);
  });
});
