/** Tabs (react-aria Tabs): the strip of tabs, one tab, the panel under it. */
import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../theme/contract.css.ts';

export const tabs = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.md,
  selectors: { '&[data-orientation="vertical"]': { flexDirection: 'row' } },
});

export const tabList = style({
  display: 'flex',
  gap: tokens.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
  overflowX: 'auto',
  selectors: {
    '&[data-orientation="vertical"]': {
      flexDirection: 'column',
      borderBottom: 'none',
      borderRight: `1px solid ${vars.color.border}`,
    },
  },
});

export const tab = style({
  padding: `${tokens.space.sm} ${tokens.space.lg}`,
  marginBottom: '-1px',
  borderBottom: '2px solid transparent',
  color: vars.color.textMuted,
  fontWeight: 600,
  fontSize: tokens.font.size.md,
  cursor: 'pointer',
  outline: 'none',
  whiteSpace: 'nowrap',
  transition: 'color 120ms, border-color 120ms',
  selectors: {
    '&[data-hovered]': { color: vars.color.text },
    '&[data-selected]': { color: vars.color.primary, borderBottomColor: vars.color.primary },
    '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
  },
});

export const tabPanel = style({
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
