// Power and system events: wake → the core resyncs; unlock and every poll → the day is read again (a
// step of the wall clock has no event); the zone, the theme and the OS's languages are followed.
import type { Clock } from '../core/contract';
import type { ThemeSource } from '../app/ports';

export interface PowerMonitorLike {
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

export interface SystemWatchDeps {
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
  let timer: unknown;
  let stopped = false;
  const checkZone = () => {
    const next = deps.readTimezone();
    if (next !== zone) {
      zone = next;
      deps.onTimezoneChange(next);
    }
    const nextLanguages = deps.readLanguages?.().join(',');
    if (nextLanguages !== languages) {
      languages = nextLanguages;
      deps.onLanguagesChange?.();
    }
  };
  const poll = () => {
    if (stopped) return;
    checkZone();
    deps.onClockCheck();
    timer = deps.clock.setTimeout(poll, deps.pollMs ?? 60_000);
  };
  timer = deps.clock.setTimeout(poll, deps.pollMs ?? 60_000);
  const resumed = () => {
    if (stopped) return;
    checkZone();
    deps.onResume();
  };
  deps.powerMonitor.on('resume', resumed);
  deps.powerMonitor.on('unlock-screen', () => {
    if (stopped) return;
    checkZone();
    deps.onClockCheck();
  });
  return () => {
    stopped = true;
    deps.clock.clearTimeout(timer);
  };
}
