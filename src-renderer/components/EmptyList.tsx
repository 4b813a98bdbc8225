import type { AppState, CounterTrayApi } from '../../src-shared/ipc/contract';
import { call } from '../bridge/ipc';

interface Props {
  api: CounterTrayApi;
  state: AppState;
  query: string;
  onClearSearch: () => void;
}

/** An empty list always says why and offers the next step. */
export function EmptyList({ api, state, query, onClearSearch }: Props) {
  if (query) {
    return (
      <div className="empty">
        <p>No counter matches “{query.trim()}”.</p>
        <button type="button" className="secondary" onClick={onClearSearch}>
          Clear the search
        </button>
      </div>
    );
  }
  return (
    <div className="empty">
      <p>No counters are shared with you yet. Create one, or ask someone to share theirs with you, and it shows up here.</p>
      <div className="row-actions center">
        {state.publicServer && (
          <button type="button" className="secondary" onClick={() => void call(api, 'app:openLink', { target: 'home' })}>
            Open CountTogether
          </button>
        )}
        <button type="button" className="secondary" onClick={() => void call(api, 'session:retryNow', {})}>
          Check again
        </button>
      </div>
    </div>
  );
}
