// How the e2e suites, the Electron double's flows and the screenshot script find a counter's row.
import type { Page } from '@playwright/test';

/** A counter's row in the list, by its name. */
export const rowOf = (page: Page, name: string) => page.getByRole('listitem', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')},`) });
export const valueOf = (page: Page, name: string) => rowOf(page, name).getByTestId('value');

/**
 * Chooses `item` in a counter's row menu, opened with the row's ⋯ button. `actions` is that
 * button's name in the popup's language (English by default).
 */
export async function chooseRowAction(page: Page, name: string, item: string, actions = `Actions for ${name}`): Promise<void> {
  await page.getByRole('button', { name: actions, exact: true }).click();
  const menu = page.getByRole('menu', { name: actions, exact: true });
  await menu.locator('[role^="menuitem"]').filter({ hasText: new RegExp(`^${item.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).click();
}
