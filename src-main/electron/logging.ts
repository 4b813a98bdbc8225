// electron-log, set up so that logging opens no door into the main process and
// no secret reaches a transport:
// - `electron-log/node`, not `electron-log/main`: the main entry registers its own
//   `ipcMain.on/handle('__ELECTRON_LOG__')` at import, with no sender check, which would
//   make a second IPC door beside ipc/main-wrapper.ts. The node entry registers nothing;
//   we give it the file path the main entry would have used (the app's logs folder).
// - its IPC transport (main → every window's console) is off: log lines stay in main.
// - every line goes through the app's one sanitizer first (tokens, bearer credentials,
//   control characters, length), whatever a transport does with it.
import type { LogMessage, NodeLogger } from 'electron-log';
import { join } from 'node:path';

/** Whatever we log goes through this before any transport (file, console) gets it. */
export function redactingHook(redact: (text: string) => string) {
  return (message: LogMessage): LogMessage => ({
    ...message,
    data: message.data.map((item: unknown) => {
      if (typeof item === 'string') return redact(item);
      if (item instanceof Error) return redact(`${item.name}: ${item.message}`);
      if (item !== null && typeof item === 'object') {
        try {
          return redact(JSON.stringify(item));
        } catch {
          return '[unserialisable]';
        }
      }
      return item;
    }),
  });
}

/** The part of electron-log's node logger we configure. */
export type LoggerLike = Pick<NodeLogger, 'hooks' | 'transports'>;

/** `logsDir` is asked when a line is written (Electron's logs folder follows the userData override). */
export function configureLogging(log: LoggerLike, options: { logsDir: () => string; redact: (text: string) => string }): void {
  log.transports.file.resolvePathFn = () => join(options.logsDir(), 'main.log');
  // Only main's own console and file: never other processes.
  if (log.transports.ipc) log.transports.ipc.level = false;
  if (log.transports.remote) log.transports.remote.level = false;
  log.hooks.push(redactingHook(options.redact));
}
