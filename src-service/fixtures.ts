// The fixtures file (its format: the schema below): users with tokens, and counters with members.
// A bad file is refused as a whole, with a message naming the first bad entry.
import { z } from 'zod';
import { CounterType, IsoDate } from '../src-shared/api/schemas';

export const FixtureUser = z.object({
  id: z.guid(),
  displayName: z.string().min(1),
  // RFC 6750 b64token: a token no Authorization header can carry would load, then 401 forever.
  token: z.string().regex(/^[A-Za-z0-9._~+/-]+=*$/, 'must be a bearer token (RFC 6750: letters, digits and -._~+/ then optional =)'),
});
export type FixtureUser = z.infer<typeof FixtureUser>;

export const FixtureMember = z.object({ userId: z.guid(), isAdmin: z.boolean() });
export type FixtureMember = z.infer<typeof FixtureMember>;

/** The stored form of a counter: also the service's internal record and what `--state` persists. */
export const FixtureCounter = z
  .object({
    id: z.guid(),
    name: z.string().min(1),
    type: CounterType,
    value: z.int().optional(),
    mode: z.string().min(1).optional(),
    startDate: IsoDate.optional(),
    endDate: IsoDate.optional(),
    created: z.iso.datetime({ offset: true }),
    members: z.array(FixtureMember),
  })
  .superRefine((c, ctx) => {
    if (c.type === 'UpDown' && c.value === undefined) ctx.addIssue({ code: 'custom', path: ['value'], message: 'UpDown counters need value' });
    if (c.type === 'FromDate' && c.startDate === undefined) ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'FromDate counters need startDate (YYYY-MM-DD)' });
    if (c.type === 'ToDate' && c.endDate === undefined) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'ToDate counters need endDate (YYYY-MM-DD)' });
    if (c.type !== 'UpDown' && c.mode !== undefined) ctx.addIssue({ code: 'custom', path: ['mode'], message: 'mode applies to UpDown counters only' });
  })
  .transform((c) => (c.type === 'UpDown' ? { ...c, mode: c.mode ?? 'UpAndDown' } : c));
export type CounterRecord = z.infer<typeof FixtureCounter>;

export const FixturesFile = z.object({
  users: z.array(FixtureUser),
  counters: z.array(FixtureCounter),
});
export type FixturesFile = z.input<typeof FixturesFile>;
export type LoadedFixtures = z.infer<typeof FixturesFile>;

export class FixturesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FixturesError';
  }
}

/** Parses and cross-checks a fixtures object; throws FixturesError naming the first bad entry. */
export function loadFixtures(input: unknown): LoadedFixtures {
  const parsed = FixturesFile.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new FixturesError(`Fixtures refused: ${describeEntry(input, issue?.path ?? [])}: ${issue?.message ?? 'invalid'}`);
  }
  crossCheck(parsed.data);
  return parsed.data;
}

/** Names the entry as `counters[1] (id …) field value` so a person can find it in the file. */
function describeEntry(input: unknown, path: readonly PropertyKey[]): string {
  const [list, index, ...rest] = path;
  if (typeof list !== 'string' || typeof index !== 'number') return path.map(String).join('.') || 'file';
  const entry = isRecord(input) && Array.isArray(input[list]) ? (input[list] as unknown[])[index] : undefined;
  const id = isRecord(entry) && typeof entry.id === 'string' ? ` (id ${entry.id})` : '';
  const field = rest.length > 0 ? ` field ${rest.map(String).join('.')}` : '';
  return `${list}[${index}]${id}${field}`;
}

function crossCheck(f: LoadedFixtures): void {
  const userIds = new Set<string>();
  const tokens = new Set<string>();
  f.users.forEach((u, i) => {
    if (userIds.has(u.id.toLowerCase())) throw new FixturesError(`Fixtures refused: users[${i}] (id ${u.id}): duplicate user id`);
    if (tokens.has(u.token)) throw new FixturesError(`Fixtures refused: users[${i}] (id ${u.id}): duplicate token`);
    userIds.add(u.id.toLowerCase());
    tokens.add(u.token);
  });
  const counterIds = new Set<string>();
  f.counters.forEach((c, i) => {
    const where = `counters[${i}] (id ${c.id})`;
    if (counterIds.has(c.id.toLowerCase())) throw new FixturesError(`Fixtures refused: ${where}: duplicate counter id`);
    counterIds.add(c.id.toLowerCase());
    const seen = new Set<string>();
    c.members.forEach((m, j) => {
      if (!userIds.has(m.userId.toLowerCase())) throw new FixturesError(`Fixtures refused: ${where} field members.${j}.userId: unknown user ${m.userId}`);
      if (seen.has(m.userId.toLowerCase())) throw new FixturesError(`Fixtures refused: ${where} field members.${j}.userId: duplicate member`);
      seen.add(m.userId.toLowerCase());
    });
  });
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
