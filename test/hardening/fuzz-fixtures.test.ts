// Fuzzing the fixtures: random and mutated fixtures files for the reference service.
// Each is either refused with a FixturesError that names what is wrong, or loaded
// whole — every user and every counter, and a service started from it serves them all.
// Never a half-loaded service, never another kind of exception.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { FixturesError, loadFixtures, startCounterService } from '../../src-service/index';
import { CounterV2 } from '../../src-shared/api/schemas';
import { fixtures } from '../support/core-harness';
import { FUZZ_RUNS, SEED } from './support/knobs';
import { mutated } from './support/mutate';

const counted = { files: 0, refused: 0, loaded: 0, served: 0 };
afterAll(() => console.info(`[hardening:fuzz-fixtures] seed=${SEED} files=${counted.files} refused=${counted.refused} loaded=${counted.loaded} served by a started service=${counted.served}`));

/** A small valid file, so mutations hit every kind of field often. */
function smallFixtures(): unknown {
  const all = fixtures();
  return { users: all.users.slice(0, 2), counters: [all.counters[0], all.counters[10], all.counters[12], all.counters[13]] };
}

type Verdict = { loaded: true; users: number; counters: number } | { loaded: false; message: string };

function judge(input: unknown): Verdict {
  try {
    const loaded = loadFixtures(input);
    return { loaded: true, users: loaded.users.length, counters: loaded.counters.length };
  } catch (error) {
    expect(error).toBeInstanceOf(FixturesError);
    const message = (error as FixturesError).message;
    expect(message).toMatch(/^Fixtures refused: \S/);
    return { loaded: false, message };
  }
}

/** Tokens a request can carry (RFC 6750 b64token); the fixtures schema refuses any other. */
const bearerToken = fc.stringMatching(/^[A-Za-z0-9._~+/-]{1,24}$/);

/** Plausible files built from scratch: mostly valid, with the odd duplicate id or token, or an unknown member. */
const generated = fc
  .uniqueArray(fc.record({ id: fc.uuid(), displayName: fc.string({ minLength: 1, maxLength: 20 }), token: bearerToken }), { minLength: 1, maxLength: 4, selector: (u) => u.id })
  .chain((users) => {
    const member = fc.record({ userId: fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...users.map((u) => u.id)) }, { weight: 1, arbitrary: fc.uuid() }), isAdmin: fc.boolean() });
    const common = { id: fc.uuid(), name: fc.string({ minLength: 1, maxLength: 40 }), created: fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString()), members: fc.array(member, { maxLength: 3 }) };
    const day = fc.date({ min: new Date('1990-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    const counter = fc.oneof(
      fc.record({ ...common, type: fc.constant('UpDown'), value: fc.integer({ min: -1e6, max: 1e6 }), mode: fc.constantFrom('UpAndDown', 'OnlyUp', 'OnlyDown') }, { requiredKeys: ['id', 'name', 'created', 'members', 'type', 'value'] }),
      fc.record({ ...common, type: fc.constant('FromDate'), startDate: day }),
      fc.record({ ...common, type: fc.constant('ToDate'), endDate: day }),
    );
    return fc.record({ users: fc.constant(users), counters: fc.array(counter, { maxLength: 5 }) });
  });

const files = fc.oneof(
  { weight: 3, arbitrary: generated },
  { weight: 3, arbitrary: generated.chain((file) => mutated(file, 1)) },
  { weight: 2, arbitrary: mutated(smallFixtures(), 4) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }) },
);

describe('fixtures fuzz', () => {
  it('refused with a message naming the entry, or loaded whole', () => {
    fc.assert(
      fc.property(files, (input) => {
        counted.files += 1;
        const verdict = judge(input);
        if (!verdict.loaded) {
          counted.refused += 1;
          return;
        }
        counted.loaded += 1;
        const raw = input as { users: unknown[]; counters: unknown[] };
        expect(verdict.users).toBe(raw.users.length);
        expect(verdict.counters).toBe(raw.counters.length);
      }),
      { numRuns: FUZZ_RUNS * 3, seed: SEED },
    );
  });

  it('a service started from a file that loads serves every counter to its members; one that does not never starts', async () => {
    const samples = fc.sample(files, { numRuns: 40, seed: SEED });
    for (const input of samples) {
      const verdict = judge(input);
      if (!verdict.loaded) {
        await expect(startCounterService({ port: 0, fixtures: input })).rejects.toBeInstanceOf(FixturesError);
        continue;
      }
      const loaded = loadFixtures(input);
      const service = await startCounterService({ port: 0, fixtures: input });
      try {
        for (const user of loaded.users) {
          const response = await fetch(`${service.url}/v2/counters?timezone=UTC`, { headers: { Authorization: `Bearer ${user.token}` } });
          // The budget is per user; one request each stays well within it.
          expect(response.status).toBe(200);
          const list = CounterV2.array().parse(await response.json());
          const visible = loaded.counters.filter((c) => c.members.some((m) => m.userId.toLowerCase() === user.id.toLowerCase()));
          expect(list.map((c) => c.id).sort()).toEqual(visible.map((c) => c.id).sort());
        }
        counted.served += 1;
      } finally {
        await service.close();
      }
    }
  });
});
