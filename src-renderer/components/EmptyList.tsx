import type { AppState, CounterTrayApi } from '../../src-shared/ipc/contract';
import { onPublicServer } from '../../src-shared/domain/server-address';
import { call } from '../bridge/ipc';
import { useI18n } from '../i18n/I18n';

interface Props {
  api: CounterTrayApi;
  state: AppState;
  query: string;
  onClearSearch: () => void;
}

export function EmptyList({ api, state, query, onClearSearch }: Props) {
  const i18n = useI18n();
  if (query) {
    return (
      <div className="empty">
        <p>{i18n.t('empty.noMatch', { query: query.trim() })}</p>
        <button type="button" className="secondary" onClick={onClearSearch}>
          {i18n.t('empty.clearSearch')}
        </button>
      </div>
    );
  }
  const publicServer = onPublicServer(state.session);
  return (
    <div className="empty">
      <p>{i18n.t('empty.none')}</p>
      {/* This app cannot create a counter (docs/api.md O15): it says where one is made. */}
      <p className="empty-how">{i18n.t(publicServer ? 'empty.howPublic' : 'empty.howOther')}</p>
      <div className="row-actions center">
        {publicServer && (
          <button type="button" className="secondary" onClick={() => void call(api, 'app:openLink', { target: 'home' })}>
            {i18n.t('empty.openSite')}
          </button>
        )}
        <button type="button" className="secondary" onClick={() => void call(api, 'session:retryNow', {})}>
          {i18n.t('empty.checkAgain')}
        </button>
      </div>
    </div>
  );
}
