import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../theme/contract.css.ts';
import { listOption, listPopover } from './listBox.css.ts';

export const picker = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.xs, minWidth: 0 });

export const button = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.sm,
  width: '100%',
  boxSizing: 'border-box',
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontVariantNumeric: 'tabular-nums',
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  cursor: 'pointer',
  textAlign: 'left',
  selectors: {
    '&[data-focus-visible]': { borderColor: vars.color.focus, boxShadow: `0 0 0 1px ${vars.color.focus}` },
    '[data-invalid] &': { borderColor: vars.color.danger },
    '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
  },
});

export const value = style({
  selectors: { '&[data-placeholder]': { color: vars.color.textMuted } },
});

export const popover = style([listPopover, { maxHeight: 280 }]);

export { listBox } from './listBox.css.ts';

export const option = style([
  listOption,
  { padding: `${tokens.space.xs} ${tokens.space.md}`, fontVariantNumeric: 'tabular-nums' },
]);
