// Generated fixtures (the format of src-service/fixtures.ts), written to a temp dir
// and read back, as a tool outside test/ would hand them to the service. "Readers" are
// the users whose client is measured (one per run, so each run starts with a fresh
// rate-limit budget); "others" make the changes that must reach them.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FixturesFile } from '../src-service/index';

export interface BenchUser {
  id: string;
  token: string;
}

export interface BenchFixtures {
  file: string;
  readers: BenchUser[];
  others: BenchUser[];
  /** Every counter id, in fixture (= server list) order. */
  counterIds: string[];
  /** UpDown counters only. */
  upDownIds: string[];
}

export interface FixtureShape {
  counters: number;
  readers: number;
  others: number;
  /** Every n-th counter is a FromDate/ToDate one (0: all UpDown). */
  datedEvery?: number;
}

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
const userId = (n: number) => `0b9a6c1e-6f0e-4a59-9d61-${hex(n, 12)}`;
// UUID v7 layout: version nibble 7, variant nibble 8.
const counterId = (n: number) => `019a4f2e-8c00-7${hex(n >> 12, 3)}-8${hex(n & 0xfff, 3)}-${hex(n, 12)}`;

const tempDirs: string[] = [];

export function writeFixtures(shape: FixtureShape): BenchFixtures {
  const readers = Array.from({ length: shape.readers }, (_, n) => ({ id: userId(n + 1), token: `bench-reader-${n + 1}-token` }));
  const others = Array.from({ length: shape.others }, (_, n) => ({ id: userId(1000 + n), token: `bench-other-${n + 1}-token` }));
  const members = [...readers, ...others].map((u, n) => ({ userId: u.id, isAdmin: n === 0 }));
  const counters: FixturesFile['counters'] = [];
  const upDownIds: string[] = [];
  for (let n = 0; n < shape.counters; n += 1) {
    const id = counterId(n + 1);
    const name = `Counter ${String(n + 1).padStart(4, '0')}`;
    const created = '2026-01-05T09:00:00Z';
    const dated = shape.datedEvery !== undefined && shape.datedEvery > 0 && n % shape.datedEvery === shape.datedEvery - 1;
    if (!dated) {
      counters.push({ id, name, type: 'UpDown', value: 100 + n, mode: 'UpAndDown', created, members });
      upDownIds.push(id);
    } else if (n % 2 === 0) counters.push({ id, name, type: 'FromDate', startDate: '2024-02-29', created, members });
    else counters.push({ id, name, type: 'ToDate', endDate: '2027-03-01', created, members });
  }
  const fixtures: FixturesFile = {
    users: [...readers, ...others].map((u) => ({ id: u.id, displayName: `Bench user ${u.id.slice(-4)}`, token: u.token })),
    counters,
  };
  const dir = mkdtempSync(join(tmpdir(), 'counter-bench-'));
  tempDirs.push(dir);
  const file = join(dir, 'fixtures.json');
  writeFileSync(file, JSON.stringify(fixtures));
  return { file, readers, others, counterIds: counters.map((c) => c.id), upDownIds };
}

/** The file as the service gets it: parsed JSON, validated by the service itself. */
export const readFixtures = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8')) as unknown;

export function removeTempFixtures(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
