// The port the update service drives (electron/updater.ts, or a test's fake), in the app's terms.
import type { AcceptedRelease } from './update-safety';

export type UpdaterEvent =
  | { kind: 'checking' }
  | { kind: 'upToDate' }
  | { kind: 'available'; release: AcceptedRelease }
  | { kind: 'progress'; percent: number }
  | { kind: 'downloaded'; release: AcceptedRelease }
  /** `refused`: the feed or the file broke a rule; `unreachable`: the feed could not be read. */
  | { kind: 'failed'; reason: 'refused' | 'unreachable' };

export interface UpdaterDriver {
  /** The other modes wait for download(). */
  setAutoDownload(enabled: boolean): void;
  /** Never rejects: failures arrive as `failed`. */
  check(): Promise<void>;
  /** The release the last check found. Never rejects. */
  download(): Promise<void>;
  /** quitAndInstall; false when it could not start (then nothing quits the app but the caller). */
  quitAndInstall(): boolean;
  onEvent(listener: (event: UpdaterEvent) => void): void;
}

/** Anything not refused is the feed being away, quietly retried at the next check. */
export function classifyFailure(error: { code?: unknown; message?: unknown }): 'refused' | 'unreachable' {
  const code = typeof error.code === 'string' ? error.code : '';
  const message = typeof error.message === 'string' ? error.message : '';
  if (/^ERR_(CHECKSUM_MISMATCH|UPDATER_INVALID_UPDATE_INFO|UPDATER_INVALID_VERSION|UPDATER_NO_FILES_PROVIDED|UPDATER_NO_CHECKSUM|UPDATER_INVALID_RELEASE_FEED)$/.test(code)) return 'refused';
  if (/checksum mismatch|net::ERR_BLOCKED_BY_CLIENT|net::ERR_CERT_|net::ERR_SSL_|Cannot parse update info|YAMLException/i.test(message)) return 'refused';
  return 'unreachable';
}
