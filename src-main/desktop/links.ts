// counter-tray:// links: any web page can open one, so a link is parsed strictly, a change needs
// "Allow links" (off by default), and each says so with Undo (docs/security.md).
import { stepOf } from '../app/settings/app-settings';
import { resolve } from 'node:path';
import { Amount } from '../../src-shared/api/schemas';
import { errorText } from '../../src-shared/i18n/error-words';
import { words, type Words } from '../../src-shared/i18n/messages';
import type { CounterState } from '../../src-shared/domain/snapshot';
import { TEXT_LIMITS } from '../../src-shared/text/server-text';
import type { AppController } from '../app/ports';
import { BY_PATTERN, resolveCounter } from './command-line';

export const LINK_SCHEME = 'counter-tray';
/** Longer than any link we document; bounds the parsing a page can make us do. */
export const MAX_LINK_LENGTH = 512;
const ACTIONS = ['increment', 'decrement', 'open'] as const;

type LinkAction = { kind: 'increment' | 'decrement'; counter: string; by?: number } | { kind: 'open'; counter: string };
type ParsedLink = { ok: true; action: LinkAction } | { ok: false; words: Words };

const refuse = (said: Words): ParsedLink => ({ ok: false, words: said });
const shown = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

export function parseLink(text: string): ParsedLink {
  if (text.length > MAX_LINK_LENGTH) return refuse(words('link.tooLong'));
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse(words('link.notOurs'));
  }
  if (url.protocol !== `${LINK_SCHEME}:` || url.username || url.password || url.port || url.hash) return refuse(words('link.notOurs'));
  const kind = ACTIONS.find((action) => action === url.hostname.toLowerCase());
  if (!kind || (url.pathname !== '' && url.pathname !== '/')) return refuse(words('link.unknownAction', { action: shown(`${url.hostname}${url.pathname}`) }));
  const allowed = kind === 'open' ? ['counter'] : ['counter', 'by'];
  const keys = [...url.searchParams.keys()];
  const stray = keys.find((key, index) => !allowed.includes(key) || keys.indexOf(key) !== index);
  if (stray !== undefined) return refuse(words('link.unknownPart', { part: shown(stray) }));
  const counter = url.searchParams.get('counter')?.trim();
  if (!counter) return refuse(words('link.noCounter'));
  if (kind === 'open') return { ok: true, action: { kind, counter } };
  const by = url.searchParams.get('by');
  if (by === null) return { ok: true, action: { kind, counter } };
  const amount = BY_PATTERN.test(by) ? Amount.safeParse(Number(by)) : null;
  if (!amount?.success) return refuse(words('link.badAmount', { by: shown(by) }));
  return { ok: true, action: { kind, counter, by: amount.data } };
}

/** Links that come before the app can follow them, kept in order; the launch's own link first. */
export function createLinkInbox(first: string | undefined) {
  const waiting = first === undefined ? [] : [first];
  let follow: ((url: string) => void) | undefined;
  return {
    push: (url: string) => (follow ? follow(url) : void waiting.push(url)),
    open(next: (url: string) => void) {
      follow = next;
      waiting.splice(0).forEach(next);
    },
  };
}

/** The link the OS put on a launch's command line (Windows, Linux). */
export const linkInArgv = (argv: readonly string[]): string | undefined => argv.find((arg) => arg.toLowerCase().startsWith(`${LINK_SCHEME}:`));

/**
 * setAsDefaultProtocolClient's arguments, or null on a packaged Linux app: its desktop entry declares the scheme
 * (MimeType), and there Electron runs xdg-settings synchronously, on every launch. Unpackaged (`electron .`):
 * the Electron binary with the app's path, as Electron's deep-links tutorial does.
 */
export function protocolClientArgs(platform: string, defaultApp: boolean, execPath: string, argv: readonly string[]): [protocol: string, path?: string, args?: string[]] | null {
  if (defaultApp && argv[1] !== undefined) return [LINK_SCHEME, execPath, [resolve(argv[1])]];
  return platform === 'linux' ? null : [LINK_SCHEME];
}

export interface LinkNotice {
  title: string;
  body: string;
  /** A click opens the popup on this counter. */
  counterId?: string;
  /** A click opens Settings (links are off). */
  opensSettings?: boolean;
  /** A button where the OS shows one. */
  undo?: { text: string; run(): void };
}

interface LinkDeps {
  controller: Pick<AppController, 'settings' | 'getState' | 'dispatchFrom' | 'translator' | 'focusCounter' | 'redact'>;
  openPopup(): void;
  notify(notice: LinkNotice): void;
}

export function createLinks(deps: LinkDeps) {
  const { controller } = deps;
  const dispatch = () => controller.dispatchFrom('link');
  const say = (said: Words, extra: Partial<LinkNotice> = {}) => {
    const i18n = controller.translator();
    deps.notify({ title: i18n.t('link.notFollowed'), body: i18n.say(said) ?? '', ...extra });
  };

  function find(target: string): CounterState | undefined {
    const counters = controller.getState().core?.counters;
    if (!counters) return void say(words('cli.notSignedIn'));
    // Echoed in the notice: cleaned and cut like a name the server sent, and matched against those.
    const match = resolveCounter(controller.redact(target, TEXT_LIMITS.name), counters, { exact: true });
    if (!match.ok) return void say(match.words);
    return match.counter;
  }

  /** Without `by`, main moves it by the counter's step, as it does a click; the notice names that amount. */
  async function change(kind: 'increment' | 'decrement', counter: CounterState, by: number | undefined): Promise<void> {
    const amount = by ?? stepOf(controller.settings(), counter.id);
    const result = await dispatch()(kind === 'increment' ? 'counter:increment' : 'counter:decrement', by === undefined ? { id: counter.id } : { id: counter.id, amount: by });
    const i18n = controller.translator();
    if (!result.ok) return say(words('link.failed', { reason: errorText(i18n, result.error) }), { counterId: counter.id });
    deps.notify({
      title: counter.name,
      body: i18n.t('link.changed', { amount: i18n.signed(kind === 'increment' ? amount : -amount) }),
      counterId: counter.id,
      undo: { text: i18n.t('undo.button'), run: () => void undo(counter.id) },
    });
  }

  async function undo(id: string): Promise<void> {
    const result = await dispatch()('counter:undo', { id });
    if (!result.ok) say(words('link.failed', { reason: errorText(controller.translator(), result.error) }), { counterId: id });
  }

  return {
    /** A link from the OS: followed, or refused with a notice that says why; never thrown. */
    async follow(text: string): Promise<void> {
      const parsed = parseLink(text);
      if (!parsed.ok) return say(parsed.words);
      const { action } = parsed;
      if (action.kind !== 'open' && !controller.settings().allowLinks) return say(words('link.off'), { opensSettings: true });
      const counter = find(action.counter);
      if (!counter) return;
      if (action.kind === 'open') {
        deps.openPopup();
        return controller.focusCounter(counter.id);
      }
      return change(action.kind, counter, action.by);
    },
  };
}
