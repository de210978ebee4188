import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../theme/contract.css.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.xl });

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: tokens.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
});

export const item = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.lg,
  padding: tokens.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.xs,
});

export const name = style({
  fontWeight: 600,
  fontSize: tokens.font.size.lg,
  color: vars.color.primary,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

export const meta = style({ margin: 0, color: vars.color.textMuted, fontSize: tokens.font.size.sm });

export const empty = style({ margin: 0, color: vars.color.textMuted });

export const createCard = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.lg,
  padding: tokens.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.md,
  maxWidth: 480,
});

export const createTitle = style({ margin: 0, fontSize: tokens.font.size.lg });

export const createRow = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: tokens.space.md,
  flexWrap: 'wrap',
});

export const createField = style({ flex: '1 1 220px' });

export const state = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: tokens.space.md,
});
