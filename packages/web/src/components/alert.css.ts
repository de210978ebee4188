/** A dismissible message box in three tones. */
import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { tokens, vars } from '../theme/contract.css.ts';

export const alert = recipe({
  base: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.space.md,
    padding: `${tokens.space.md} ${tokens.space.lg}`,
    borderRadius: tokens.radius.md,
    border: '1px solid transparent',
    color: vars.color.text,
  },
  variants: {
    tone: {
      info: { background: vars.color.selected, borderColor: vars.color.primary },
      warning: { background: vars.color.warningSurface, borderColor: vars.color.warning },
      error: { background: vars.color.dangerSurface, borderColor: vars.color.danger },
    },
  },
  defaultVariants: { tone: 'info' },
});

export const body = style({ flex: 1, display: 'flex', flexDirection: 'column', gap: tokens.space.sm });

export const title = style({ margin: 0, fontWeight: 700 });

export const dismiss = style({
  flexShrink: 0,
  border: 'none',
  background: 'transparent',
  color: vars.color.textMuted,
  fontSize: tokens.font.size.lg,
  lineHeight: 1,
  cursor: 'pointer',
  padding: tokens.space.xs,
  borderRadius: tokens.radius.sm,
  selectors: {
    '&[data-hovered]': { color: vars.color.text },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}` },
  },
});
