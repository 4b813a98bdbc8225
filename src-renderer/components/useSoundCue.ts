// Settings → Sounds, synthesized with Web Audio: no files, nothing for the CSP to allow. Each cue main
// raises (AppState.cue) plays once at the chosen volume; one already there when the page mounts is old.
import { useEffect, useRef } from 'react';
import type { Settings } from '../../src-shared/domain/settings';
import type { AppState } from '../../src-shared/ipc/contract';

type Sound = NonNullable<AppState['cue']>['sound'];

/** Per note: Hz, start and length (s), gain at full volume. A soft tick; two notes a fifth apart. */
const NOTES: Record<Sound, [number, number, number, number][]> = {
  click: [[1200, 0, 0.04, 0.3]],
  chime: [
    [880, 0, 0.5, 0.2],
    [1318.5, 0.12, 0.7, 0.2],
  ],
};

let audio: AudioContext | undefined;

export function playSound(sound: Sound, volume: number): void {
  audio ??= new AudioContext();
  const at = audio.currentTime;
  for (const [frequency, start, length, gain] of NOTES[sound]) {
    const tone = audio.createOscillator();
    const level = audio.createGain();
    tone.type = 'triangle';
    tone.frequency.value = frequency;
    level.gain.setValueAtTime((gain * volume) / 100, at + start);
    level.gain.exponentialRampToValueAtTime(0.0001, at + start + length);
    tone.connect(level).connect(audio.destination);
    tone.start(at + start);
    tone.stop(at + start + length);
  }
}

export function useSoundCue(cue: AppState['cue'], sounds: Settings['sounds'] | undefined): void {
  const heard = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!sounds) return;
    const seq = cue?.seq ?? 0;
    if (cue && heard.current !== undefined && seq > heard.current) playSound(cue.sound, sounds.volume);
    heard.current = seq;
  }, [cue, sounds]);
}
