/**
 * Layout rules of a chat message (SPEC.md section 3): caption clamps in compact mode, thumbnail
 * widths on mobile, and the filename cap.
 */
import {
  CHAT_COMPACT_CAPTION_LINES,
  CHAT_COMPACT_TEXT_CAPTION_LINES,
  CHAT_FILENAME_MAX_WIDTH_PX,
  CHAT_MOBILE_IMAGE_THUMBNAIL_PX,
  CHAT_MOBILE_VIDEO_THUMBNAIL_PX,
} from '../constants.ts';
import { messageKind } from './messageKind.ts';

/** Lines a caption is clamped to: compact mode 2 (3 for text); `null` (no clamp) otherwise. */
export function captionLineClamp(type: string, compact: boolean): number | null {
  if (!compact) return null;
  return messageKind(type) === 'text' ? CHAT_COMPACT_TEXT_CAPTION_LINES : CHAT_COMPACT_CAPTION_LINES;
}

/** Thumbnail width on mobile: 70 px for images, 120 px for video; `null` (natural width) otherwise. */
export function thumbnailWidth(type: string, mobile: boolean): number | null {
  if (!mobile) return null;
  const kind = messageKind(type);
  if (kind === 'image') return CHAT_MOBILE_IMAGE_THUMBNAIL_PX;
  if (kind === 'video') return CHAT_MOBILE_VIDEO_THUMBNAIL_PX;
  return null;
}

/** The width at which an attachment's filename is truncated. */
export const filenameMaxWidth = CHAT_FILENAME_MAX_WIDTH_PX;
