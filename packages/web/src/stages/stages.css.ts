import { createVar, style } from '@vanilla-extract/css';
import { tokens, vars } from '../theme/contract.css.ts';

/** A stage's own colour, set per element (it is data). */
export const stageColor = createVar();

/** The screen fills the window below the header and scrolls within (the board is wide). */
export const page = style({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.lg,
  padding: `${tokens.space.lg} ${tokens.space.xl}`,
  '@media': { 'screen and (max-width: 767px)': { padding: tokens.space.md } },
});

export const head = style({ display: 'flex', alignItems: 'center', gap: tokens.space.md, flexWrap: 'wrap' });

export const title = style({ margin: 0, fontSize: tokens.font.size.xl, marginRight: 'auto' });

export const state = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: tokens.space.md,
});

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: tokens.font.size.sm });

export const tools = style({ display: 'flex', alignItems: 'center', gap: tokens.space.md, flexWrap: 'wrap' });

export const search = style({
  width: 'min(360px, 100%)',
  boxSizing: 'border-box',
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  background: vars.color.background,
  color: vars.color.text,
  font: 'inherit',
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  outline: 'none',
  selectors: { '&:focus': { borderColor: vars.color.focus, boxShadow: `0 0 0 1px ${vars.color.focus}` } },
});

export const tabs = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.lg });

export const tabList = style({
  display: 'flex',
  gap: tokens.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const tab = style({
  padding: `${tokens.space.sm} ${tokens.space.lg}`,
  cursor: 'pointer',
  color: vars.color.textMuted,
  fontWeight: 600,
  outline: 'none',
  borderBottom: '2px solid transparent',
  marginBottom: -1,
  selectors: {
    '&[data-selected]': { color: vars.color.primary, borderBottomColor: vars.color.primary },
    '&[data-hovered]:not([data-selected])': { color: vars.color.text },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 },
  },
});

export const tabPanel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.md,
  outline: 'none',
  selectors: { '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}` } },
});

export const nameCell = style({ display: 'flex', alignItems: 'center', gap: tokens.space.sm, minWidth: 0 });

export const name = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const swatch = style({
  width: 14,
  height: 14,
  flexShrink: 0,
  borderRadius: tokens.radius.full,
  background: stageColor,
  boxShadow: 'inset 0 0 0 1px rgba(0, 0, 0, 0.15)',
});

export const rowActions = style({ display: 'flex', gap: tokens.space.xs, flexWrap: 'wrap' });

export const colorGroup = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.sm });

export const palette = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space.sm });

export const paletteSwatch = style({
  width: 28,
  height: 28,
  borderRadius: tokens.radius.full,
  background: stageColor,
  cursor: 'pointer',
  boxShadow: 'inset 0 0 0 1px rgba(0, 0, 0, 0.15)',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: '#ffffff',
  fontSize: tokens.font.size.sm,
  textShadow: '0 0 2px rgba(0, 0, 0, 0.6)',
  selectors: {
    '&[data-selected]': { outline: `2px solid ${vars.color.text}`, outlineOffset: 2 },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 },
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

/** A stage as a pill: its colour as a dot, its name in the page's own text colour (always readable). */
export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: tokens.space.xs,
  maxWidth: '100%',
  width: 'fit-content',
  borderRadius: tokens.radius.full,
  padding: `2px ${tokens.space.sm}`,
  fontSize: tokens.font.size.sm,
  fontWeight: 600,
  border: `1px solid ${stageColor}`,
  background: vars.color.surface,
  color: vars.color.text,
});
