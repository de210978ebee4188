import { describe, expect, it } from 'vitest';
import * as constants from './constants.ts';

describe('the constants of SPEC.md section 9', () => {
  it('toast, queries and tables', () => {
    expect(constants.TOAST_AUTO_CLOSE_MS).toBe(5000);
    expect(constants.queryDefaults).toEqual({
      retry: 1,
      refetchOnWindowFocus: false,
      refetchOnReconnect: true,
    });
    expect(constants.TABLE_PAGE_SIZE).toBe(10);
    expect(constants.TABLE_INITIAL_PAGE_INDEX).toBe(0);
    expect(constants.TABLE_PAGE_LINK_SIBLINGS).toBe(2);
    expect(constants.TABLE_PAGE_LINK_COUNT).toBe(5);
    expect(constants.TABLE_PAGE_LINK_MIN_CENTRE).toBe(3);
    expect(constants.TABLE_COLUMN_WIDTH).toBe(150);
    expect(constants.TABLE_COLUMN_MIN_WIDTH).toBe(20);
  });

  it('socket reconnect, as socket.io options', () => {
    expect(constants.socketOptions).toEqual({
      reconnection: true,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      reconnectionAttempts: Infinity,
      timeout: 20_000,
    });
  });

  it('push token refresh of 7 days', () => {
    expect(constants.PUSH_TOKEN_REFRESH_DAYS).toBe(7);
    expect(constants.PUSH_TOKEN_REFRESH_MS).toBe(604_800_000);
  });

  it('uploads', () => {
    expect({
      chunk: constants.UPLOAD_CHUNK_SIZE,
      retries: constants.UPLOAD_CHUNK_RETRY_DELAYS_MS,
      parallel: constants.UPLOAD_MAX_PARALLEL,
      files: [constants.UPLOAD_DEFAULT_MAX_FILES, constants.UPLOAD_UNLIMITED_MAX_FILES],
      preview: [
        constants.UPLOAD_PREVIEW_MIN_HEIGHT_PX,
        constants.UPLOAD_PREVIEW_MAX_HEIGHT_PX,
        constants.UPLOAD_PREVIEW_ZOOM_FACTOR,
        constants.UPLOAD_INSTANT_PREVIEW_MAX_BYTES,
      ],
      base: constants.FILE_SIZE_BASE,
      timings: [
        constants.UPLOAD_RESIZE_DEBOUNCE_MS,
        constants.UPLOAD_BROWSE_DELAY_MS,
        constants.UPLOAD_A11Y_NOTICE_CLEAR_MS,
        constants.UPLOAD_A11Y_ADDED_NOTICE_MS,
        constants.UPLOAD_PROGRESS_FADE_MS,
      ],
      drag: constants.UPLOAD_DRAG_THRESHOLD_PX,
    }).toEqual({
      chunk: 5_000_000,
      retries: [500, 1000, 3000],
      parallel: 2,
      files: [1, 1_000_000],
      preview: [44, 256, 2, 1_000_000],
      base: 1000,
      timings: [250, 250, 1500, 750, 500],
      drag: 4,
    });
  });

  it('media and chat', () => {
    expect([
      constants.AUDIO_LISTEN_INTERVAL_MS,
      constants.IMAGE_ZOOM_SWIPE_CLOSE_PX,
      constants.MEDIA_PROGRESS_INTERVAL_MS,
      constants.MEDIA_PENDING_SEEK_EXPIRY_MS,
      constants.MEDIA_PLAY_BUTTON_PX,
    ]).toEqual([10_000, 10, 1000, 5000, 64]);
    expect([
      constants.CHAT_COMPACT_CAPTION_LINES,
      constants.CHAT_COMPACT_TEXT_CAPTION_LINES,
      constants.CHAT_MOBILE_IMAGE_THUMBNAIL_PX,
      constants.CHAT_MOBILE_VIDEO_THUMBNAIL_PX,
      constants.CHAT_FILENAME_MAX_WIDTH_PX,
      constants.CHAT_MAX_ATTACHMENTS,
    ]).toEqual([2, 3, 70, 120, 250, 10]);
  });
});
