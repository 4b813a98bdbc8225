// An account's unsent clicks on disk (owner-named, MAC per counter, backed up when bad), and where the
// app meets the core's ledger: a click acknowledged once on disk.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { CounterCore, PendingStore } from '../../core/contract';
import { AnyPendingDocument } from '../../core/pending-document';
import { openEntries, refusedClicksNotice, sealEntries, type ClickFileName, type ClickSeal } from './click-file-codec';
import type { PendingFiles, TextFile } from '../ports';
import { parseJson } from '../storage/parsed-file';
import { backupNote, sentences, type Notice, type Said } from '../../../src-shared/i18n/notice';

const OwnedPending = z.object({ owner: z.string(), pending: AnyPendingDocument });
/** As written: the MACs are checked on what is on disk. */
const SealedFile = z.object({ owner: z.string(), pending: z.looseObject({ counters: z.record(z.string(), z.unknown()) }), macs: z.unknown().optional() });
const countersOf = (pending: unknown): Record<string, unknown> => {
  const parsed = z.object({ counters: z.record(z.string(), z.unknown()) }).safeParse(pending);
  return parsed.success ? parsed.data.counters : {};
};

export function accountOwnerKey(baseUrl: string, token: string): string {
  return createHash('sha256').update(`${baseUrl}\n${token}`).digest('hex');
}

export function pendingFileName(owner: string): string {
  return `pending-${owner.slice(0, 16)}.json`;
}

interface AccountPendingFiles {
  file: TextFile;
  /** 0.2's `pending.json`: read once for its owner, then retired. */
  legacy?: TextFile & { remove(): Promise<void> };
  /** Tell the user (and the log). */
  notice(message: Said): void;
}

export function createAccountPendingStore(seal: ClickSeal, { file, legacy, notice }: AccountPendingFiles): PendingStore {
  const { owner } = seal;
  let retireLegacy = false;
  const write = (pending: unknown) => file.write(JSON.stringify({ owner, pending, macs: sealEntries(seal, countersOf(pending)) }));

  /** The rest refused: file backed up, user told, the kept ones written back. */
  async function authenticated(json: unknown, from: TextFile, what: ClickFileName): Promise<unknown> {
    const sealed = SealedFile.safeParse(json);
    if (!sealed.success || sealed.data.owner !== owner) return json;
    const { kept, refused } = openEntries(seal, sealed.data.pending.counters, sealed.data.macs);
    if (refused.length === 0) return json;
    const backup = await from.backup().catch(() => null);
    notice(refusedClicksNotice(what, refused.length, backup));
    const pending = { ...sealed.data.pending, counters: kept };
    // At once: a core that never runs (a failed start) must not take them along.
    await write(pending);
    return { owner, pending };
  }

  async function parse(text: string, from: TextFile): Promise<unknown> {
    const saved = OwnedPending.safeParse(await authenticated(parseJson(text), from, 'pending'));
    if (saved.success && saved.data.owner === owner) return saved.data.pending;
    const backup = await from.backup().catch(() => null);
    notice(sentences((i18n) => (saved.success ? i18n.t('notice.clicksOtherAccount') : i18n.t('notice.clicksUnreadable')), backupNote(backup)));
    return undefined;
  }

  return {
    async load() {
      let text: string | null;
      try {
        text = await file.read();
      } catch {
        // Moved aside, so the next write cannot overwrite what it may hold.
        const backup = await file.backup().catch(() => null);
        notice(sentences((i18n) => i18n.t('notice.clicksUnreadable'), backupNote(backup)));
        return undefined;
      }
      if (text !== null) return parse(text, file);
      const old = await legacy?.read().catch(() => null);
      if (!old) return undefined;
      // 0.2 kept one account's clicks in pending.json; another account's are not ours to touch.
      const saved = OwnedPending.safeParse(parseJson(old));
      if (!saved.success || saved.data.owner !== owner) return undefined;
      // 0.2 wrote no MACs: taken only at the launch that upgraded the token vault.
      if (!seal.acceptUnsealed) {
        const backup = await legacy?.backup().catch(() => null);
        notice(refusedClicksNotice('legacy', Object.keys(countersOf(saved.data.pending)).length, backup ?? null));
        return undefined;
      }
      retireLegacy = true;
      return saved.data.pending;
    },
    async save(pending) {
      await write(pending);
      if (retireLegacy && legacy) {
        // The old file must not hand them over a second time.
        retireLegacy = false;
        await legacy.remove();
      }
    },
  };
}

interface OwnClickDeps {
  pendingFiles: PendingFiles | undefined;
  notify(notice: Notice): void;
  /** Sanitized, for words about a counter once it is gone. */
  nameOf(id: string): string;
}

/** Nothing of them reached the server. */
function droppedClicksNotice(amount: number, name: string): Said {
  return (i18n) => i18n.t('notice.droppedClicks', { amount: amount === 0 ? 'all' : i18n.signed(amount), name });
}

export function createOwnClickWiring({ pendingFiles, notify, nameOf }: OwnClickDeps) {
  let unwatch: (() => void) | undefined;
  let savingFailed = false;
  return {
    /** Sealed with the account's key; none without files (the core keeps it in memory). */
    storeFor(seal: ClickSeal): { store?: PendingStore } {
      if (!pendingFiles) return {};
      const notice = (body: Said) => notify({ title: 'notice.clicksSetAsideTitle', body });
      return { store: createAccountPendingStore(seal, { file: pendingFiles.forOwner(seal.owner), ...(pendingFiles.legacy ? { legacy: pendingFiles.legacy } : {}), notice }) };
    },
    /** Clicks the running core drops because their counter went away are told. */
    watch(core: CounterCore | null): void {
      unwatch?.();
      unwatch = core?.onChangeOutcome((outcome) => {
        if (outcome.outcome === 'dropped') notify({ title: 'notice.clicksNotSentTitle', body: droppedClicksNotice(outcome.amount, nameOf(outcome.counterId)) });
      });
    },
    /** Once what was just asked of `core` is on disk; a failing disk is told once (the clicks still go). */
    async durable(core: CounterCore): Promise<void> {
      if ((await core.saved()) || savingFailed) return;
      savingFailed = true;
      notify({ title: 'notice.cannotSaveTitle', body: (i18n) => i18n.t('notice.cannotSave') });
    },
  };
}
