/**
 * The divisions screen's own styles: a conversation row's division, the count cell, the members
 * list (the colour dot and chip are the CRM's, crm.css.ts).
 */
import { style } from '@vanilla-extract/css';
import { colorDot } from '../crm/crm.css.ts';
import { tokens, vars } from '../theme/contract.css.ts';

/** The division in a conversation row: one short line, cut with an ellipsis (rows keep one height). */
export const rowTag = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 4,
  maxWidth: 120,
  flexShrink: 0,
  fontSize: tokens.font.size.sm,
  color: vars.color.textMuted,
  overflow: 'hidden',
  whiteSpace: 'nowrap',
});

export const rowTagDot = style([colorDot, { width: 8, height: 8 }]);

export const countCell = style({ display: 'inline-flex', alignItems: 'center', gap: tokens.space.sm });

export const members = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  maxHeight: 320,
  overflowY: 'auto',
});

export const member = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  padding: `${tokens.space.xs} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const memberName = style({ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' });

export const since = style({ color: vars.color.textMuted, fontSize: tokens.font.size.sm });
