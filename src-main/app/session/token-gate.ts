// Every token seen (so no log line quotes one), and the last gate: a core gets a token only for the
// origin it was entered for.
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

export function createTokenGate(vault: TokenVault, coreSetup: CoreSetup) {
  const secrets = new Set<string>();
  /** Set only when the vault was upgraded now. */
  let legacyClicksToken: string | null = null;
  const redact = createServerTextCleaner(secrets);
  let token: TokenRecord | null = null;
  /** Also while unused because the settings name another server. */
  let storedOrigin: string | null = null;
  /** Main's dialog this run, or the stored record's consent. */
  let weakConsentFor: string | null = null;

  return {
    redact,
    /** Redacted from every message from now on. */
    remember: (token: string) => void secrets.add(token),
    /** Once, at launch: the stored token is redacted before anything may quote it. */
    async load(): Promise<VaultLoad> {
      const loaded = await vault.load();
      if (loaded.stored) secrets.add(loaded.stored.token);
      legacyClicksToken = loaded.upgraded && loaded.stored ? loaded.stored.token : null;
      return loaded;
    },
    /** Throws unless the token was entered for that very origin. */
    optionsFor(baseUrl: string, bound: BoundToken, mode: 'account' | 'demo'): CoreOptions {
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
    /** With `storage`, where the vault now keeps it ('memory': nowhere). */
    use(record: TokenRecord | null, storage?: TokenStorage) {
      token = record;
      if (record && storage !== undefined) storedOrigin = storage === 'memory' ? null : record.origin;
    },
    /** Its origin is the account's even while unused, and so is its consent to weak storage. */
    adoptStored(stored: StoredToken) {
      storedOrigin = stored.origin;
      weakConsentFor = stored.consents.weakStorage ? stored.token : null;
    },
    // Plain http took the user's yes in main's dialog (invoke-handlers.ts confirmServer).
    /** Weak storage only if granted to this very token this run. */
    recordFor: (serverUrl: string, candidate: string): TokenRecord => ({
      token: candidate,
      origin: originOf(serverUrl),
      consents: { plainHttp: parseServerUrl(serverUrl).plainHttp, weakStorage: weakConsentFor === candidate },
    }),
    save: (record: TokenRecord) => vault.save(record),
    /** A sign-out forgets this run's consent to weak storage too. */
    async forget({ consents }: { consents: boolean }) {
      token = null;
      storedOrigin = null;
      await vault.clear();
      if (consents) weakConsentFor = null;
    },
    /** Answers the updated record (null: no token). */
    consentWeak(allowed: boolean): TokenRecord | null {
      if (!token) return null;
      weakConsentFor = allowed ? token.token : null;
      token = { ...token, consents: { ...token.consents, weakStorage: allowed } };
      return token;
    },
    /** In use, or stored while unused. */
    boundOrigin: (accountInUse: boolean) => (token && accountInUse ? token.origin : storedOrigin),
  };
}
