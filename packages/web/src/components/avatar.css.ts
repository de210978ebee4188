/** A user's picture, or their initials on a tinted disc. */
import { recipe } from '@vanilla-extract/recipes';
import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../theme/contract.css.ts';

export const avatar = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    borderRadius: tokens.radius.full,
    overflow: 'hidden',
    background: vars.color.selected,
    color: vars.color.primary,
    fontWeight: 700,
    lineHeight: 1,
    userSelect: 'none',
  },
  variants: {
    size: {
      sm: { width: 28, height: 28, fontSize: 11 },
      md: { width: 36, height: 36, fontSize: tokens.font.size.sm },
      lg: { width: 72, height: 72, fontSize: tokens.font.size.xl },
    },
  },
  defaultVariants: { size: 'md' },
});

export const image = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' });
