import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../theme/contract.css.ts';

export const section = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.sm });

export const head = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.sm,
});

export const title = style({
  margin: 0,
  fontSize: tokens.font.size.sm,
  color: vars.color.textMuted,
  fontWeight: 400,
});

export const chips = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.xs,
});

export const chipItem = style({ display: 'flex', maxWidth: '100%' });

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: tokens.font.size.sm });

export const error = style({ margin: 0, color: vars.color.danger, fontSize: tokens.font.size.sm });

export const row = style({ display: 'flex', alignItems: 'center', gap: tokens.space.sm, flexWrap: 'wrap' });

export const popover = style({
  width: 260,
  maxHeight: 360,
  display: 'flex',
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  boxShadow: vars.shadow.raised,
  overflow: 'hidden',
});

export const picker = style({
  outline: 'none',
  flex: 1,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.sm,
  padding: tokens.space.sm,
});

export const search = style({
  width: '100%',
  boxSizing: 'border-box',
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  background: vars.color.background,
  color: vars.color.text,
  font: 'inherit',
  padding: `${tokens.space.xs} ${tokens.space.sm}`,
  outline: 'none',
  selectors: { '&:focus': { borderColor: vars.color.focus, boxShadow: `0 0 0 1px ${vars.color.focus}` } },
});

export const options = style({ outline: 'none', overflowY: 'auto', maxHeight: 260 });

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  padding: `${tokens.space.xs} ${tokens.space.sm}`,
  borderRadius: tokens.radius.sm,
  cursor: 'pointer',
  outline: 'none',
  color: vars.color.text,
  selectors: {
    '&[data-focused], &[data-hovered]': { background: vars.color.selected },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 },
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
  },
});

export const empty = style({
  padding: tokens.space.sm,
  color: vars.color.textMuted,
  fontSize: tokens.font.size.sm,
});
