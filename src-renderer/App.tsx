import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { CoreSnapshot } from '../src-shared/domain/snapshot';
import type { AppState, CounterTrayApi, IpcError } from '../src-shared/ipc/contract';
import { call } from './bridge/ipc';
import { useAppState } from './bridge/useAppState';
import { errorText } from '../src-shared/i18n/error-words';
import { guessLocale, I18n, useI18n } from './i18n/I18n';
import { useAccentColor } from './accentColor/useAccentColor';
import { StatusLine } from './components/StatusLine';
import { ErrorBoundary } from './components/ErrorBoundary';
import { loadCounterMenu } from './components/useRowMenu';
import { usePrefetchAfterFirstScreen } from './components/usePrefetchAfterFirstScreen';
import { CounterList } from './screens/CounterList';

const OFFLINE_STATS = { requests: 0, rateLimited: 0, notifications: 0, ignoredFrames: 0, resyncs: 0 };
const NOTHING_WAITS = { clicks: 0 };

// Chunks of their own: the entry chunk's budget is 90 KB gzip (bench/README.md).
const LATER = {
  detail: () => import('./screens/CounterDetail'),
  edit: () => import('./screens/EditCounter'),
  settings: () => import('./screens/SettingsScreen'),
  onboarding: () => import('./screens/Onboarding'),
  export: () => import('./screens/ExportScreen'),
  connecting: () => import('./screens/Connecting'),
  rowMenu: loadCounterMenu,
};
const CounterDetail = lazy(LATER.detail);
const EditCounter = lazy(LATER.edit);
const SettingsScreen = lazy(LATER.settings);
const Onboarding = lazy(LATER.onboarding);
const ExportScreen = lazy(LATER.export);
const Connecting = lazy(LATER.connecting);
// Main opens the same page as its always-on-top mini window (src-main/electron/mini-window.ts).
const MiniWindow = lazy(() => import('./screens/MiniWindow'));

type View =
  | { name: 'list' }
  | { name: 'edit'; id: string }
  | { name: 'detail'; id: string }
  | { name: 'settings' }
  | { name: 'token' }
  | { name: 'export'; id?: string | undefined; from: 'edit' | 'settings' };

export function App({ api }: { api: CounterTrayApi }) {
  const { state, problem } = useAppState(api);
  const theme = state?.theme;
  useEffect(() => {
    if (theme) document.documentElement.dataset.theme = theme;
  }, [theme]);
  useAccentColor(state?.accentColor, theme);
  const material = state?.windowMaterial;
  useEffect(() => {
    if (material && material !== 'solid') document.documentElement.dataset.material = material;
    else delete document.documentElement.dataset.material;
  }, [material]);
  return (
    <I18n locale={state?.locale ?? guessLocale()}>
      {location.hash === '#mini' ? state && <Suspense fallback={LOADING}><MiniWindow api={api} state={state} /></Suspense> : <Screens api={api} state={state} problem={problem} />}
    </I18n>
  );
}

const LOADING = <main className="screen centered" aria-busy="true" />;

function ScreenFailed({ onBack }: { onBack: () => void }) {
  const i18n = useI18n();
  return (
    <main className="screen centered">
      <h1 className="title">{i18n.t('app.name')}</h1>
      <p role="alert">{i18n.t('boundary.screen')}</p>
      <button type="button" className="primary" autoFocus onClick={onBack}>
        {i18n.t('boundary.backToList')}
      </button>
    </main>
  );
}

