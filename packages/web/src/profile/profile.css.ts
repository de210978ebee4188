import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../theme/contract.css.ts';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.xl,
  maxWidth: 720,
});

export const section = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.lg,
  padding: tokens.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.md,
});

export const sectionTitle = style({ margin: 0, fontSize: tokens.font.size.lg });

export const form = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.md, maxWidth: 420 });

export const row = style({ display: 'flex', alignItems: 'center', gap: tokens.space.md, flexWrap: 'wrap' });

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: tokens.font.size.sm });

export const error = style({ margin: 0, color: vars.color.danger, fontSize: tokens.font.size.sm });

export const radioGroup = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.xs });

export const radios = style({ display: 'flex', gap: tokens.space.md, flexWrap: 'wrap' });

export const radio = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.xs,
  cursor: 'pointer',
  padding: `${tokens.space.xs} ${tokens.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  selectors: {
    '&[data-selected]': { borderColor: vars.color.primary, color: vars.color.primary, fontWeight: 600 },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}` },
  },
});

export const fileInput = style({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

export const sessions = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
});

export const sessionItem = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.md,
  padding: `${tokens.space.md} 0`,
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { '&:first-child': { borderTop: 'none' } },
});

export const sessionText = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.xs });

export const sessionName = style({ fontWeight: 600 });

export const badge = style({
  display: 'inline-block',
  marginLeft: tokens.space.sm,
  padding: `0 ${tokens.space.sm}`,
  borderRadius: tokens.radius.full,
  background: vars.color.successSurface,
  color: vars.color.success,
  fontSize: tokens.font.size.sm,
  fontWeight: 600,
});
