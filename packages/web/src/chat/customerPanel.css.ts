import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { tokens, vars } from '../theme/contract.css.ts';

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.lg,
  padding: tokens.space.lg,
  overflowY: 'auto',
  minHeight: 0,
  height: '100%',
});

export const heading = style({ margin: 0, fontSize: tokens.font.size.md });

export const identity = style({ display: 'flex', alignItems: 'center', gap: tokens.space.md });

export const avatar = style({
  width: 48,
  height: 48,
  borderRadius: tokens.radius.full,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: vars.color.selected,
  color: vars.color.primary,
  fontWeight: 700,
  flexShrink: 0,
});

export const name = style({ margin: 0, fontSize: tokens.font.size.lg, overflowWrap: 'anywhere' });

export const facts = style({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: tokens.space.sm,
});

export const fact = style({ display: 'flex', flexDirection: 'column', gap: 2 });

export const term = style({ fontSize: tokens.font.size.sm, color: vars.color.textMuted });

export const value = style({ margin: 0, overflowWrap: 'anywhere' });

export const windowBadge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.space.xs,
    borderRadius: tokens.radius.full,
    padding: `2px ${tokens.space.sm}`,
    fontSize: tokens.font.size.sm,
    width: 'fit-content',
  },
  variants: {
    open: {
      true: { background: vars.color.successSurface, color: vars.color.success },
      false: { background: vars.color.warningSurface, color: vars.color.warning },
    },
  },
});

export const renameForm = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.sm });

export const renameActions = style({ display: 'flex', gap: tokens.space.sm });

export const error = style({ margin: 0, color: vars.color.danger, fontSize: tokens.font.size.sm });

export const select = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.xs });

export const selectButton = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.sm,
  width: '100%',
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  cursor: 'pointer',
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
    '&[data-disabled]': { opacity: 0.6, cursor: 'not-allowed' },
  },
});

/** The choices of the panel's selects (OptionSelect). */
export { listBox, listOption as option, listPopover as popover } from '../components/listBox.css.ts';
