// What the popup is told about updates: enums and numbers only, the words are the popup's and main's.
import { z } from 'zod';

/** `self`: the app updates itself from its feed; every other owner updates it. */
export const UpdateSource = z.enum(['self', 'deb', 'rpm', 'pacman', 'snap', 'flatpak', 'appStore', 'windowsStore', 'portable', 'unpacked', 'diskImage', 'development', 'misconfigured']);
export type UpdateSource = z.infer<typeof UpdateSource>;

const Version = z.string().max(64);

export const UpdateStatus = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('idle') }),
  z.object({ kind: z.literal('checking') }),
  z.object({ kind: z.literal('upToDate'), checkedAt: z.number() }),
  /** Found, not downloaded ("notify only", "off", or a failed download). */
  z.object({ kind: z.literal('available'), version: Version }),
  z.object({ kind: z.literal('downloading'), version: Version, percent: z.number().min(0).max(100) }),
  z.object({ kind: z.literal('ready'), version: Version }),
  /** `refused`: the feed or file broke a rule. */
  z.object({ kind: z.literal('failed'), reason: z.enum(['unreachable', 'refused']), at: z.number() }),
]);
export type UpdateStatus = z.infer<typeof UpdateStatus>;

export const UpdatesState = z.object({
  source: UpdateSource,
  status: UpdateStatus,
  /** Null: none planned. */
  nextCheckAt: z.number().nullable(),
  /** Shown once after the update that brought this version. */
  whatsNew: z.object({ version: Version, notes: z.string().max(4000) }).nullable(),
});
export type UpdatesState = z.infer<typeof UpdatesState>;
