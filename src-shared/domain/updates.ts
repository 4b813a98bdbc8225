// What the popup is told about updates. Enums and numbers only: the words are
// the popup's (src-renderer/screens/UpdatesSection.tsx) and main's (app/updates/update-words.ts).
import { z } from 'zod';

/**
 * Where this copy's updates come from. `self`: the app updates itself from its release
 * feed (AppImage, the Windows installer, macOS in /Applications). Everything else is
 * owned by someone else and never self-updates: a package manager (`deb`, `rpm`, `pacman`,
 * `snap`, `flatpak`, an app store), a copy the user moves by hand (`portable`, `unpacked`,
 * `diskImage`: still on the mounted .dmg), a run from source (`development`), or a package
 * whose feed setting is missing or not https (`misconfigured`).
 */
export const UpdateSource = z.enum(['self', 'deb', 'rpm', 'pacman', 'snap', 'flatpak', 'appStore', 'windowsStore', 'portable', 'unpacked', 'diskImage', 'development', 'misconfigured']);
export type UpdateSource = z.infer<typeof UpdateSource>;

const Version = z.string().max(64);

export const UpdateStatus = z.discriminatedUnion('kind', [
  /** No check yet this run. */
  z.object({ kind: z.literal('idle') }),
  z.object({ kind: z.literal('checking') }),
  z.object({ kind: z.literal('upToDate'), checkedAt: z.number() }),
  /** Found, not downloaded: "notify only", "off" after a manual check, or a download that failed. */
  z.object({ kind: z.literal('available'), version: Version }),
  z.object({ kind: z.literal('downloading'), version: Version, percent: z.number().min(0).max(100) }),
  /** Downloaded and checked: "Restart to update to <version>". */
  z.object({ kind: z.literal('ready'), version: Version }),
  /**
   * The last check or download did not work: `unreachable` (the feed is down or offline),
   * `refused` (the feed or the file broke a rule: checksum, origin, downgrade, garbage).
   * The next scheduled check tries again.
   */
  z.object({ kind: z.literal('failed'), reason: z.enum(['unreachable', 'refused']), at: z.number() }),
]);
export type UpdateStatus = z.infer<typeof UpdateStatus>;

export const UpdatesState = z.object({
  source: UpdateSource,
  status: UpdateStatus,
  /** When the next automatic check runs (absent: none planned, e.g. mode "off" or not self-updating). */
  nextCheckAt: z.number().nullable(),
  /** The notes of the version now running, shown once after the update that brought it. */
  whatsNew: z.object({ version: Version, notes: z.string().max(4000) }).nullable(),
});
export type UpdatesState = z.infer<typeof UpdatesState>;
