import { createVar, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import {
  CHAT_MOBILE_IMAGE_THUMBNAIL_PX,
  CHAT_MOBILE_VIDEO_THUMBNAIL_PX,
  MEDIA_PLAY_BUTTON_PX,
} from '@sapa/sdk';
import { tokens, vars } from '../theme/contract.css.ts';

/** An image or video in a message: natural up to 280 px, or the mobile thumbnail widths (SPEC.md section 3). */
export const frame = recipe({
  base: {
    position: 'relative',
    display: 'block',
    lineHeight: 0,
    borderRadius: tokens.radius.sm,
    overflow: 'hidden',
  },
  variants: {
    width: {
      natural: { maxWidth: 280, width: '100%' },
      mobileImage: { width: CHAT_MOBILE_IMAGE_THUMBNAIL_PX },
      mobileVideo: { width: CHAT_MOBILE_VIDEO_THUMBNAIL_PX },
    },
  },
  defaultVariants: { width: 'natural' },
});

export const thumbButton = style({
  display: 'block',
  width: '100%',
  padding: 0,
  border: 0,
  background: 'none',
  cursor: 'zoom-in',
  lineHeight: 0,
  selectors: { '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 } },
});

export const media = style({
  display: 'block',
  width: '100%',
  height: 'auto',
  background: vars.color.background,
});

// The image viewer.
export const zoomScale = createVar();
export const zoomOrigin = createVar();

export const viewerOverlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 960,
  background: 'rgba(0, 0, 0, 0.92)',
  display: 'flex',
  alignItems: 'stretch',
  justifyContent: 'stretch',
});

export const viewer = style({ flex: 1, display: 'flex', outline: 'none' });

export const viewerDialog = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  outline: 'none',
  color: '#fff',
});

export const viewerBar = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  padding: tokens.space.sm,
  background: 'rgba(0, 0, 0, 0.4)',
});

export const viewerTitle = style({
  flex: 1,
  minWidth: 0,
  margin: 0,
  fontSize: tokens.font.size.md,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const viewerButton = style({
  border: 0,
  background: 'none',
  color: '#fff',
  padding: tokens.space.xs,
  cursor: 'pointer',
  display: 'inline-flex',
  borderRadius: tokens.radius.sm,
  selectors: { '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}` } },
});

export const viewerLink = style({ color: '#fff', fontSize: tokens.font.size.sm });

export const stage = style({
  flex: 1,
  minHeight: 0,
  overflow: 'hidden',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  touchAction: 'none',
  userSelect: 'none',
});

export const viewerImage = recipe({
  base: {
    maxWidth: '100%',
    maxHeight: '100%',
    objectFit: 'contain',
    transform: `scale(${zoomScale})`,
    transformOrigin: zoomOrigin,
    transition: 'transform 150ms ease-out',
  },
  variants: { zoomed: { true: { cursor: 'zoom-out' }, false: { cursor: 'zoom-in' } } },
});

export const viewerHint = style({
  padding: tokens.space.sm,
  textAlign: 'center',
  fontSize: tokens.font.size.sm,
  opacity: 0.8,
});

// Audio and video players.
export const audio = style({ display: 'flex', flexDirection: 'column', gap: 2 });

export const audioElement = style({ width: 260, maxWidth: '100%' });

export const note = style({ fontSize: 11, color: vars.color.textMuted });

export const playButton = style({
  position: 'absolute',
  top: '50%',
  left: '50%',
  width: MEDIA_PLAY_BUTTON_PX,
  height: MEDIA_PLAY_BUTTON_PX,
  maxWidth: '80%',
  maxHeight: '80%',
  transform: 'translate(-50%, -50%)',
  borderRadius: tokens.radius.full,
  border: 0,
  background: 'rgba(0, 0, 0, 0.55)',
  color: '#fff',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  cursor: 'pointer',
  selectors: { '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 } },
});

export const controls = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.xs,
  fontSize: 11,
  color: vars.color.textMuted,
  lineHeight: 1.2,
  paddingTop: tokens.space.xs,
});

export const controlButton = style({
  border: 0,
  background: 'none',
  color: vars.color.text,
  padding: 2,
  cursor: 'pointer',
  display: 'inline-flex',
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, borderRadius: tokens.radius.sm },
  },
});

export const range = style({ flex: 1, minWidth: 40, accentColor: vars.color.primary });

export const time = style({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });
