import { style } from '@vanilla-extract/css';
import { filenameMaxWidth } from '@sapa/sdk';
import { tokens, vars } from '../theme/contract.css.ts';

export const browser = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.md });

export const filters = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.sm });

export const search = style({ display: 'flex' });

export const searchInput = style({
  flex: 1,
  minWidth: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  background: vars.color.background,
  color: vars.color.text,
  font: 'inherit',
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  outline: 'none',
  selectors: { '&:focus': { borderColor: vars.color.focus } },
});

export const kinds = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.space.xs });

export const kindsLabel = style({
  fontSize: tokens.font.size.sm,
  color: vars.color.textMuted,
  marginRight: tokens.space.xs,
});

export const kind = style({
  padding: `2px ${tokens.space.sm}`,
  borderRadius: tokens.radius.full,
  border: `1px solid ${vars.color.border}`,
  fontSize: tokens.font.size.sm,
  cursor: 'pointer',
  selectors: {
    '&[data-selected]': {
      background: vars.color.primary,
      color: vars.color.primaryText,
      borderColor: vars.color.primary,
    },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});

export const grid = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  maxHeight: '50vh',
  overflowY: 'auto',
  outline: 'none',
});

export const cell = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  padding: tokens.space.xs,
  borderRadius: tokens.radius.sm,
  border: '1px solid transparent',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-selected]': { background: vars.color.selected, borderColor: vars.color.primary },
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
    '&[data-focus-visible]': { borderColor: vars.color.focus },
  },
});

export const thumb = style({
  width: 44,
  height: 44,
  objectFit: 'cover',
  borderRadius: tokens.radius.sm,
  flexShrink: 0,
});

export const thumbIcon = style([
  thumb,
  {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    background: vars.color.background,
  },
]);

export const cellText = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const cellName = style({
  maxWidth: filenameMaxWidth,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const cellMeta = style({ fontSize: tokens.font.size.sm, color: vars.color.textMuted });

export const empty = style({
  margin: 0,
  padding: tokens.space.lg,
  textAlign: 'center',
  color: vars.color.textMuted,
});

export const failed = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  color: vars.color.danger,
});

export const failedText = style({ margin: 0, color: vars.color.danger, fontSize: tokens.font.size.sm });

export const count = style({
  flex: 1,
  alignSelf: 'center',
  fontSize: tokens.font.size.sm,
  color: vars.color.textMuted,
});
