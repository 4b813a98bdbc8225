// A TextFile (app/ports.ts) in memory: what the app wrote is `text`, what it moved aside is in `backups`.
import type { TextFile } from '../../src-main/app/ports';

export function memoryFile(initial: string | null = null): TextFile & { text: string | null; backups: string[] } {
  const file = {
    text: initial,
    backups: [] as string[],
    read: async () => file.text,
    write: async (text: string) => void (file.text = text),
    backup: async () => {
      file.backups.push(file.text ?? '');
      return 'file.corrupt.bak';
    },
  };
  return file;
}
