// Where the app meets the core's one ledger: each account's store of unsent clicks (the demo's stay in
// memory), when a click is acknowledged, and what the user is told.
import type { Notice, Said } from '../../../src-shared/i18n/notice';
import type { CounterCore, PendingStore } from '../../core/contract';
import { createAccountPendingStore } from './account-pending-store';
import type { ClickSeal } from './click-file-codec';
import type { PendingFiles } from '../ports';

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
