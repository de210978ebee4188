/**
 * Where each audio message was last listened to (SPEC.md section 9: the audio player reports its
 * position every 10,000 ms). Positions live in memory for the page's life, by media id, so
 * reopening a voice note resumes where the agent stopped; a note heard to the end starts over.
 */
import { AUDIO_LISTEN_INTERVAL_MS } from '@sapa/sdk';
import { browserTimers, type Timers } from './timers.ts';

export interface ListenPositions {
  /** Seconds into the media, or null when never listened (or heard to the end). */
  get(mediaId: string): number | null;
  set(mediaId: string, seconds: number): void;
  forget(mediaId: string): void;
}

export function createListenPositions(): ListenPositions {
  const positions = new Map<string, number>();
  return {
    get: (mediaId) => positions.get(mediaId) ?? null,
    set: (mediaId, seconds) => {
      if (Number.isFinite(seconds) && seconds > 0) positions.set(mediaId, seconds);
      else positions.delete(mediaId);
    },
    forget: (mediaId) => positions.delete(mediaId),
  };
}

/** The page's one store of listened positions. */
export const listenPositions = createListenPositions();

export interface ListenTrackerOptions {
  mediaId: string;
  /** The player's current position, in seconds. */
  position(): number;
  positions?: ListenPositions;
  intervalMs?: number;
  timers?: Timers;
  /** Told each reported position (after it is stored). */
  onReport?(mediaId: string, seconds: number): void;
}

export interface ListenTracker {
  /** Playback started: report every interval until paused. */
  play(): void;
  /** Playback paused (or the player closed): report the position now and stop. */
  pause(): void;
  /** Heard to the end: the next opening starts from the beginning. */
  ended(): void;
  /** Where to resume, or null. */
  resumeAt(): number | null;
  dispose(): void;
}

export function createListenTracker(options: ListenTrackerOptions): ListenTracker {
  const positions = options.positions ?? listenPositions;
  const timers = options.timers ?? browserTimers;
  const intervalMs = options.intervalMs ?? AUDIO_LISTEN_INTERVAL_MS;
  let handle: unknown = null;

  const report = () => {
    const seconds = options.position();
    positions.set(options.mediaId, seconds);
    options.onReport?.(options.mediaId, seconds);
  };
  const stop = () => {
    if (handle === null) return;
    timers.clearInterval(handle);
    handle = null;
  };

  return {
    play() {
      if (handle !== null) return;
      handle = timers.setInterval(report, intervalMs);
    },
    pause() {
      if (handle === null) return;
      stop();
      report();
    },
    ended() {
      stop();
      positions.forget(options.mediaId);
      options.onReport?.(options.mediaId, 0);
    },
    resumeAt: () => positions.get(options.mediaId),
    dispose() {
      if (handle !== null) {
        stop();
        report();
      }
    },
  };
}
