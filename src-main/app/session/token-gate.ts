// What the session knows of tokens: every token seen (so no log line quotes one), the one in use
// with its origin and consents, and the last gate: a core gets a token only for the origin it was entered for.
import type { CoreOptions } from '../../core/contract';
import { AppError } from '../../ipc/errors';
import type { TokenStorage } from '../../../src-shared/ipc/contract';
import type { BoundToken, StoredToken, TokenRecord, TokenVault, VaultLoad } from '../ports';
import { createServerTextCleaner } from '../../../src-shared/text/server-text';
import { originOf, parseServerUrl } from './server-url';

export interface AccountOfCore {
  baseUrl: string;
  token: string;
  /** 0.2's clicks of this token (no MAC) are accepted: the vault was upgraded at this launch. */
  legacyClicks: boolean;
}

export type CoreSetup = (account: AccountOfCore | null) => Omit<CoreOptions, 'baseUrl' | 'token'>;

interface TokenGate {
  /** `maxLength` caps the result. */
  redact(text: string, maxLength?: number): string;
  /** Redacted from every message from now on. */
  remember(token: string): void;
  /** Once, at launch: the stored token is redacted before anything may quote it. */
  load(): Promise<VaultLoad>;
  /** Throws unless the token was entered for that very origin. */
  optionsFor(baseUrl: string, bound: BoundToken, mode: 'account' | 'demo'): CoreOptions;
  inUse(): TokenRecord | null;
  /** With `storage`, where the vault now keeps it ('memory': nowhere). */
  use(record: TokenRecord | null, storage?: TokenStorage): void;
  /** Its origin is the account's even while unused, and so is its consent to weak storage. */
  adoptStored(stored: StoredToken): void;
  /** Weak storage only if granted to this very token this run. */
  recordFor(serverUrl: string, token: string): TokenRecord;
  /** As securely as its consents allow; answers where it ended up. */
  save(record: TokenRecord): Promise<TokenStorage>;
  /** A sign-out forgets this run's consent to weak storage too. */
  forget(options: { consents: boolean }): Promise<void>;
  /** Answers the updated record (null: no token). */
  consentWeak(allowed: boolean): TokenRecord | null;
  /** In use, or stored while unused. */
  boundOrigin(accountInUse: boolean): string | null;
}

export function createTokenGate(vault: TokenVault, coreSetup: CoreSetup): TokenGate {
  const secrets = new Set<string>();
  /** Set only when the vault was upgraded now. */
  let legacyClicksToken: string | null = null;
  const redact = createServerTextCleaner(() => secrets);
  let token: TokenRecord | null = null;
  /** Also while unused because the settings name another server. */
  let storedOrigin: string | null = null;
  /** Main's dialog this run, or the stored record's consent. */
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
      // Demo changes must never replay into the account.
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
    // Plain http took the user's yes in main's dialog (invoke-handlers.ts confirmServer).
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
