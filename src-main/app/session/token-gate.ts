// What the session knows about tokens apart from which core runs: every token seen (so no log line
// quotes one), the one in use with its origin and consents, and the last gate before a token
// leaves the process: a core gets a token only for the origin it was entered for.
import type { CoreOptions } from '../../core/contract';
import { AppError } from '../../ipc/errors';
import type { TokenStorage } from '../../../src-shared/ipc/contract';
import type { BoundToken, StoredToken, TokenRecord, TokenVault, VaultLoad } from '../ports';
import { createServerTextCleaner } from '../../../src-shared/text/server-text';
import { originOf, parseServerUrl } from './server-url';

export interface AccountOfCore {
  baseUrl: string;
  token: string;
  /** Clicks of this token kept by 0.2 (files without a MAC) are accepted: the vault was upgraded at this launch. */
  legacyClicks: boolean;
}

/** What a core needs besides its server and token. */
export type CoreSetup = (account: AccountOfCore | null) => Omit<CoreOptions, 'baseUrl' | 'token'>;

export interface TokenGate {
  /** The one sanitizer with every token this run has seen; `maxLength` caps the result. */
  redact(text: string, maxLength?: number): string;
  /** A token the user typed or the app holds: redacted from every message from now on. */
  remember(token: string): void;
  /** Reads the vault once at launch; the stored token is known (and redacted) before anything may quote it. */
  load(): Promise<VaultLoad>;
  /** A core's options for `bound` at `baseUrl`; throws unless the token was entered for that very origin. */
  optionsFor(baseUrl: string, bound: BoundToken, mode: 'account' | 'demo'): CoreOptions;
  inUse(): TokenRecord | null;
  /** Uses `record` (null: none); with `storage`, where the vault now keeps it ('memory': nowhere). */
  use(record: TokenRecord | null, storage?: TokenStorage): void;
  /** The launch found `stored` in the vault: its origin is the account's even while unused, and so is its consent to weak storage. */
  adoptStored(stored: StoredToken): void;
  /** The record for a token typed for `serverUrl`: consents are its own (weak storage only if granted to this very token this run). */
  recordFor(serverUrl: string, token: string): TokenRecord;
  /** Keeps the record in the vault as securely as its consents allow; answers where it ended up. */
  save(record: TokenRecord): Promise<TokenStorage>;
  /** Clears the vault; a sign-out forgets this run's consent to weak storage too. */
  forget(options: { consents: boolean }): Promise<void>;
  /** Grants (or withdraws) weak storage to the token in use; answers the updated record (null: no token). */
  consentWeak(allowed: boolean): TokenRecord | null;
  /** The origin the account's token is bound to (in use, or stored while unused). */
  boundOrigin(accountInUse: boolean): string | null;
}

export function createTokenGate(vault: TokenVault, coreSetup: CoreSetup): TokenGate {
  const secrets = new Set<string>();
  /** The token whose 0.2 files (clicks without a MAC) this launch accepts: set only when the vault was upgraded now. */
  let legacyClicksToken: string | null = null;
  const redact = createServerTextCleaner(() => secrets);
  let token: TokenRecord | null = null;
  /** The vault token's origin, also while unused because the settings name another server. */
  let storedOrigin: string | null = null;
  /** The token the user accepted weak protection for (main's dialog this run, or the stored record's consent). */
  let weakConsentFor: string | null = null;

  return {
    redact,
    remember: (token) => void secrets.add(token),
    async load() {
      const loaded = await vault.load();
      if (loaded.stored) secrets.add(loaded.stored.token);
      legacyClicksToken = loaded.upgraded && loaded.stored ? loaded.stored.token : null;
      return loaded;
    },
    optionsFor(baseUrl, bound, mode) {
      secrets.add(bound.token);
      const origin = originOf(baseUrl);
      if (origin === '' || origin !== bound.origin) {
        throw new AppError('internal', `Refused to use a token entered for ${bound.origin} with ${origin || 'an invalid address'}.`);
      }
      // Unsent changes belong to the account (and carry MACs under its key); demo changes must never replay there.
      const account = mode === 'account' ? { baseUrl, token: bound.token, legacyClicks: bound.token === legacyClicksToken } : null;
      return { ...coreSetup(account), baseUrl, token: bound.token };
    },
    inUse: () => token,
    use(record, storage) {
      token = record;
      if (record && storage !== undefined) storedOrigin = storage === 'memory' ? null : record.origin;
    },
    adoptStored(stored) {
      storedOrigin = stored.origin;
      weakConsentFor = stored.consents.weakStorage ? stored.token : null;
    },
    // Reaching a plain http origin took the user's yes in main's dialog (invoke-handlers.ts confirmServer).
    recordFor: (serverUrl, candidate) => ({
      token: candidate,
      origin: originOf(serverUrl),
      consents: { plainHttp: parseServerUrl(serverUrl).plainHttp, weakStorage: weakConsentFor === candidate },
    }),
    save: (record) => vault.save(record),
    async forget({ consents }) {
      token = null;
      storedOrigin = null;
      await vault.clear();
      if (consents) weakConsentFor = null;
    },
    consentWeak(allowed) {
      if (!token) return null;
      weakConsentFor = allowed ? token.token : null;
      token = { ...token, consents: { ...token.consents, weakStorage: allowed } };
      return token;
    },
    boundOrigin: (accountInUse) => (token && accountInUse ? token.origin : storedOrigin),
  };
}
