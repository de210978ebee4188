/** The settings page's "Opt-out broadcast" section: the words as chips, adding one, the answer. */
import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../theme/contract.css.ts';
import { checkbox } from './settings.css.ts';

export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.xs,
  margin: 0,
  padding: 0,
});

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 2,
  listStyle: 'none',
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.full,
  paddingLeft: tokens.space.sm,
  fontSize: tokens.font.size.sm,
  fontWeight: 600,
  background: vars.color.surface,
});

export const chipRemove = style({
  border: 'none',
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  width: 28,
  height: 28,
  borderRadius: tokens.radius.full,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  selectors: {
    '&[data-hovered]': { color: vars.color.danger },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 },
    '&[data-disabled]': { opacity: 0.4, cursor: 'default' },
  },
});

/** The new word's field and its button, side by side (stacked on a phone). */
export const addRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignItems: 'start',
  gap: tokens.space.sm,
  '@media': { 'screen and (max-width: 479px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

/** The button lines up with the field's input, below its label (under the field on a phone). */
export const addButton = style({
  marginTop: 22,
  '@media': { 'screen and (max-width: 479px)': { marginTop: 0 } },
});

/** The answer's switch, at the start of its line (the weekly grid centres its own). */
export const replySwitch = style([checkbox, { alignSelf: 'flex-start' }]);

export const textArea = style({
  flex: 1,
  minWidth: 0,
  minHeight: 88,
  resize: 'vertical',
  border: 'none',
  outline: 'none',
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  padding: `${tokens.space.sm} ${tokens.space.md}`,
});

export const error = style({ margin: 0, color: vars.color.danger, fontSize: tokens.font.size.sm });
