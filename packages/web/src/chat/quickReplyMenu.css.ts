import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { tokens, vars } from '../theme/contract.css.ts';

/** A zero-height anchor above the text row: the menu opens upwards from it, over the thread. */
export const anchor = style({ position: 'relative', height: 0 });

export const popover = style({
  position: 'absolute',
  left: 0,
  right: 0,
  bottom: tokens.space.xs,
  zIndex: 20,
  maxHeight: 280,
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  boxShadow: vars.shadow.raised,
});

export const list = style({ listStyle: 'none', margin: 0, padding: tokens.space.xs });

export const option = recipe({
  base: {
    display: 'flex',
    flexDirection: 'column',
    gap: 2,
    padding: `${tokens.space.xs} ${tokens.space.sm}`,
    borderRadius: tokens.radius.sm,
    cursor: 'pointer',
  },
  variants: {
    active: {
      true: { background: vars.color.selected, outline: `1px solid ${vars.color.focus}` },
      false: {},
    },
  },
});

export const shortcut = style({ fontWeight: 600, fontSize: tokens.font.size.sm });

export const text = style({
  fontSize: tokens.font.size.sm,
  color: vars.color.textMuted,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const note = style({
  margin: 0,
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  fontSize: tokens.font.size.sm,
  color: vars.color.textMuted,
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
});

export const hint = style({
  padding: `${tokens.space.xs} ${tokens.space.md}`,
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: 11,
  color: vars.color.textMuted,
});
