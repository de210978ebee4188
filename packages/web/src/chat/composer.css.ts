import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../theme/contract.css.ts';

export const composer = style({
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  padding: tokens.space.sm,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.sm,
});

export const row = style({ display: 'flex', alignItems: 'flex-end', gap: tokens.space.xs });

export const field = style({ flex: 1, minWidth: 0, display: 'flex' });

export const textarea = style({
  flex: 1,
  minWidth: 0,
  resize: 'none',
  minHeight: 40,
  maxHeight: 160,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  background: vars.color.background,
  color: vars.color.text,
  font: 'inherit',
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  outline: 'none',
  selectors: {
    '&:focus': { borderColor: vars.color.focus, boxShadow: `0 0 0 1px ${vars.color.focus}` },
    '&[disabled]': { opacity: 0.6, cursor: 'not-allowed' },
  },
});

export const chip = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  padding: `${tokens.space.xs} ${tokens.space.sm}`,
  borderRadius: tokens.radius.md,
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  fontSize: tokens.font.size.sm,
});

export const chipText = style({
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const chipError = style([chip, { color: vars.color.danger, borderColor: vars.color.danger }]);

export const preview = style({ width: 40, height: 40, objectFit: 'cover', borderRadius: tokens.radius.sm });

export const closed = style({
  margin: 0,
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  borderRadius: tokens.radius.md,
  background: vars.color.warningSurface,
  color: vars.color.warning,
  fontSize: tokens.font.size.sm,
});

export const hint = style({ fontSize: 11, color: vars.color.textMuted, paddingLeft: tokens.space.xs });
