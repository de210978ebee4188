import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { tokens, vars } from '../theme/contract.css.ts';

export const region = style({
  position: 'fixed',
  top: tokens.space.lg,
  right: tokens.space.lg,
  zIndex: 1000,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.sm,
  width: 'min(360px, calc(100vw - 32px))',
});

export const toast = recipe({
  base: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.space.sm,
    padding: `${tokens.space.md} ${tokens.space.lg}`,
    borderRadius: tokens.radius.md,
    background: vars.color.surfaceRaised,
    color: vars.color.text,
    boxShadow: vars.shadow.raised,
    borderLeft: '4px solid',
  },
  variants: {
    tone: {
      info: { borderLeftColor: vars.color.focus },
      success: { borderLeftColor: vars.color.success },
      error: { borderLeftColor: vars.color.danger },
    },
  },
});

export const message = style({ flex: 1 });
