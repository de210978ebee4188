/** The home page: the greeting, the project cards, the new-project button. */
import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../theme/contract.css.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.xl });

export const head = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.md,
  flexWrap: 'wrap',
});

export const greeting = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.xs });

export const title = style({ margin: 0, fontSize: tokens.font.size.xl });

export const subtitle = style({ margin: 0, color: vars.color.textMuted });

export const sectionTitle = style({ margin: 0, fontSize: tokens.font.size.lg });

export const cards = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: tokens.space.lg,
  gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
});

export const card = style({
  position: 'relative',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.lg,
  padding: tokens.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.sm,
  transition: 'border-color 120ms',
  selectors: { '&:hover': { borderColor: vars.color.primary } },
});

export const cardHead = style({ display: 'flex', alignItems: 'center', gap: tokens.space.md });

export const cardName = style({
  fontWeight: 700,
  fontSize: tokens.font.size.lg,
  color: vars.color.text,
  textDecoration: 'none',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  selectors: {
    // The whole card is the link's target.
    '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: tokens.radius.lg },
    '&:focus-visible::after': { outline: `2px solid ${vars.color.focus}` },
  },
});

export const meta = style({
  margin: 0,
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  color: vars.color.textMuted,
  fontSize: tokens.font.size.sm,
});

export const badge = style({
  minWidth: 22,
  height: 22,
  padding: '0 7px',
  borderRadius: tokens.radius.full,
  background: vars.color.badge,
  color: vars.color.badgeText,
  fontWeight: 700,
  fontSize: 12,
  lineHeight: '22px',
  textAlign: 'center',
});

export const dot = style({
  width: 8,
  height: 8,
  borderRadius: tokens.radius.full,
  background: vars.color.textMuted,
  flexShrink: 0,
});

export const dotOn = style([dot, { background: vars.color.success }]);

export const dotOff = style([dot, { background: vars.color.warning }]);

export const state = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.md,
  alignItems: 'flex-start',
});

/** The card's balance: a link of its own above the card's (which covers the whole card). */
export const balanceLink = style({
  position: 'relative',
  zIndex: 1,
  color: vars.color.primary,
  fontWeight: 600,
  fontVariantNumeric: 'tabular-nums',
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});
