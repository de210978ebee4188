import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../theme/contract.css.ts';

export const tabs = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.lg });

export const tabList = style({
  display: 'flex',
  gap: tokens.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const tab = style({
  padding: `${tokens.space.sm} ${tokens.space.lg}`,
  cursor: 'pointer',
  color: vars.color.textMuted,
  fontWeight: 600,
  outline: 'none',
  borderBottom: '2px solid transparent',
  marginBottom: -1,
  selectors: {
    '&[data-selected]': { color: vars.color.primary, borderBottomColor: vars.color.primary },
    '&[data-hovered]:not([data-selected])': { color: vars.color.text },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 },
  },
});

export const tabPanel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.md,
  outline: 'none',
  selectors: { '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}` } },
});

/** A row's place on the board and its ↑ ↓ buttons. */
export const moveCell = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.xs,
  flexWrap: 'wrap',
});
