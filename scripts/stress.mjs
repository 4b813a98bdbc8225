#!/usr/bin/env node
// `npm run test:stress`: the whole suite (`npm test`) again and again while a CPU hog keeps
// every core busy, so a test that leans on timing or on which process acts first shows itself.
// Stops at the first red run; `-- --runs N` sets how many (default 5).
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const at = process.argv.indexOf('--runs');
const runs = at >= 0 ? Number(process.argv[at + 1]) : 5;
if (!Number.isInteger(runs) || runs < 1) {
  console.error('test:stress: --runs takes a whole number from 1 up');
  process.exit(2);
}

// One busy loop per core, at the suite's own priority: the suite gets about half the machine.
const hogs = Array.from({ length: availableParallelism() }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const stopHogs = () => hogs.forEach((hog) => hog.kill('SIGKILL'));
process.on('exit', stopHogs);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

/** One `npm test`, its output passed through as it comes; resolves with its exit code and the end of its output. */
function suite() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/test.mjs'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let tail = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      tail = (tail + chunk.toString()).slice(-4096);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, tail }));
  });
}

const lines = [];
let status = 0;
for (let run = 1; run <= runs && status === 0; run += 1) {
  const started = performance.now();
  const { code, tail } = await suite();
  status = code;
  const closing = tail.trim().split('\n').at(-1);
  lines.push(`stress run ${run}/${runs} with ${hogs.length} busy cores: ${status === 0 ? 'green' : 'RED'} in ${((performance.now() - started) / 1000).toFixed(0)} s — ${closing}`);
}
console.log(`\n${lines.join('\n')}`);
console.log(status === 0 ? `test:stress: ${runs} green runs in a row` : `test:stress: red on run ${lines.length}; the failed tests are named above its count`);
process.exit(status);
