import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../theme/contract.css.ts';

export const field = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.xs });

export const label = style({ fontSize: tokens.font.size.sm, fontWeight: 600, color: vars.color.text });

export const inputRow = style({
  display: 'flex',
  alignItems: 'stretch',
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  background: vars.color.surface,
  selectors: {
    '&:focus-within': { borderColor: vars.color.focus, boxShadow: `0 0 0 1px ${vars.color.focus}` },
    '[data-invalid] &': { borderColor: vars.color.danger },
  },
});

export const input = style({
  flex: 1,
  minWidth: 0,
  border: 'none',
  outline: 'none',
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  padding: `${tokens.space.sm} ${tokens.space.md}`,
});

export const otpInput = style([
  input,
  {
    letterSpacing: '0.5em',
    fontSize: tokens.font.size.xl,
    textAlign: 'center',
    fontVariantNumeric: 'tabular-nums',
  },
]);

export const error = style({ color: vars.color.danger, fontSize: tokens.font.size.sm });

export const description = style({ color: vars.color.textMuted, fontSize: tokens.font.size.sm });
