import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../theme/contract.css.ts';

export const picker = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.xs, minWidth: 0 });

export const group = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.xs,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  background: vars.color.surface,
  padding: `0 ${tokens.space.xs} 0 ${tokens.space.md}`,
  selectors: {
    '&[data-focus-within]': { borderColor: vars.color.focus, boxShadow: `0 0 0 1px ${vars.color.focus}` },
    '&[data-invalid]': { borderColor: vars.color.danger },
    '&[data-disabled]': { opacity: 0.55 },
  },
});

export const input = style({
  display: 'flex',
  flex: 1,
  minWidth: 0,
  padding: `${tokens.space.sm} 0`,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text,
});

export const segment = style({
  padding: '0 1px',
  borderRadius: tokens.radius.sm,
  outline: 'none',
  selectors: {
    '&[data-placeholder]': { color: vars.color.textMuted },
    '&[data-type="literal"]': { color: vars.color.textMuted },
    '&[data-focused]': { background: vars.color.primary, color: vars.color.primaryText },
  },
});

export const iconButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 28,
  height: 28,
  flexShrink: 0,
  border: 'none',
  borderRadius: tokens.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { background: vars.color.background, color: vars.color.text },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' },
    '&[data-disabled]': { opacity: 0.4, cursor: 'not-allowed' },
  },
});

export const popover = style({
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  boxShadow: vars.shadow.raised,
  padding: tokens.space.md,
  color: vars.color.text,
});

export const dialog = style({ outline: 'none' });

export const calendarHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.sm,
  marginBottom: tokens.space.sm,
});

export const calendarHeading = style({ margin: 0, fontSize: tokens.font.size.md, fontWeight: 600 });

export const grid = style({ borderCollapse: 'collapse' });

export const weekday = style({
  fontSize: tokens.font.size.sm,
  fontWeight: 500,
  color: vars.color.textMuted,
  padding: tokens.space.xs,
});

export const cell = style({
  width: 34,
  height: 34,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  borderRadius: tokens.radius.full,
  cursor: 'pointer',
  outline: 'none',
  fontVariantNumeric: 'tabular-nums',
  selectors: {
    '&[data-outside-month]': { display: 'none' },
    '&[data-hovered]': { background: vars.color.background },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
    '&[data-today]': { fontWeight: 700, color: vars.color.primary },
    '&[data-selected]': { background: vars.color.primary, color: vars.color.primaryText },
    '&[data-unavailable], &[data-disabled]': {
      color: vars.color.textMuted,
      textDecoration: 'line-through',
      cursor: 'not-allowed',
    },
  },
});
