import { createVar, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { tokens, vars } from '../theme/contract.css.ts';

/** A label's own colour and the text that reads on it, set per element (they are data). */
export const labelColor = createVar();
export const labelText = createVar();

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.lg,
  padding: `${tokens.space.lg} ${tokens.space.xl}`,
  '@media': { 'screen and (max-width: 767px)': { padding: tokens.space.md } },
});

export const head = style({ display: 'flex', alignItems: 'center', gap: tokens.space.md, flexWrap: 'wrap' });

export const title = style({ margin: 0, fontSize: tokens.font.size.xl, marginRight: 'auto' });

export const state = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: tokens.space.md,
});

export const muted = style({ margin: 0, color: vars.color.textMuted });

export const search = style({
  width: 'min(360px, 100%)',
  boxSizing: 'border-box',
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  background: vars.color.background,
  color: vars.color.text,
  font: 'inherit',
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  outline: 'none',
  selectors: { '&:focus': { borderColor: vars.color.focus, boxShadow: `0 0 0 1px ${vars.color.focus}` } },
});

export const nameCell = style({ display: 'flex', alignItems: 'center', gap: tokens.space.sm, minWidth: 0 });

export const swatch = style({
  width: 14,
  height: 14,
  flexShrink: 0,
  borderRadius: tokens.radius.full,
  background: labelColor,
  boxShadow: `inset 0 0 0 1px rgba(0, 0, 0, 0.15)`,
});

export const rowActions = style({ display: 'flex', gap: tokens.space.xs, justifyContent: 'flex-end' });

/** A label as a coloured pill (the table's preview, the chat's chips). */
export const chip = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.space.xs,
    maxWidth: '100%',
    borderRadius: tokens.radius.full,
    padding: `2px ${tokens.space.sm}`,
    fontSize: tokens.font.size.sm,
    fontWeight: 600,
    background: labelColor,
    color: labelText,
  },
  variants: { removable: { true: { paddingRight: 2 }, false: {} } },
  defaultVariants: { removable: false },
});

export const chipName = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const chipRemove = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 20,
  height: 20,
  border: 'none',
  borderRadius: tokens.radius.full,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  lineHeight: 1,
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { background: 'rgba(0, 0, 0, 0.15)' },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 1 },
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
  },
});

export const colorGroup = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.sm });

export const palette = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space.sm });

export const paletteSwatch = style({
  width: 28,
  height: 28,
  borderRadius: tokens.radius.full,
  background: labelColor,
  cursor: 'pointer',
  boxShadow: `inset 0 0 0 1px rgba(0, 0, 0, 0.15)`,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: labelText,
  fontSize: tokens.font.size.sm,
  selectors: {
    '&[data-selected]': { outline: `2px solid ${vars.color.text}`, outlineOffset: 2 },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 },
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

export const hexRow = style({ display: 'flex', alignItems: 'flex-end', gap: tokens.space.md });

export const hexField = style({ flex: 1, minWidth: 0 });

export const preview = style({ display: 'flex', alignItems: 'center', gap: tokens.space.sm, minHeight: 32 });