function Screens({ api, state, problem }: { api: CounterTrayApi; state: AppState | null; problem: IpcError | null }) {
  const i18n = useI18n();
  // Under <I18n>: once the catalog is in too.
  usePrefetchAfterFirstScreen(LATER, state !== null);
  const [view, setView] = useState<View>({ name: 'list' });
  const [focusRequest, setFocusRequest] = useState<{ id: string; at: number } | null>(null);
  // Back from Edit, the same row is current.
  const [activeId, setActiveId] = useState<string | null>(null);

  // An ask is state: one made before mount is seen too.
  const ask = state?.ask;
  const [askSeen, setAskSeen] = useState(0);
  if (ask && ask.seq > askSeen) {
    setAskSeen(ask.seq);
    setView(ask.kind === 'focusCounter' ? { name: 'detail', id: ask.id } : { name: 'settings' });
  }

  const showList = useCallback(() => setView({ name: 'list' }), []);
  const showEdit = useCallback((id: string) => setView({ name: 'edit', id }), []);
  const showSettings = useCallback(() => setView({ name: 'settings' }), []);
  const showDetail = useCallback((id: string) => setView({ name: 'detail', id }), []);
  const showToken = useCallback(() => setView({ name: 'token' }), []);
  const showExport = useCallback((id?: string) => setView(id ? { name: 'export', id, from: 'edit' } : { name: 'export', from: 'settings' }), []);

  if (!state) {
    return (
      <main className="screen centered" aria-busy={!problem}>
        {problem && <p role="alert">{errorText(i18n, problem)}</p>}
      </main>
    );
  }

  const core = state.session.status === 'signedIn' ? state.core : null;
  const signedIn = core !== null;
  const connecting = state.session.status === 'connecting';
  const lastKnown = !signedIn && connecting ? state.lastKnown : null;
  const listProps = { api, state, focusRequest, activeId, onActiveChange: setActiveId, onEdit: showEdit, onDetail: showDetail, onSettings: showSettings };
  const offline: CoreSnapshot | null = lastKnown && view.name !== 'token' ? { connection: { status: 'offline' as const }, counters: lastKnown.counters, stats: OFFLINE_STATS, outbox: lastKnown.outbox ?? NOTHING_WAITS } : null;
  const shown = offline ?? core;
  const status = shown && view.name !== 'token' && (
    <StatusLine
      connection={shown.connection}
      outbox={shown.outbox}
      demo={state.session.mode === 'demo'}
      offlineSince={offline ? lastKnown?.savedAt : undefined}
      onSignIn={showToken}
      onRetry={() => void call(api, 'session:retryNow', {})}
    />
  );
  return (
    <div className="app-frame">
      <ErrorBoundary resetOn={view} fallback={<ScreenFailed onBack={showList} />}>
        <Suspense fallback={LOADING}>{screenOf(state, offline)}</Suspense>
      </ErrorBoundary>
      {status}
    </div>
  );

  function screenOf(state: AppState, offline: CoreSnapshot | null) {
    const settings = <SettingsScreen api={api} state={state} onClose={showList} onReplaceToken={showToken} onExport={showExport} />;
    if (offline) {
      if (view.name === 'settings') return settings;
      return <CounterList {...listProps} core={offline} offlineSince={state.lastKnown?.savedAt} />;
    }
    if (!signedIn && connecting && view.name !== 'token') {
      return <Connecting api={api} state={state} onEnterToken={showToken} />;
    }
    if (!core || view.name === 'token') {
      return (
        <Onboarding
          api={api}
          state={state}
          replacing={signedIn || connecting}
          // Stay on the form while its connect runs.
          onStart={showToken}
          onCancel={showList}
          onConnected={showList}
        />
      );
    }
    if (view.name === 'detail') {
      const id = view.id;
      const back = () => {
        showList();
        setFocusRequest({ id, at: Date.now() });
      };
      return <CounterDetail api={api} state={state} counterId={id} onClose={back} onEdit={showEdit} />;
    }
    if (view.name === 'edit') return <EditCounter api={api} state={state} counterId={view.id} onClose={showList} onExport={showExport} />;
    if (view.name === 'export') {
      const { id } = view;
      const back = view.from === 'edit' && id ? () => showEdit(id) : showSettings;
      return <ExportScreen api={api} state={state} counterId={id} onClose={back} />;
    }
    if (view.name === 'settings') return settings;
    return <CounterList {...listProps} core={core} />;
  }
}
