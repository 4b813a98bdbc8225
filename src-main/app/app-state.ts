// The AppState the popup and main's tray see. Names and refusals were sanitized as they entered
// the core: shown as they are.
import { isPublicServer } from '../../src-shared/domain/server-address';
import type { Settings } from '../../src-shared/domain/settings';
import type { AppState } from '../../src-shared/ipc/contract';
import type { CounterReset } from './account/counter-reset';
import type { AccountRecords } from './account/account-data';
import type { OrganiseService } from './organise/organise-service';
import type { OfflineCounters } from './offline/offline-counters';
import type { AppControllerDeps, AppPlatform } from './ports';
import type { Session } from './session/session-api';
import type { AppStateBody } from '../../src-shared/ipc/contract';

interface AppStateParts {
  deps: Pick<AppControllerDeps, 'theme' | 'systemTimezone' | 'appVersion' | 'windowMaterial' | 'accent' | 'updates'>;
  platform: AppPlatform;
  settings: Settings;
  locale: AppState['locale'];
  shortcutFailures: AppState['shortcutFailures'];
  ask: AppState['ask'];
  session: Session;
  offline: OfflineCounters;
  records: AccountRecords | null;
  organise: OrganiseService;
  counterReset: CounterReset;
}

/** Nothing recorded without a core: one object, so the popup's delta sees it unchanged. */
const NO_ACTIVITY: AppState['activity'] = { today: {}, undo: null };

export function readAppState({ deps, platform, settings, locale, shortcutFailures, ask, session, offline, records, organise, counterReset }: AppStateParts): AppStateBody {
  const dark = settings.theme === 'system' ? deps.theme.shouldUseDarkColors() : settings.theme === 'dark';
  const core = session.core();
  const sessionState = session.state();
  const accentColor = deps.accent?.current() ?? null;
  const shown = core ? { ...core.snapshot(), counters: offline.coreCounters(core) } : null;
  const updates = deps.updates?.state();
  const organised = shown ? organise.view() : undefined;
  return {
    session: sessionState,
    core: shown,
    lastKnown: offline.shown(),
    ...(deps.appVersion ? { appVersion: deps.appVersion } : {}),
    ...(deps.windowMaterial ? { windowMaterial: deps.windowMaterial } : {}),
    ...(accentColor ? { accentColor } : {}),
    publicServer: sessionState.mode === 'account' && isPublicServer(sessionState.serverUrl),
    settings,
    shortcutFailures,
    theme: dark ? 'dark' : 'light',
    platform,
    systemTimezone: deps.systemTimezone(),
    locale,
    ask,
    activity: core && records ? records.activity.summary() : NO_ACTIVITY,
    ...(updates ? { updates } : {}),
    ...(shown && records ? { extras: records.goals.view(), resetUndo: counterReset.offer(shown.counters) } : {}),
    ...(organised ? { organise: organised } : {}),
  };
}
