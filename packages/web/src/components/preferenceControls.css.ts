import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../theme/contract.css.ts';

export const controls = style({ display: 'flex', alignItems: 'center', gap: tokens.space.sm });

export const group = style({ display: 'inline-flex', gap: 2 });

export const toggle = style({
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: tokens.radius.sm,
  padding: `${tokens.space.xs} ${tokens.space.sm}`,
  font: 'inherit',
  fontSize: tokens.font.size.sm,
  cursor: 'pointer',
  selectors: {
    '&[data-selected]': {
      background: vars.color.primary,
      color: vars.color.primaryText,
      borderColor: vars.color.primary,
    },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
