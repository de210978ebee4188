import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../theme/contract.css.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.lg, maxWidth: 720 });

export const toolbar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.md,
  flexWrap: 'wrap',
});

export const count = style({ margin: 0, color: vars.color.textMuted });

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.lg,
  background: vars.color.surface,
  overflow: 'hidden',
});

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.md,
  padding: tokens.space.md,
  borderTop: `1px solid ${vars.color.border}`,
  selectors: {
    '&:first-child': { borderTop: 'none' },
    '&[data-unread]': { background: vars.color.selected },
  },
});

export const dot = style({
  flex: '0 0 auto',
  width: 10,
  height: 10,
  borderRadius: tokens.radius.full,
  background: vars.color.primary,
});

export const readDot = style([dot, { background: 'transparent' }]);

export const body = style({
  flex: 1,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.xs,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { 'a&:hover': { textDecoration: 'underline' } },
});

export const text = style({ selectors: { '[data-unread] &': { fontWeight: 600 } } });

export const time = style({ color: vars.color.textMuted, fontSize: tokens.font.size.sm });

export const empty = style({ margin: 0, color: vars.color.textMuted });

export const error = style({ margin: 0, color: vars.color.danger });
