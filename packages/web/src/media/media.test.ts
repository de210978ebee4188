import { describe, expect, it } from 'vitest';
import {
  AUDIO_LISTEN_INTERVAL_MS,
  IMAGE_ZOOM_SWIPE_CLOSE_PX,
  MEDIA_PENDING_SEEK_EXPIRY_MS,
  MEDIA_PROGRESS_INTERVAL_MS,
  UPLOAD_PREVIEW_ZOOM_FACTOR,
} from '@sapa/sdk';
import { createFakeTimers } from './fakeTimers.ts';
import { createListenPositions, createListenTracker } from './listenPositions.ts';
import { createPendingSeek } from './pendingSeek.ts';
import { createProgressTicker, formatMediaTime, progressOf, type MediaProgress } from './progressTicker.ts';
import { gestureOf, isSwipe, zoomOrigin, zoomScale } from './swipe.ts';

describe('the audio listen tracker', () => {
  it('reports the position every 10,000 ms while playing, and when paused', () => {
    const timers = createFakeTimers();
    const positions = createListenPositions();
    const reports: number[] = [];
    let at = 0;
    const tracker = createListenTracker({
      mediaId: 'm1',
      position: () => at,
      positions,
      timers,
      onReport: (_, seconds) => reports.push(seconds),
    });
    expect(AUDIO_LISTEN_INTERVAL_MS).toBe(10_000);
    tracker.play();
    at = 9.9;
    timers.advance(9_999);
    expect(reports).toEqual([]);
    at = 10;
    timers.advance(1);
    expect(reports).toEqual([10]);
    at = 20;
    timers.advance(10_000);
    expect(reports).toEqual([10, 20]);
    at = 23.5;
    tracker.pause();
    expect(reports).toEqual([10, 20, 23.5]);
    expect(timers.running).toBe(0);
    expect(positions.get('m1')).toBe(23.5);
  });

  it('resumes where the note was left on reopening, and starts over once heard to the end', () => {
    const timers = createFakeTimers();
    const positions = createListenPositions();
    const first = createListenTracker({ mediaId: 'm2', position: () => 42, positions, timers });
    first.play();
    first.dispose();
    const reopened = createListenTracker({ mediaId: 'm2', position: () => 0, positions, timers });
    expect(reopened.resumeAt()).toBe(42);
    reopened.play();
    reopened.ended();
    expect(positions.get('m2')).toBeNull();
    expect(timers.running).toBe(0);
    expect(createListenTracker({ mediaId: 'other', position: () => 0, positions }).resumeAt()).toBeNull();
  });
});

describe('a pending seek', () => {
  it('is applied when the metadata loads within 5,000 ms, and dropped after', () => {
    expect(MEDIA_PENDING_SEEK_EXPIRY_MS).toBe(5000);
    const seek = createPendingSeek();
    seek.request(12, 1000);
    expect(seek.waiting).toBe(true);
    expect(seek.take(6000)).toBe(12);
    expect(seek.waiting).toBe(false);
    expect(seek.take(6000)).toBeNull();
    seek.request(30, 1000);
    expect(seek.take(6001)).toBeNull();
  });

  it('keeps only the newest request and ignores nonsense', () => {
    const seek = createPendingSeek();
    seek.request(5, 0);
    seek.request(8, 100);
    expect(seek.take(200)).toBe(8);
    seek.request(Number.NaN, 0);
    expect(seek.waiting).toBe(false);
  });
});

describe('the media progress ticker', () => {
  it('reads the position every 1,000 ms while playing, and once on pause', () => {
    expect(MEDIA_PROGRESS_INTERVAL_MS).toBe(1000);
    const timers = createFakeTimers();
    const seen: MediaProgress[] = [];
    let current = 0;
    const ticker = createProgressTicker({
      read: () => ({ current, duration: 60 }),
      onProgress: (progress) => seen.push(progress),
      timers,
    });
    ticker.play();
    ticker.play();
    current = 0.5;
    timers.advance(999);
    expect(seen).toEqual([]);
    current = 1;
    timers.advance(1);
    current = 2;
    timers.advance(1000);
    expect(seen.map((p) => p.current)).toEqual([1, 2]);
    current = 2.4;
    ticker.pause();
    expect(seen.at(-1)).toEqual({ current: 2.4, duration: 60, fraction: 0.04 });
    expect(timers.running).toBe(0);
  });

  it('shows an unknown duration as 0 and formats times', () => {
    expect(progressOf(3, Number.NaN)).toEqual({ current: 3, duration: 0, fraction: 0 });
    expect(progressOf(90, 60)).toEqual({ current: 60, duration: 60, fraction: 1 });
    expect(formatMediaTime(0)).toBe('0:00');
    expect(formatMediaTime(65.7)).toBe('1:05');
    expect(formatMediaTime(3725)).toBe('1:02:05');
    expect(formatMediaTime(Number.POSITIVE_INFINITY)).toBe('0:00');
  });
});

describe('the image viewer gestures', () => {
  it('closes on a swipe over 10 px; a shorter move is a tap', () => {
    expect(IMAGE_ZOOM_SWIPE_CLOSE_PX).toBe(10);
    expect(gestureOf({ x: 0, y: 0 }, { x: 10, y: 0 })).toBe('tap');
    expect(gestureOf({ x: 0, y: 0 }, { x: 8, y: 7 })).toBe('swipe');
    expect(isSwipe({ x: 5, y: 5 }, { x: 5, y: 16 })).toBe(true);
  });

  it('zooms by a factor of 2 around the tapped point', () => {
    expect(UPLOAD_PREVIEW_ZOOM_FACTOR).toBe(2);
    expect(zoomScale(false)).toBe(1);
    expect(zoomScale(true)).toBe(2);
    expect(zoomOrigin({ x: 150, y: 50 }, { left: 100, top: 0, width: 200, height: 100 })).toBe('25.0% 50.0%');
    expect(zoomOrigin({ x: 0, y: 0 }, { left: 0, top: 0, width: 0, height: 0 })).toBe('50.0% 50.0%');
  });
});
