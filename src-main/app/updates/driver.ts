// The port the update service drives (electron/updater.ts around electron-updater, or a test's
// fake); events say what happened in the app's terms.
import type { AcceptedRelease } from './update-safety';

export type UpdaterEvent =
  | { kind: 'checking' }
  | { kind: 'upToDate' }
  | { kind: 'available'; release: AcceptedRelease }
  | { kind: 'progress'; percent: number }
  | { kind: 'downloaded'; release: AcceptedRelease }
  /** `refused`: the feed or the file broke a rule; `unreachable`: the feed could not be read (down, offline, an HTTP error). */
  | { kind: 'failed'; reason: 'refused' | 'unreachable' };

export interface UpdaterDriver {
  /** Automatic mode downloads what a check finds; the other modes wait for download(). */
  setAutoDownload(enabled: boolean): void;
  /** One check. Never rejects: failures arrive as a `failed` event. */
  check(): Promise<void>;
  /** Downloads the release the last check found. Never rejects. */
  download(): Promise<void>;
  /** Runs the installer and quits (quitAndInstall); false when it could not start, and then nothing quits the app but the caller. */
  quitAndInstall(): boolean;
  onEvent(listener: (event: UpdaterEvent) => void): void;
}

/** A refused file or feed is reported as such; anything else is the feed being away, quietly retried at the next check. */
export function classifyFailure(error: { code?: unknown; message?: unknown }): 'refused' | 'unreachable' {
  const code = typeof error.code === 'string' ? error.code : '';
  const message = typeof error.message === 'string' ? error.message : '';
  if (/^ERR_(CHECKSUM_MISMATCH|UPDATER_INVALID_UPDATE_INFO|UPDATER_INVALID_VERSION|UPDATER_NO_FILES_PROVIDED|UPDATER_NO_CHECKSUM|UPDATER_INVALID_RELEASE_FEED)$/.test(code)) return 'refused';
  if (/checksum mismatch|net::ERR_BLOCKED_BY_CLIENT|net::ERR_CERT_|net::ERR_SSL_|Cannot parse update info|YAMLException/i.test(message)) return 'refused';
  return 'unreachable';
}
