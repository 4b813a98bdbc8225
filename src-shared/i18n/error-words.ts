// What the user reads when something fails: one sentence of at most MESSAGE_MAX characters, never
// the server's raw text.
import { DEFAULT_SERVER_URL } from '../domain/server-address';
import type { IpcError } from '../ipc/contract';
import type { PlainKey } from './messages';
import type { Translator } from './translator';

export const MESSAGE_MAX = 80;
/** A longer host is shortened with …, so every sentence stays within MESSAGE_MAX. */
const HOST_MAX = 22;

type Said = (i18n: Translator, host: string | undefined) => string;
const plain = (key: PlainKey): Said => (i18n) => i18n.t(key);
/** "{host} is busy", else "The server is busy". */
const about = (say: (i18n: Translator, host: string) => string): Said => (i18n, host) => say(i18n, host ?? i18n.t('error.theServer'));

const WORDS: Record<string, Said> = {
  // The sync core's error kinds (CoreErrorKind).
  network: plain('error.network'),
  timeout: plain('error.timeout'),
  unauthorized: plain('error.unauthorized'),
  forbidden: plain('counter.gone'),
  notFound: plain('counter.gone'),
  rateLimited: plain('error.rateLimited'),
  invalidOperation: plain('error.invalidOperation'),
  badRequest: plain('error.badRequest'),
  badResponse: plain('error.badResponse'),
  ipc: plain('error.ipc'),
  // Main's codes (src-main/ipc/errors.ts AppErrorCode), when main named no words of its own.
  'invalid-url': (i18n) => i18n.t('error.invalidUrl', { example: DEFAULT_SERVER_URL }),
  'token-rejected': about((i18n, host) => i18n.t('error.tokenRejected', { host })),
  'server-unreachable': (i18n, host) => (host ? i18n.t('error.serverUnreachable', { host }) : i18n.t('error.serverUnreachableNoHost')),
  'not-a-counter-server': about((i18n, host) => i18n.t('error.notACounterServer', { host })),
  'rate-limited': about((i18n, host) => i18n.t('error.hostBusy', { host })),
  'not-signed-in': plain('error.notSignedIn'),
  'unknown-counter': plain('counter.gone'),
  'invalid-settings': plain('error.invalidSettings'),
  'invalid-shortcut': plain('error.invalidShortcut'),
  'demo-unavailable': plain('error.demoUnavailable'),
  'direction-refused': plain('error.directionRefused'),
  'invalid-payload': plain('error.invalidPayload'),
  declined: plain('error.declined'),
  'token-for-other-server': (i18n, host) => (host ? i18n.t('error.tokenForOtherServer', { host }) : i18n.t('error.tokenForOtherServerNoHost')),
  'nothing-to-undo': plain('undo.nothing'),
  'undo-refused': plain('undo.cannot'),
  superseded: plain('error.superseded'),
  // Updates, then resets and exports.
  'updates-unavailable': plain('error.updatesUnavailable'),
  'nothing-to-reset': plain('error.nothingToReset'),
  busy: plain('error.busy'),
  'export-unavailable': plain('error.exportUnavailable'),
  'export-failed': plain('error.exportFailed'),
  closing: plain('error.closing'),
};

function shortHost(host: string): string {
  return host.length > HOST_MAX ? `${host.slice(0, HOST_MAX - 1)}…` : host;
}

/** Main's words, any host shortened like ours. */
function mainWords(i18n: Translator, error: IpcError): string | undefined {
  if (!error.words) return undefined;
  const values = error.words.values && Object.fromEntries(Object.entries(error.words.values).map(([name, value]) => [name, name === 'host' && typeof value === 'string' ? shortHost(value) : value]));
  return i18n.say({ key: error.words.key, values });
}

export function errorText(i18n: Translator, error: IpcError, host?: string): string {
  const own = mainWords(i18n, error);
  if (own !== undefined) return own;
  const said = WORDS[error.code];
  return said ? said(i18n, host ? shortHost(host) : undefined) : i18n.t('error.generic');
}


export function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host || undefined;
  } catch {
    return undefined;
  }
}
