/** The permission editor: template buttons, the tree's sections, nested ticks. */
import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../theme/contract.css.ts';

export const editor = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.md });

export const templates = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: tokens.space.sm,
});

export const summary = style({ margin: 0, color: vars.color.textMuted, fontSize: tokens.font.size.sm });

export const tree = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.sm,
  maxHeight: '55vh',
  overflowY: 'auto',
  paddingRight: tokens.space.sm,
});

export const section = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  padding: tokens.space.sm,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.sm,
});

export const sectionHead = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  flexWrap: 'wrap',
});

export const sectionTitle = style({ margin: 0, fontSize: tokens.font.size.md, fontWeight: 600 });

export const children = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.sm,
  paddingLeft: tokens.space.lg,
  borderLeft: `2px solid ${vars.color.border}`,
});

export const node = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.xs });

export const nodeTitle = style({ margin: 0, fontSize: tokens.font.size.sm, fontWeight: 600 });

export const keys = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${tokens.space.xs} ${tokens.space.md}`,
});

export const checkbox = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: tokens.space.xs,
  cursor: 'pointer',
  fontSize: tokens.font.size.sm,
  selectors: {
    '&[data-disabled]': { opacity: 0.45, cursor: 'not-allowed' },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const box = style({
  width: '16px',
  height: '16px',
  flex: 'none',
  boxSizing: 'border-box',
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.sm,
  background: vars.color.background,
  color: vars.color.primaryText,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontSize: '12px',
  lineHeight: 1,
  selectors: {
    [`${checkbox}[data-selected] &`]: { background: vars.color.primary, borderColor: vars.color.primary },
  },
});

export const notice = style({
  margin: 0,
  padding: tokens.space.sm,
  borderRadius: tokens.radius.sm,
  background: vars.color.warningSurface,
  color: vars.color.text,
  fontSize: tokens.font.size.sm,
});
