/** A menu in a popover (react-aria Menu): the popover, the menu, an item, a separator. */
import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../theme/contract.css.ts';

export const popover = style({
  minWidth: 200,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  boxShadow: vars.shadow.raised,
  overflow: 'auto',
  outline: 'none',
});

export const menu = style({
  outline: 'none',
  padding: tokens.space.xs,
  display: 'flex',
  flexDirection: 'column',
});

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  borderRadius: tokens.radius.sm,
  color: vars.color.text,
  textDecoration: 'none',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focused]': { background: vars.color.selected },
    '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
  },
});

export const danger = style({ color: vars.color.danger });

export const header = style({
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  fontSize: tokens.font.size.sm,
  color: vars.color.textMuted,
});

export const separator = style({ height: 1, margin: `${tokens.space.xs} 0`, background: vars.color.border });
