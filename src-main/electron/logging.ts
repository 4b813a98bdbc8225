// electron-log with a redaction hook: whatever a log line contains, a token this
// run has seen is replaced before any transport (file, console) gets it.
import type { LogMessage } from 'electron-log';

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
