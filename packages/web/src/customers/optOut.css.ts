/** A customer's opt-out of broadcasts: its badge, its status line and the change's controls. */
import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { tokens, vars } from '../theme/contract.css.ts';

export const section = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.sm });

export const title = style({
  margin: 0,
  fontSize: tokens.font.size.sm,
  color: vars.color.textMuted,
  fontWeight: 600,
});

/** "Berhenti" (opted out: a warning) or "Menerima" (quiet). */
export const badge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    borderRadius: tokens.radius.full,
    padding: `2px ${tokens.space.sm}`,
    fontSize: tokens.font.size.sm,
    width: 'fit-content',
    whiteSpace: 'nowrap',
  },
  variants: {
    optedOut: {
      true: { background: vars.color.warningSurface, color: vars.color.warning, fontWeight: 600 },
      false: { color: vars.color.textMuted },
    },
  },
});

export const since = style({ margin: 0, fontSize: tokens.font.size.sm, color: vars.color.textMuted });

export const actions = style({ display: 'flex', gap: tokens.space.sm, flexWrap: 'wrap' });

export const body = style({ margin: 0, color: vars.color.textMuted });

export const error = style({ margin: 0, color: vars.color.danger, fontSize: tokens.font.size.sm });

/** The form's "Berhenti dari broadcast" tick box. */
export const checkbox = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  cursor: 'pointer',
  width: 'fit-content',
  selectors: {
    '&[data-disabled]': { opacity: 0.5, cursor: 'default' },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const box = style({
  width: '18px',
  height: '18px',
  boxSizing: 'border-box',
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.sm,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontSize: '12px',
  color: vars.color.primaryText,
  selectors: {
    [`${checkbox}[data-selected] &`]: { background: vars.color.primary, borderColor: vars.color.primary },
  },
});
