// The English catalog: the source of every key (messages.ts types the keys and their values
// from it). ICU MessageFormat: {name} a value, {n, plural, one {…} other {…}} a plural (# is
// the number, formatted for the locale), {x, select, a {…} other {…}} a choice. Typographic
// quotes and apostrophes only (’ “ ”): a straight ' is ICU's escape character.
// One file per area of the app, merged here in the order a reader meets them.
import { common } from './common';
import { list } from './list';
import { changes } from './changes';
import { account } from './account';
import { edit } from './edit';
import { settings } from './settings';
import { activity } from './activity';
import { errors } from './errors';
import { desktop } from './desktop';
import { organise } from './organise';

export const en = { ...common, ...list, ...changes, ...account, ...edit, ...settings, ...activity, ...errors, ...desktop, ...organise } as const;
