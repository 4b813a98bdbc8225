// The rules a release must pass before download. One module on purpose: the negative controls swap it.
import semver from 'semver';
import { z } from 'zod';
import type { FeedConfig } from './feed-config';
import { encodedPathProblem } from './feed-path';

/** An older version than the running one is never installed. */
export const ALLOW_DOWNGRADE = false;

/** base64 of 64 bytes, as electron-builder writes it. */
const Sha512 = z.string().regex(/^[A-Za-z0-9+/]{86}==$/, 'not a base64 sha512');
const MAX_ARTIFACT_BYTES = 2 * 1024 ** 3;

const FileEntry = z.object({
  url: z.string().min(1).max(1024),
  sha512: Sha512,
  size: z.number().int().positive().max(MAX_ARTIFACT_BYTES),
});

const Release = z.object({
  version: z.string().max(64),
  files: z.array(FileEntry).min(1).max(16),
  releaseNotes: z.union([z.string(), z.array(z.object({ version: z.string().optional(), note: z.string().nullable().optional() })), z.null()]).optional(),
});

export interface AcceptedRelease {
  version: string;
  /** Plain text (sanitized and cut where it is shown). */
  notes: string;
}

export type ReleaseVerdict = { ok: true; release: AcceptedRelease } | { ok: false; reason: string };

function notesOf(raw: z.infer<typeof Release>['releaseNotes']): string {
  if (typeof raw === 'string') return raw;
  if (Array.isArray(raw)) return raw.map((entry) => entry.note ?? '').filter(Boolean).join('\n\n');
  return '';
}

/** Whether `raw` (one parsed latest-*.yml) is a release this copy may install. */
export function judgeRelease(raw: unknown, context: { running: string; feed: FeedConfig }): ReleaseVerdict {
  const parsed = Release.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: `the feed's release info is not valid (${issue?.path.join('.') || 'root'}: ${issue?.message ?? 'unknown'})` };
  }
  const { version, files } = parsed.data;
  if (!semver.valid(version)) return { ok: false, reason: `the feed's version "${version.slice(0, 64)}" is not a version number` };
  if (!semver.gt(version, context.running)) {
    return { ok: false, reason: semver.eq(version, context.running) ? `${version} is the running version` : `${version} is older than the running ${context.running} (no downgrades)` };
  }
  if (semver.prerelease(version) && !semver.prerelease(context.running)) return { ok: false, reason: `${version} is a pre-release and this copy runs a release` };
  for (const file of files) {
    const problem = URL.canParse(file.url, context.feed.url) ? judgeRequest(new URL(file.url, context.feed.url).href, context.feed) : 'not a URL';
    if (problem) return { ok: false, reason: `the feed lists a file elsewhere: ${problem}` };
  }
  return { ok: true, release: { version, notes: notesOf(parsed.data.releaseNotes) } };
}

/** https, the feed's origin and folder, nothing that decodes elsewhere (feed-path.ts); why not, or null. */
export function judgeRequest(url: string, feed: FeedConfig): string | null {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return 'not a URL';
  }
  if (target.protocol !== 'https:') return `${target.protocol} is not https`;
  if (target.origin !== feed.origin) return `${target.origin} is not the feed's origin ${feed.origin}`;
  const folder = new URL(feed.url).pathname;
  if (!target.pathname.startsWith(folder)) return `${target.pathname} is outside the feed's folder`;
  const encoded = encodedPathProblem(target.pathname.slice(folder.length));
  if (encoded) return `${target.pathname} may be outside the feed's folder: ${encoded}`;
  return null;
}
