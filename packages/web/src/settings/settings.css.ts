/** The project settings screen: sections, the weekly hours grid, the danger zone. */
import { style } from '@vanilla-extract/css';
import { listPopover } from '../components/listBox.css.ts';
import { tokens, vars } from '../theme/contract.css.ts';
import { narrow } from '../theme/media.ts';

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.xl,
  maxWidth: '760px',
});

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  padding: tokens.space.lg,
});

export const sectionTitle = style({ margin: 0, fontSize: tokens.font.size.lg });

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: tokens.font.size.sm });

export const day = style({
  display: 'grid',
  gridTemplateColumns: '110px 90px minmax(0, 1fr) minmax(0, 1fr)',
  alignItems: 'end',
  gap: tokens.space.md,
  '@media': { [narrow]: { gridTemplateColumns: '1fr 1fr' } },
});

export const dayName = style({ fontWeight: 600, alignSelf: 'center' });

export const dayError = style({
  gridColumn: '1 / -1',
  color: vars.color.danger,
  fontSize: tokens.font.size.sm,
  margin: 0,
});

export const checkbox = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: tokens.space.xs,
  cursor: 'pointer',
  alignSelf: 'center',
  selectors: {
    '&[data-disabled]': { opacity: 0.5 },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const box = style({
  width: '16px',
  height: '16px',
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

/** The time zone combo box's open button, inside the field's border (`field.inputRow`). */
export const comboButton = style({
  flex: '0 0 auto',
  border: 'none',
  background: 'transparent',
  color: vars.color.textMuted,
  font: 'inherit',
  padding: `0 ${tokens.space.md}`,
  cursor: 'pointer',
  selectors: {
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 },
    '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
  },
});

export const popover = style([listPopover, { maxHeight: 300, minWidth: 'var(--trigger-width)' }]);

export const actions = style({ display: 'flex', gap: tokens.space.sm, alignItems: 'center' });

export const danger = style([section, { borderColor: vars.color.danger }]);
