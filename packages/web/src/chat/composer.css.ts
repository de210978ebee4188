import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { tokens, vars } from '../theme/contract.css.ts';
import { narrow } from '../theme/media.ts';

export const composer = style({
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  padding: tokens.space.sm,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.sm,
});

export const row = style({ display: 'flex', alignItems: 'flex-end', gap: tokens.space.xs });

export const field = style({ flex: 1, minWidth: 0, display: 'flex' });

export const textarea = style({
  flex: 1,
  minWidth: 0,
  resize: 'none',
  minHeight: 40,
  maxHeight: 160,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  background: vars.color.background,
  color: vars.color.text,
  font: 'inherit',
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  outline: 'none',
  selectors: {
    '&:focus': { borderColor: vars.color.focus, boxShadow: `0 0 0 1px ${vars.color.focus}` },
    '&[disabled]': { opacity: 0.6, cursor: 'not-allowed' },
  },
});

export const chip = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  padding: `${tokens.space.xs} ${tokens.space.sm}`,
  borderRadius: tokens.radius.md,
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  fontSize: tokens.font.size.sm,
});

export const chipText = style({
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const closed = style({
  margin: 0,
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  borderRadius: tokens.radius.md,
  background: vars.color.warningSurface,
  color: vars.color.warning,
  fontSize: tokens.font.size.sm,
});

/** The countdown of the open window, and the way to a template beside it. */
export const windowRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: tokens.space.sm,
  minHeight: 28,
});

/** The open window's countdown: quiet, amber in its last hour. */
export const windowLeft = recipe({
  base: { margin: 0, fontSize: tokens.font.size.sm, paddingLeft: tokens.space.xs, marginRight: 'auto' },
  variants: {
    soon: { true: { color: vars.color.warning, fontWeight: 600 }, false: { color: vars.color.textMuted } },
  },
});

/** The closed window's way on: the template picker. */
export const templateRow = style({ display: 'flex', justifyContent: 'flex-start', gap: tokens.space.sm });

/** The Shift+Enter hint: for keyboards only, so not on touch screens or narrow ones. */
export const hint = style({
  fontSize: 11,
  color: vars.color.textMuted,
  paddingLeft: tokens.space.xs,
  '@media': { [`screen and (hover: none), ${narrow}`]: { display: 'none' } },
});

/** The attachment tray: its bar, the upload field and a caption per file. */
export const tray = recipe({
  base: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.space.xs,
    maxHeight: '45vh',
    overflowY: 'auto',
  },
  variants: {
    filled: {
      true: {
        padding: tokens.space.sm,
        borderRadius: tokens.radius.md,
        border: `1px solid ${vars.color.border}`,
        background: vars.color.background,
      },
      false: {},
    },
  },
});

export const trayBar = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  fontSize: tokens.font.size.sm,
});

export const trayTitle = style({ fontWeight: 600 });

export const trayNote = style({ flex: 1, minWidth: 0, color: vars.color.textMuted });

export const captionField = style({ display: 'flex', flex: 1, minWidth: 0 });

/** A gallery image's thumbnail and its caption field (AttachmentTray). */
export const captionRow = style({ display: 'flex', alignItems: 'center', gap: tokens.space.sm });

export const trayThumb = style({
  width: 40,
  height: 40,
  flex: 'none',
  objectFit: 'cover',
  borderRadius: tokens.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const captionInput = style({
  flex: 1,
  minWidth: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: tokens.font.size.sm,
  padding: `${tokens.space.xs} ${tokens.space.sm}`,
  outline: 'none',
  selectors: {
    '&:focus': { borderColor: vars.color.focus },
    '&[disabled]': { opacity: 0.6 },
  },
});

/** Files dragged over the thread: where they will go. */
export const dropOverlay = style({
  position: 'absolute',
  inset: tokens.space.sm,
  zIndex: 5,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: tokens.radius.lg,
  border: `2px dashed ${vars.color.primary}`,
  background: vars.color.surface,
  color: vars.color.primary,
  fontWeight: 600,
  opacity: 0.92,
  pointerEvents: 'none',
});
