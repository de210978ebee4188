import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../theme/contract.css.ts';
import { narrow } from '../theme/media.ts';

export const shortcut = style({
  fontFamily: 'ui-monospace, Menlo, Consolas, monospace',
  fontWeight: 600,
  whiteSpace: 'nowrap',
});

/**
 * The text column: one line, cut with an ellipsis (the full text is its title). On a phone's card
 * (a grid, not a table) no wider than its cell, which is narrower than 360 px; in the table a
 * percentage would make the column as wide as the whole text.
 */
export const text = style({
  display: 'block',
  maxWidth: 360,
  '@media': { [narrow]: { maxWidth: '100%' } },
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const fileName = style({
  display: 'block',
  maxWidth: 200,
  '@media': { [narrow]: { maxWidth: '100%' } },
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const textarea = style({
  flex: 1,
  minWidth: 0,
  minHeight: 120,
  resize: 'vertical',
  border: 'none',
  outline: 'none',
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  padding: `${tokens.space.sm} ${tokens.space.md}`,
});

/** The chosen file and its buttons. */
export const media = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.sm });

export const mediaRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  flexWrap: 'wrap',
});

export const mediaChip = style({
  flex: 1,
  minWidth: 0,
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  padding: `${tokens.space.xs} ${tokens.space.sm}`,
  borderRadius: tokens.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  fontSize: tokens.font.size.sm,
});
