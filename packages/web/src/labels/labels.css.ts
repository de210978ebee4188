import { createVar, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { tokens, vars } from '../theme/contract.css.ts';

/** A label's own colour and the text that reads on it, set per element (they are data). */
export const labelColor = createVar();
export const labelText = createVar();

export const nameCell = style({ display: 'flex', alignItems: 'center', gap: tokens.space.sm, minWidth: 0 });

export const swatch = style({
  width: 14,
  height: 14,
  flexShrink: 0,
  borderRadius: tokens.radius.full,
  background: labelColor,
  boxShadow: `inset 0 0 0 1px rgba(0, 0, 0, 0.15)`,
});

/** A label as a coloured pill (the table's preview, the chat's chips). */
export const chip = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.space.xs,
    maxWidth: '100%',
    borderRadius: tokens.radius.full,
    padding: `2px ${tokens.space.sm}`,
    fontSize: tokens.font.size.sm,
    fontWeight: 600,
    background: labelColor,
    color: labelText,
  },
  variants: { removable: { true: { paddingRight: 2 }, false: {} } },
  defaultVariants: { removable: false },
});

export const chipName = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const chipRemove = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 20,
  height: 20,
  border: 'none',
  borderRadius: tokens.radius.full,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  lineHeight: 1,
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { background: 'rgba(0, 0, 0, 0.15)' },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 1 },
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
  },
});
