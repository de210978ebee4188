/** The customer panel's pending follow-ups (CustomerFollowUps.tsx): a plain list of lines. */
import { style } from '@vanilla-extract/css';
import { tokens } from '../theme/contract.css.ts';

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.sm,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
