import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { tokens, vars } from '../theme/contract.css.ts';

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.space.sm,
    border: '1px solid transparent',
    borderRadius: tokens.radius.md,
    fontFamily: 'inherit',
    fontWeight: 600,
    cursor: 'pointer',
    transition: 'background 120ms, border-color 120ms',
    selectors: {
      '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
      '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
    },
  },
  variants: {
    tone: {
      primary: {
        background: vars.color.primary,
        color: vars.color.primaryText,
        selectors: { '&[data-hovered]:not([data-disabled])': { background: vars.color.primaryHover } },
      },
      secondary: {
        background: vars.color.surface,
        color: vars.color.text,
        borderColor: vars.color.border,
        selectors: { '&[data-hovered]:not([data-disabled])': { borderColor: vars.color.primary } },
      },
      ghost: {
        background: 'transparent',
        color: vars.color.text,
        selectors: { '&[data-hovered]:not([data-disabled])': { background: vars.color.background } },
      },
      link: { background: 'transparent', color: vars.color.primary, padding: 0, fontWeight: 500 },
    },
    size: {
      sm: { padding: `${tokens.space.xs} ${tokens.space.md}`, fontSize: tokens.font.size.sm },
      md: { padding: `${tokens.space.sm} ${tokens.space.lg}`, fontSize: tokens.font.size.md },
      lg: { padding: `${tokens.space.md} ${tokens.space.xl}`, fontSize: tokens.font.size.md, width: '100%' },
    },
  },
  defaultVariants: { tone: 'primary', size: 'md' },
});

export type ButtonVariants = RecipeVariants<typeof button>;
