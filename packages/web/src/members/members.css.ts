/** The members screen: tabs, the invite form, small cells. */
import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../theme/contract.css.ts';

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.lg,
  paddingTop: tokens.space.md,
});

export const nameCell = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 });

export const muted = style({ color: vars.color.textMuted, fontSize: tokens.font.size.sm });

export const code = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSize: tokens.font.size.sm,
});

export const form = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.md });

export const radios = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space.sm });

export const radio = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: tokens.space.xs,
  padding: `${tokens.space.xs} ${tokens.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.full,
  cursor: 'pointer',
  selectors: {
    '&[data-selected]': { borderColor: vars.color.primary, background: vars.color.selected },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const legend = style({ fontWeight: 600, fontSize: tokens.font.size.sm });
