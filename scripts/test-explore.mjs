#!/usr/bin/env node
// `npm run test:explore`: the property tests on a new seed, where `npm test` replays fixed ones
// (test/support/property-seeds.ts), to meet cases no run met before. It prints the seed to replay.
//   npm run test:explore                          every test file that uses fast-check
//   npm run test:explore -- test/hardening        these files or folders only
//   PROPERTY_SEED=<seed> npx vitest run <file>    replays a failure
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const propertyFiles = () =>
  readdirSync('test', { recursive: true })
    .map((name) => join('test', name))
    .filter((file) => /\.test\.tsx?$/.test(file) && readFileSync(file, 'utf8').includes("from 'fast-check'"));

const files = process.argv.length > 2 ? process.argv.slice(2) : propertyFiles();
const seed = randomInt(2 ** 31);
const replay = `PROPERTY_SEED=${seed} npx vitest run <file>`;
console.log(`test:explore: property seed ${seed} for ${files.length} path(s); a failure replays with ${replay}`);
const run = spawnSync('npx', ['vitest', 'run', ...files], { stdio: 'inherit', env: { ...process.env, PROPERTY_SEED: String(seed) } });
console.log(`test:explore: property seed ${seed} ${run.status === 0 ? 'passed' : `failed; replay with ${replay}`}`);
process.exit(run.status ?? 1);
