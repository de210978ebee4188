/** What the broadcast engine's jobs work with (wired in app.ts). */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/openDatabase.ts';
import type { MediaFiles } from '../media/MediaFiles.ts';
import type { Publisher } from '../realtime/Publisher.ts';
import type { BroadcastProgress } from './progress.ts';

export interface BroadcastDeps {
  db: Db;
  config: Config;
  now: () => Date;
  publisher: Publisher;
  /** Stored files: a media header is uploaded to the number from here. */
  files: MediaFiles;
  log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>;
  progress: BroadcastProgress;
  /**
   * The process's webhook intake (`DeliveryWorker.behind`): while it is behind, a send whose
   * outcome is unknown waits on, as a status webhook waiting to be read may settle it. Default:
   * never behind.
   */
  webhooks?: { behind(): Promise<boolean> };
  /** Aborted when the process stops: a pump ends its slice and hands its job back. */
  stopping: AbortSignal;
  /** How long a pump sends before it hands its job back and is claimed again (default 15 s). */
  sliceMs?: number;
  /** Waits `ms`, sooner when `signal` aborts (default: a timer); tests move a clock instead. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** A timer that ends early when `signal` aborts. */
export function timerSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted === true) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
