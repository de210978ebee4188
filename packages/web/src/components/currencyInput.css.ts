import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../theme/contract.css.ts';

/** "Rp" before the amount, inside the field's border. */
export const prefix = style({
  display: 'flex',
  alignItems: 'center',
  paddingLeft: tokens.space.md,
  color: vars.color.textMuted,
  userSelect: 'none',
});

export const input = style({
  flex: 1,
  minWidth: 0,
  border: 'none',
  outline: 'none',
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  fontVariantNumeric: 'tabular-nums',
  textAlign: 'right',
  padding: `${tokens.space.sm} ${tokens.space.md} ${tokens.space.sm} ${tokens.space.xs}`,
});
