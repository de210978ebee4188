import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../theme/contract.css.ts';

export const thread = style({
  position: 'relative',
  flex: 1,
  minHeight: 0,
  display: 'flex',
  flexDirection: 'column',
});

export const scroller = style({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  overflowAnchor: 'none',
  // Its size comes from the pane, never from its rows: rows measured and moved while it scrolls
  // lay out and paint inside it alone, not the whole page (bench/README.md, inboxBrowser).
  contain: 'strict',
  background: vars.color.background,
  outline: 'none',
  selectors: { '&:focus-visible': { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` } },
});

export const inner = style({ position: 'relative', width: '100%' });

export const item = style({ position: 'absolute', top: 0, left: 0, width: '100%' });

/** Above the rows, outside the scroller (so it never shifts them): older pages loading, the start. */
export const top = style({
  position: 'absolute',
  top: tokens.space.sm,
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: 2,
  display: 'flex',
  justifyContent: 'center',
  fontSize: tokens.font.size.sm,
  color: vars.color.textMuted,
});

export const state = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: tokens.space.md,
  padding: tokens.space.xl,
  color: vars.color.textMuted,
  textAlign: 'center',
});

export const jump = style({
  position: 'absolute',
  bottom: tokens.space.lg,
  left: '50%',
  transform: 'translateX(-50%)',
  boxShadow: vars.shadow.raised,
  zIndex: 2,
});
