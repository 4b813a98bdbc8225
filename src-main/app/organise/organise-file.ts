// The organise file, one per account (memory for the demo), bounded for 5 000 counters.
import { z } from 'zod';
import { CounterId } from '../../../src-shared/api/schemas';
import { cleanGroupName, GROUP_NAME_MAX, MAX_GROUPS, MAX_ORGANISED, ORGANISE_FILE_MAX_BYTES, SortMode, emptyOrganisation, type Organisation } from '../../../src-shared/domain/organise';
import { accountFilePath, createAccountJsonFile, createMemoryAccountFile, type AccountJsonFile } from '../storage/account-json-file';
import type { TextFile } from '../ports';

/** A test weakens one to show it is what refuses a hostile file. */
export interface OrganiseLimits {
  groups: number;
  ids: number;
  nameLength: number;
  /** Refuse an id twice (in a list, or in two groups) and a group id twice. */
  unique: boolean;
  /** Ids as the service makes them: a key like "__proto__" is refused, never silently dropped. */
  strictIds: boolean;
  /** As cleanGroupName leaves them (shown in the popup, written to exports). */
  cleanNames: boolean;
}

export const ORGANISE_LIMITS: OrganiseLimits = { groups: MAX_GROUPS, ids: MAX_ORGANISED, nameLength: GROUP_NAME_MAX, unique: true, strictIds: true, cleanNames: true };

const distinct = (ids: readonly string[]) => new Set(ids).size === ids.length;

export function organiseFileSchema(limits: OrganiseLimits) {
  const Id = limits.strictIds ? CounterId : z.string();
  const Ids = z.array(Id).max(limits.ids);
  const unique = <T extends z.ZodType<string[]>>(ids: T) => (limits.unique ? ids.refine(distinct, { message: 'an id twice' }) : ids);
  const Group = z.object({
    id: z.string().regex(/^g[0-9a-z]{1,20}$/),
    // Only what the app itself would have saved: no control or direction characters, no padding.
    name: z
      .string()
      .min(1)
      .max(limits.nameLength)
      .refine((name) => !limits.cleanNames || cleanGroupName(name) === name, { message: 'a name the app would not have saved' }),
    folded: z.boolean(),
    counters: unique(Ids),
  });
  return z
    .object({
      format: z.literal('counter-tray-organise'),
      version: z.literal(1),
      groups: z.array(Group).max(limits.groups),
      order: unique(Ids),
      hidden: unique(Ids),
      sort: SortMode,
      // Keys checked on the raw object: zod's record leaves a "__proto__" key out without a word.
      changedAt: z
        .custom<Record<string, unknown>>((raw) => typeof raw === 'object' && raw !== null && (!limits.strictIds || Object.keys(raw).every((key) => Id.safeParse(key).success)))
        .pipe(z.record(Id, z.int().min(0).max(8_640_000_000_000_000)))
        .refine((r) => Object.keys(r).length <= limits.ids, { message: 'too many counters' }),
    })
    .strict()
    .refine((f) => !limits.unique || (distinct(f.groups.map((g) => g.id)) && distinct(f.groups.flatMap((g) => g.counters))), { message: 'a group or a counter twice' });
}

export const OrganiseFile = organiseFileSchema(ORGANISE_LIMITS);
export type OrganiseFile = z.infer<typeof OrganiseFile>;

export const toOrganiseFile = (o: Organisation): OrganiseFile => ({ format: 'counter-tray-organise', version: 1, ...o });
const fromFile = ({ groups, order, hidden, sort, changedAt }: OrganiseFile): Organisation => ({ groups, order, hidden, sort, changedAt });

export type OrganiseStorage = AccountJsonFile<Organisation, OrganiseFile>;

export function organisePathFor(dir: string, ownerKey: string): string {
  return accountFilePath(dir, 'organise', ownerKey);
}

export const createMemoryOrganiseStorage = (): OrganiseStorage => createMemoryAccountFile(emptyOrganisation);

export function createFileOrganiseStorage(file: TextFile): OrganiseStorage {
  return createAccountJsonFile(file, {
    schema: OrganiseFile,
    fresh: emptyOrganisation,
    fromFile,
    unreadable: (i18n) => i18n.t('notice.organiseUnreadable'),
    reset: (i18n) => i18n.t('notice.organiseReset'),
    maxBytes: ORGANISE_FILE_MAX_BYTES,
  });
}
