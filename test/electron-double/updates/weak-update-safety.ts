// Negative controls: app/updates/update-safety.ts with named rules switched off,
// built into a copy of main.js by weak-build.ts. Everything else in that copy is the
// shipped code, so a control that installs shows the rule — and only the rule — was
// what stopped the install in the real build.
import * as real from '../../../src-main/app/updates/update-safety';
import type { FeedConfig } from '../../../src-main/app/updates/feed-config';

export type { AcceptedRelease, ReleaseVerdict } from '../../../src-main/app/updates/update-safety';

declare const __UPDATE_WEAKENINGS__: readonly string[];
const off = new Set<string>(__UPDATE_WEAKENINGS__);

/** `downgrade`: electron-updater may install an older version too. */
export const ALLOW_DOWNGRADE = off.has('downgrade') ? true : real.ALLOW_DOWNGRADE;

export function judgeRelease(raw: unknown, context: { running: string; feed: FeedConfig }): real.ReleaseVerdict {
  // `release-rules`: whatever electron-updater parsed is accepted as it is.
  if (off.has('release-rules')) {
    const info = raw as { version?: unknown };
    return { ok: true, release: { version: String(info.version), notes: '' } };
  }
  // `downgrade`: every other rule still applies; the version is compared with nothing.
  return real.judgeRelease(raw, off.has('downgrade') ? { ...context, running: '0.0.0' } : context);
}

/** `request-origin`: the updater's session lets every request through. */
export function judgeRequest(url: string, feed: FeedConfig): string | null {
  return off.has('request-origin') ? null : real.judgeRequest(url, feed);
}
