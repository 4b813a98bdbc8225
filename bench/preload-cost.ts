// What the popup's preload costs before the page's own scripts may run (part of the launch
// breakdown): dist/main/preload.cjs evaluated cold in fresh Node processes (the same V8
// as the renderer), its `require('electron')` answered by a stand-in. CPU time, not wall
// time, so other processes on a shared machine do not inflate it.
import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { median } from './stats';

// Runs in the child: compile + run the preload once in a fresh context; prints CPU ms.
const EVALUATE = `
const { readFileSync } = require('node:fs');
const vm = require('node:vm');
const source = readFileSync(process.argv[1], 'utf8');
const electron = { contextBridge: { exposeInMainWorld() {} }, ipcRenderer: { on() {}, removeListener() {}, invoke: () => Promise.resolve() } };
const context = vm.createContext({ require: () => electron, module: { exports: {} }, exports: {}, console, structuredClone, queueMicrotask, setTimeout, clearTimeout });
const before = process.cpuUsage();
new vm.Script(source).runInContext(context);
const used = process.cpuUsage(before);
process.stdout.write(String((used.user + used.system) / 1000));
`;

function coldEvaluationMs(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', EVALUATE, file], { timeout: 60_000 }, (error, stdout, stderr) => {
      const cpuMs = Number(stdout);
      if (error || !Number.isFinite(cpuMs)) return reject(new Error(`preload probe failed: ${stderr || error?.message || stdout}`));
      resolve(cpuMs);
    });
  });
}

/** Size and median cold-evaluation CPU time of the built preload over `runs` fresh processes. */
export async function preloadCost(file: string, runs: number): Promise<{ bytes: number; cpuMs: number }> {
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) samples.push(await coldEvaluationMs(file));
  return { bytes: statSync(file).size, cpuMs: median(samples) };
}
