import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { CounterTrayApi } from '../src-shared/ipc/contract';
import { listen } from './bridge/ipc';
import { useAppState } from './bridge/useAppState';
import { Connecting } from './screens/Connecting';
import { CounterList } from './screens/CounterList';
import { Onboarding } from './screens/Onboarding';
import { SettingsScreen } from './screens/SettingsScreen';

const OFFLINE_STATS = { requests: 0, rateLimited: 0, notifications: 0, ignoredFrames: 0, resyncs: 0 };

// Their own chunks: most popups never open a counter's activity, its edit page or an export,
// so the list does not pay for them (the entry chunk stays under 90 KB gzip).
const CounterDetail = lazy(() => import('./screens/CounterDetail'));
const EditCounter = lazy(() => import('./screens/EditCounter'));
const ExportScreen = lazy(() => import('./screens/ExportScreen'));

export type View =
  | { name: 'list' }
  | { name: 'edit'; id: string }
  | { name: 'detail'; id: string }
  | { name: 'settings' }
  | { name: 'token' }
  | { name: 'export'; id?: string | undefined; from: 'edit' | 'settings' };

/** While a lazy screen's chunk loads (a few ms from the app's own files). */
const LOADING = (
  <main className="screen centered" aria-busy="true">
    <h1 className="sr-only">Loading…</h1>
  </main>
);

export function App({ api }: { api: CounterTrayApi }) {
  const { state, problem } = useAppState(api);
  const [view, setView] = useState<View>({ name: 'list' });
  const [focusRequest, setFocusRequest] = useState<{ id: string; at: number } | null>(null);
  // The list's current row outlives the list screen: back from Edit, the same row is current.
  const [activeId, setActiveId] = useState<string | null>(null);

  const theme = state?.theme;
  useEffect(() => {
    if (theme) document.documentElement.dataset.theme = theme;
  }, [theme]);
  const material = state?.windowMaterial;
  useEffect(() => {
    if (material && material !== 'solid') document.documentElement.dataset.material = material;
    else delete document.documentElement.dataset.material;
  }, [material]);

  useEffect(() => {
    const offs = [
      // A notification click opens what happened to that counter.
      listen(api, 'ui:focusCounter', ({ id }) => setView({ name: 'detail', id })),
      listen(api, 'ui:openSettings', () => setView({ name: 'settings' })),
    ];
    return () => offs.forEach((off) => off());
  }, [api]);

  // Stable callbacks: the memoized counter rows receive them and must not re-render for a new closure.
  const showList = useCallback(() => setView({ name: 'list' }), []);
  const showEdit = useCallback((id: string) => setView({ name: 'edit', id }), []);
  const showSettings = useCallback(() => setView({ name: 'settings' }), []);
  const showDetail = useCallback((id: string) => setView({ name: 'detail', id }), []);
  const showToken = useCallback(() => setView({ name: 'token' }), []);
  const showExport = useCallback((id?: string) => setView(id ? { name: 'export', id, from: 'edit' } : { name: 'export', from: 'settings' }), []);

  if (!state) {
    return (
      <main className="screen centered" aria-busy={!problem}>
        {problem ? <p role="alert">{problem}</p> : <p className="muted">Loading…</p>}
      </main>
    );
  }

  const core = state.session.status === 'signedIn' ? state.core : null;
  const signedIn = core !== null;
  const connecting = state.session.status === 'connecting';
  const lastKnown = !signedIn && connecting ? state.lastKnown : null;
  // The list is the same screen live and offline; only its counters and the offline mark differ.
  const listProps = { api, state, focusRequest, activeId, onActiveChange: setActiveId, onEdit: showEdit, onDetail: showDetail, onSettings: showSettings, onReplaceToken: showToken };
  // A launch with a stored token while the server is away: the last-known counters, greyed.
  if (lastKnown && view.name !== 'token') {
    if (view.name === 'settings') return <SettingsScreen api={api} state={state} onClose={showList} onReplaceToken={showToken} onExport={showExport} />;
    return (
      <CounterList
        {...listProps}
        core={{ connection: { status: 'offline' }, counters: lastKnown.counters, stats: OFFLINE_STATS }}
        offlineSince={lastKnown.savedAt}
      />
    );
  }
  // A launch with a stored token: no form to fill, unless the user asks for one.
  if (!signedIn && connecting && view.name !== 'token') {
    return <Connecting api={api} state={state} onEnterToken={() => setView({ name: 'token' })} />;
  }
  if (!signedIn || view.name === 'token') {
    return (
      <Onboarding
        api={api}
        state={state}
        replacing={signedIn || connecting}
        // Stay on the form while the connect it started runs, whatever the session status says.
        onStart={() => setView({ name: 'token' })}
        onCancel={showList}
        onConnected={showList}
      />
    );
  }
  if (view.name === 'detail') {
    const back = () => {
      setView({ name: 'list' });
      setFocusRequest({ id: view.id, at: Date.now() }); // back on the row it came from
    };
    return (
      <Suspense fallback={LOADING}>
        <CounterDetail api={api} state={state} counterId={view.id} onClose={back} onEdit={showEdit} />
      </Suspense>
    );
  }
  if (view.name === 'edit') {
    return (
      <Suspense fallback={LOADING}>
        <EditCounter api={api} state={state} counterId={view.id} onClose={showList} onExport={showExport} />
      </Suspense>
    );
  }
  if (view.name === 'export') {
    const back = view.from === 'edit' && view.id ? () => showEdit(view.id as string) : showSettings;
    return (
      <Suspense fallback={LOADING}>
        <ExportScreen api={api} state={state} counterId={view.id} onClose={back} />
      </Suspense>
    );
  }
  if (view.name === 'settings') {
    return <SettingsScreen api={api} state={state} onClose={showList} onReplaceToken={() => setView({ name: 'token' })} onExport={showExport} />;
  }
  return (
    <CounterList {...listProps} core={core} />
  );
}
