/** The customer's labels as chips (the section and the picker: crm/choice.css.ts). */
import { style } from '@vanilla-extract/css';
import { tokens } from '../theme/contract.css.ts';

export const chips = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.xs,
});

export const chipItem = style({ display: 'flex', maxWidth: '100%' });
