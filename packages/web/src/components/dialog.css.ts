import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { tokens, vars } from '../theme/contract.css.ts';

export const dialog = {
  overlay: style({
    position: 'fixed',
    inset: 0,
    zIndex: 950,
    background: vars.color.overlay,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.space.lg,
  }),
  modal: recipe({
    base: {
      width: '100%',
      maxHeight: '90vh',
      overflow: 'auto',
      background: vars.color.surfaceRaised,
      color: vars.color.text,
      border: `1px solid ${vars.color.border}`,
      borderRadius: tokens.radius.lg,
      boxShadow: vars.shadow.raised,
    },
    variants: { size: { md: { maxWidth: 420 }, lg: { maxWidth: 560 }, xl: { maxWidth: 860 } } },
    defaultVariants: { size: 'md' },
  }),
  body: style({
    outline: 'none',
    padding: tokens.space.xl,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.space.lg,
  }),
  form: style({ display: 'flex', flexDirection: 'column', gap: tokens.space.lg }),
  title: style({ margin: 0, fontSize: tokens.font.size.lg }),
  actions: style({ display: 'flex', justifyContent: 'flex-end', gap: tokens.space.sm, flexWrap: 'wrap' }),
};
