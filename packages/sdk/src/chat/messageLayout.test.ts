import { describe, expect, it } from 'vitest';
import { captionLineClamp, filenameMaxWidth, thumbnailWidth } from './messageLayout.ts';

describe('chat message layout', () => {
  it('clamps captions to 2 lines in compact mode, 3 for text, none otherwise', () => {
    expect(captionLineClamp('png', true)).toBe(2);
    expect(captionLineClamp('ogg', true)).toBe(2);
    expect(captionLineClamp('text', true)).toBe(3);
    expect(captionLineClamp('text', false)).toBeNull();
  });

  it('sizes mobile thumbnails 70 px for images and 120 px for video', () => {
    expect(thumbnailWidth('jpg', true)).toBe(70);
    expect(thumbnailWidth('webp', true)).toBe(70);
    expect(thumbnailWidth('mp4', true)).toBe(120);
    expect(thumbnailWidth('pdf', true)).toBeNull();
    expect(thumbnailWidth('jpg', false)).toBeNull();
  });

  it('caps filenames at 250 px', () => {
    expect(filenameMaxWidth).toBe(250);
  });
});
