import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { tokens, vars } from '../theme/contract.css.ts';
import { recordColor } from '../crm/crm.css.ts';

/** The columns side by side; the board scrolls sideways, each column down. */
export const board = style({
  display: 'flex',
  alignItems: 'stretch',
  gap: tokens.space.md,
  overflowX: 'auto',
  minHeight: 320,
  paddingBottom: tokens.space.md,
  // The sideways scroll shows: a visible scrollbar, and columns that snap into place.
  scrollbarWidth: 'auto',
  scrollbarColor: `${vars.color.textMuted} ${vars.color.background}`,
  scrollSnapType: 'x proximity',
});

/** Five columns of 232 px fit beside the sidebar at 1366 px; more scroll sideways. */
export const column = style({
  flex: '0 0 232px',
  scrollSnapAlign: 'start',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  borderTop: `4px solid ${recordColor}`,
  borderRadius: tokens.radius.md,
});

export const columnHead = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  padding: `${tokens.space.sm} ${tokens.space.md}`,
});

export const columnName = style({
  margin: 0,
  fontSize: tokens.font.size.md,
  fontWeight: 700,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  marginRight: 'auto',
});

export const total = style({
  flexShrink: 0,
  borderRadius: tokens.radius.full,
  padding: `0 ${tokens.space.sm}`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  fontSize: tokens.font.size.sm,
  color: vars.color.textMuted,
});

export const cards = style({
  flex: 1,
  minHeight: 80,
  maxHeight: '60vh',
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.sm,
  padding: tokens.space.sm,
  outline: 'none',
  borderRadius: tokens.radius.md,
  selectors: {
    '&[data-drop-target]': {
      background: vars.color.selected,
      boxShadow: `inset 0 0 0 2px ${vars.color.primary}`,
    },
    '&[data-focus-visible]': { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` },
  },
});

export const empty = style({
  margin: 0,
  padding: tokens.space.md,
  color: vars.color.textMuted,
  fontSize: tokens.font.size.sm,
  textAlign: 'center',
});

export const more = style({
  margin: 0,
  padding: `0 ${tokens.space.md} ${tokens.space.sm}`,
  color: vars.color.textMuted,
  fontSize: tokens.font.size.sm,
});

export const card = recipe({
  base: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.space.sm,
    padding: tokens.space.sm,
    background: vars.color.surface,
    color: vars.color.text,
    border: `1px solid ${vars.color.border}`,
    borderRadius: tokens.radius.md,
    boxShadow: vars.shadow.raised,
    cursor: 'pointer',
    outline: 'none',
    selectors: {
      '&[data-hovered]': { borderColor: vars.color.primary },
      '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 1 },
      '&[data-dragging]': { opacity: 0.5 },
      '&[data-drop-target]': { borderColor: vars.color.primary },
    },
  },
  variants: { pending: { true: { opacity: 0.7 }, false: {} } },
  defaultVariants: { pending: false },
});

export const cardBody = style({ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0, flex: 1 });

export const cardName = style({
  fontWeight: 600,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const cardMeta = style({
  fontSize: tokens.font.size.sm,
  color: vars.color.textMuted,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const handle = style({
  flexShrink: 0,
  border: 'none',
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'grab',
  padding: `0 2px`,
  font: 'inherit',
  lineHeight: 1.4,
  borderRadius: tokens.radius.sm,
  selectors: { '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}` } },
});

export const moveButton = style({
  flexShrink: 0,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: tokens.radius.sm,
  padding: `0 ${tokens.space.xs}`,
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { borderColor: vars.color.primary },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 1 },
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
  },
});

export const menu = style({
  outline: 'none',
  padding: tokens.space.xs,
  minWidth: 180,
  maxHeight: 320,
  overflowY: 'auto',
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  boxShadow: vars.shadow.raised,
});

export const menuItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  borderRadius: tokens.radius.sm,
  cursor: 'pointer',
  outline: 'none',
  color: vars.color.text,
  selectors: { '&[data-focused]': { background: vars.color.selected } },
});

export const dropIndicator = style({
  selectors: { '&[data-drop-target]': { outline: `1px solid ${vars.color.primary}` } },
});
