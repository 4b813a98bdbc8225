import type { UpdatesState } from '../../src-shared/domain/updates';
import type { CounterTrayApi } from '../../src-shared/ipc/contract';
import { useAsk } from '../bridge/ipc';
import { useI18n } from '../i18n/I18n';

export function UpdateLine({ api, updates, say }: { api: CounterTrayApi; updates: UpdatesState | undefined; say: (message: string | null) => void }) {
  const i18n = useI18n();
  const ask = useAsk(api, say);
  const status = updates?.status;
  if (status?.kind !== 'ready') return null;
  return (
    <p className="update-line" data-testid="update-line">
      <span title={i18n.t('updates.ready', { version: status.version })}>{i18n.t('updateLine.ready')}</span>
      <span aria-hidden="true"> · </span>
      <button
        type="button"
        className="link"
        aria-description={i18n.t('updates.restart', { version: status.version })}
        onClick={() => void ask('updates:restart', {})}
      >
        {i18n.t('updateLine.restart')}
      </button>
    </p>
  );
}
