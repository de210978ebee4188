import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../theme/contract.css.ts';

export const section = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.sm });

export const heading = style({
  margin: 0,
  fontSize: tokens.font.size.sm,
  color: vars.color.textMuted,
  fontWeight: 400,
});

export const row = style({ display: 'flex', alignItems: 'center', gap: tokens.space.sm, flexWrap: 'wrap' });

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: tokens.font.size.sm });

export const error = style({ margin: 0, color: vars.color.danger, fontSize: tokens.font.size.sm });

export const history = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.xs,
});

export const move = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  paddingLeft: tokens.space.sm,
  borderLeft: `2px solid ${vars.color.border}`,
  fontSize: tokens.font.size.sm,
});

export const moveMeta = style({ color: vars.color.textMuted });
