// How the e2e suites, the Electron double's flows and the screenshot script find a counter's row.
import type { Page } from '@playwright/test';

/** A counter's row in the list, by its name. */
export const rowOf = (page: Page, name: string) => page.getByRole('listitem', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')},`) });
export const valueOf = (page: Page, name: string) => rowOf(page, name).getByTestId('value');
