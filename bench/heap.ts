// Retained heap of a started core, measured in a fresh child process (heap-probe.ts):
// the same process-wide heap delta in the bench process proved to swing by ±2 MB with
// whatever earlier cores, sockets and the browser driver left behind.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const PROBE = fileURLToPath(new URL('./heap-probe.ts', import.meta.url));

export function measureCoreHeap(baseUrl: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    // process.execArgv carries tsx's loader flags, so the child runs TypeScript too.
    execFile(process.execPath, [...process.execArgv, '--expose-gc', PROBE, baseUrl, token], { timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`heap probe failed: ${stderr || error.message}`));
      const parsed: unknown = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
      const bytes = typeof parsed === 'object' && parsed !== null && 'retainedBytes' in parsed ? parsed.retainedBytes : undefined;
      if (typeof bytes !== 'number') return reject(new Error(`heap probe said: ${stdout}`));
      resolve(bytes);
    });
  });
}
