// "What's new", once, after the update that brought it; a bad notes file is just forgotten.
import semver from 'semver';
import { z } from 'zod';
import type { TextFile } from '../ports';
import { parseJson } from '../storage/parsed-file';

const NotesFile = z.object({
  version: z.string().max(64),
  notes: z.string().max(20_000),
  shown: z.boolean(),
});
type NotesFile = z.infer<typeof NotesFile>;

export interface WhatsNewStore {
  /** The first time the running version runs after an update; null otherwise. */
  takeForRunning(running: string): Promise<{ version: string; notes: string } | null>;
  remember(version: string, notes: string): Promise<void>;
}

export function createWhatsNewStore(file: TextFile, warn: (message: string) => void): WhatsNewStore {
  async function read(): Promise<NotesFile | null> {
    const text = await file.read().catch(() => null);
    if (text === null) return null;
    const parsed = NotesFile.safeParse(parseJson(text));
    if (parsed.success && semver.valid(parsed.data.version)) return parsed.data;
    warn('the saved release notes were not readable and were dropped');
    return null;
  }
  const write = (content: NotesFile) => file.write(JSON.stringify(content)).catch((error: unknown) => warn(`release notes not saved: ${String(error)}`));

  return {
    async takeForRunning(running) {
      const saved = await read();
      if (!saved || saved.shown || !semver.valid(running) || !semver.eq(saved.version, running)) return null;
      await write({ ...saved, shown: true });
      return { version: saved.version, notes: saved.notes };
    },
    async remember(version, notes) {
      await write({ version, notes, shown: false });
    },
  };
}
