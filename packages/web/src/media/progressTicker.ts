/**
 * A media player's shown progress, read every 1,000 ms while it plays (SPEC.md section 9: media
 * player progress interval) rather than at every `timeupdate`, and once more when it pauses,
 * ends or seeks, so the bar and the time stay right without re-rendering many times a second.
 */
import { MEDIA_PROGRESS_INTERVAL_MS } from '@sapa/sdk';
import { browserTimers, type Timers } from './timers.ts';

export interface MediaProgress {
  /** Seconds played. */
  current: number;
  /** Seconds in all (0 while unknown). */
  duration: number;
  /** current / duration, 0 to 1 (0 while the duration is unknown). */
  fraction: number;
}

export function progressOf(current: number, duration: number): MediaProgress {
  const known = Number.isFinite(duration) && duration > 0;
  const at = Number.isFinite(current) && current > 0 ? current : 0;
  return {
    current: known ? Math.min(at, duration) : at,
    duration: known ? duration : 0,
    fraction: known ? Math.min(1, at / duration) : 0,
  };
}

/** `m:ss`, or `h:mm:ss` from an hour on. */
export function formatMediaTime(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export interface ProgressTickerOptions {
  read(): { current: number; duration: number };
  onProgress(progress: MediaProgress): void;
  intervalMs?: number;
  timers?: Timers;
}

export interface ProgressTicker {
  play(): void;
  /** Paused, ended or sought: stop ticking (when playing) and show where it is now. */
  pause(): void;
  /** Show where it is now (a seek, the metadata arriving). */
  update(): void;
  dispose(): void;
}

export function createProgressTicker(options: ProgressTickerOptions): ProgressTicker {
  const timers = options.timers ?? browserTimers;
  const intervalMs = options.intervalMs ?? MEDIA_PROGRESS_INTERVAL_MS;
  let handle: unknown = null;
  const update = () => {
    const { current, duration } = options.read();
    options.onProgress(progressOf(current, duration));
  };
  const stop = () => {
    if (handle !== null) timers.clearInterval(handle);
    handle = null;
  };
  return {
    play() {
      if (handle === null) handle = timers.setInterval(update, intervalMs);
    },
    pause() {
      stop();
      update();
    },
    update,
    dispose: stop,
  };
}
