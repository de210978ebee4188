/** A customer's last stage moves (the section around them: crm/choice.css.ts). */
import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../theme/contract.css.ts';

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
