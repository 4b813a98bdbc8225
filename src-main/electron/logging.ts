// electron-log through its node entry (`electron-log/main` registers `ipcMain.on('__ELECTRON_LOG__')`
// with no sender check), no IPC transport, every line through the app's sanitizer.
import type { LogMessage, NodeLogger } from 'electron-log';
import { join } from 'node:path';

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

export type LoggerLike = Pick<NodeLogger, 'hooks' | 'transports'>;

/** `logsDir` is asked per line: Electron's logs folder follows the userData override. */
export function configureLogging(log: LoggerLike, options: { logsDir: () => string; redact: (text: string) => string }): void {
  log.transports.file.resolvePathFn = () => join(options.logsDir(), 'main.log');
  if (log.transports.ipc) log.transports.ipc.level = false;
  if (log.transports.remote) log.transports.remote.level = false;
  log.hooks.push(redactingHook(options.redact));
}
