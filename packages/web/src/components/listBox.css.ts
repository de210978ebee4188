/** A select's list of choices in its popover (react-aria Select): the popover, the list, an option. */
import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../theme/contract.css.ts';

export const listPopover = style({
  minWidth: 'var(--trigger-width)',
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  boxShadow: vars.shadow.raised,
  overflow: 'auto',
});

export const listBox = style({ outline: 'none', padding: tokens.space.xs });

export const listOption = style({
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  borderRadius: tokens.radius.sm,
  cursor: 'pointer',
  outline: 'none',
  color: vars.color.text,
  selectors: {
    '&[data-focused]': { background: vars.color.selected },
    '&[data-selected]': { fontWeight: 600, color: vars.color.primary },
  },
});
