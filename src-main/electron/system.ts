// Power and system events; a step of the wall clock has no event, so the day is read again on unlock and poll.
import type { Clock } from '../core/contract';
import type { ThemeSource } from '../app/ports';

interface PowerMonitorLike {
  on(event: 'resume', listener: () => void): unknown;
  on(event: 'unlock-screen', listener: () => void): unknown;
}

export interface NativeThemeLike {
  readonly shouldUseDarkColors: boolean;
  on(event: 'updated', listener: () => void): unknown;
  removeListener(event: 'updated', listener: () => void): unknown;
}

export function themeSource(nativeTheme: NativeThemeLike): ThemeSource {
  return {
    shouldUseDarkColors: () => nativeTheme.shouldUseDarkColors,
    onUpdated(listener) {
      nativeTheme.on('updated', listener);
      return () => void nativeTheme.removeListener('updated', listener);
    },
  };
}

interface SystemWatchDeps {
  powerMonitor: PowerMonitorLike;
  clock: Clock;
  readTimezone(): string;
  onResume(): void;
  /** The wall clock may have stepped (NTP, a user fixing the date). */
  onClockCheck(): void;
  onTimezoneChange(zone: string): void;
  readLanguages?(): readonly string[];
  onLanguagesChange?(): void;
  /** Electron has no time zone or language event: both are polled and checked on resume. */
  pollMs?: number;
}

export function watchSystem(deps: SystemWatchDeps): () => void {
  let zone = deps.readTimezone();
  let languages = deps.readLanguages?.().join(',');
  let stopped = false;
  /** `then`, after the zone and the languages are read again. */
  const afterCheck = (then: () => void) => () => {
    if (stopped) return;
    const nextZone = deps.readTimezone();
    if (nextZone !== zone) {
      zone = nextZone;
      deps.onTimezoneChange(nextZone);
    }
    const nextLanguages = deps.readLanguages?.().join(',');
    if (nextLanguages !== languages) {
      languages = nextLanguages;
      deps.onLanguagesChange?.();
    }
    then();
  };
  const poll = afterCheck(() => {
    deps.onClockCheck();
    timer = deps.clock.setTimeout(poll, deps.pollMs ?? 60_000);
  });
  let timer = deps.clock.setTimeout(poll, deps.pollMs ?? 60_000);
  deps.powerMonitor.on('resume', afterCheck(() => deps.onResume()));
  deps.powerMonitor.on('unlock-screen', afterCheck(() => deps.onClockCheck()));
  return () => {
    stopped = true;
    deps.clock.clearTimeout(timer);
  };
}
