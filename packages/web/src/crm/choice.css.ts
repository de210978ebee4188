/**
 * The styles of the widgets that choose things for one record (the chat's labels, stage and
 * division of a customer; a division's members): a section and its head, a line with a failure
 * and its button, and the searchable picker's popover (SearchPicker.tsx).
 */
import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../theme/contract.css.ts';
import * as crm from './crm.css.ts';

export const section = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.sm });

export const head = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.sm,
});

export const title = style({
  margin: 0,
  fontSize: tokens.font.size.sm,
  color: vars.color.textMuted,
  fontWeight: 400,
});

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: tokens.font.size.sm });

export const error = style({ margin: 0, color: vars.color.danger, fontSize: tokens.font.size.sm });

export const row = style({ display: 'flex', alignItems: 'center', gap: tokens.space.sm, flexWrap: 'wrap' });

export const popover = style({
  width: 260,
  // Tall enough that react-aria flips the popover above its trigger when the space below is
  // short (a picker near the bottom of the customer panel), instead of squeezing the options out.
  minHeight: 180,
  maxHeight: 360,
  display: 'flex',
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  boxShadow: vars.shadow.raised,
  overflow: 'hidden',
});

export const picker = style({
  outline: 'none',
  flex: 1,
  minWidth: 0,
  minHeight: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.sm,
  padding: tokens.space.sm,
});

/** The picker's search: the CRM screens' search box, narrower. */
export const search = style([
  crm.search,
  { width: '100%', padding: `${tokens.space.xs} ${tokens.space.sm}` },
]);

export const options = style({ outline: 'none', overflowY: 'auto', maxHeight: 260, minHeight: 0 });

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  padding: `${tokens.space.xs} ${tokens.space.sm}`,
  borderRadius: tokens.radius.sm,
  cursor: 'pointer',
  outline: 'none',
  color: vars.color.text,
  selectors: {
    '&[data-focused], &[data-hovered]': { background: vars.color.selected },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 },
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
  },
});

export const empty = style({
  padding: tokens.space.sm,
  color: vars.color.textMuted,
  fontSize: tokens.font.size.sm,
});

/** A picker opened in the page's flow (SearchPicker `inline`): its button, then its panel below. */
export const inlinePicker = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: tokens.space.sm,
  width: '100%',
});

export const inlinePanel = style({
  width: '100%',
  maxHeight: 280,
  display: 'flex',
  flexDirection: 'column',
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  background: vars.color.surface,
  overflow: 'hidden',
});
