/** The signed-in frame: header, sidebar (a drawer on phones), the main area, the refusal screen. */
import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { tokens, vars } from '../theme/contract.css.ts';
import { narrow } from '../theme/media.ts';

export const frame = recipe({
  base: { display: 'flex', flexDirection: 'column' },
  variants: {
    variant: {
      page: { minHeight: '100%' },
      /** The inbox: exactly the window's height, the panes scroll inside. */
      workspace: { height: '100%', overflow: 'hidden' },
    },
  },
  defaultVariants: { variant: 'page' },
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.md,
  padding: `${tokens.space.sm} ${tokens.space.lg}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  minHeight: 56,
});

export const headerStart = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.md,
  minWidth: 0,
  flex: 1,
});

export const headerEnd = style({ display: 'flex', alignItems: 'center', gap: tokens.space.sm });

export const brand = style({
  fontWeight: 700,
  fontSize: tokens.font.size.lg,
  color: vars.color.primary,
  textDecoration: 'none',
});

export const headerLink = style({
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.primary } },
  '@media': { [narrow]: { display: 'none' } },
});

export const iconButton = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 40,
  height: 40,
  border: 'none',
  borderRadius: tokens.radius.full,
  background: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  textDecoration: 'none',
  outline: 'none',
  selectors: {
    '&:hover, &[data-hovered]': { background: vars.color.background },
    '&:focus-visible, &[data-focus-visible]': { outline: `2px solid ${vars.color.focus}` },
  },
});

/** The menu button: only where the sidebar is a drawer. */
export const menuButton = style([
  iconButton,
  { display: 'none', '@media': { [narrow]: { display: 'inline-flex' } } },
]);

export const badge = style({
  position: 'absolute',
  top: 2,
  right: 0,
  minWidth: 18,
  height: 18,
  padding: '0 5px',
  borderRadius: tokens.radius.full,
  background: vars.color.badge,
  color: vars.color.badgeText,
  fontSize: 11,
  fontWeight: 700,
  lineHeight: '18px',
  textAlign: 'center',
});

export const switcher = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: tokens.space.xs,
  maxWidth: 260,
  padding: `${tokens.space.xs} ${tokens.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: 600,
  fontSize: tokens.font.size.md,
  cursor: 'pointer',
  outline: 'none',
  minWidth: 0,
  selectors: {
    '&[data-hovered]': { borderColor: vars.color.primary },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}` },
  },
});

export const switcherName = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const userButton = style([iconButton, { width: 'auto', height: 'auto', padding: 2 }]);

export const body = style({ flex: 1, display: 'flex', minHeight: 0 });

export const sidebar = style({
  width: 232,
  flexShrink: 0,
  overflowY: 'auto',
  background: vars.color.surface,
  borderRight: `1px solid ${vars.color.border}`,
  '@media': { [narrow]: { display: 'none' } },
});

export const nav = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.lg,
  padding: tokens.space.md,
});

export const section = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.xs });

export const sectionTitle = style({
  margin: 0,
  padding: `0 ${tokens.space.sm}`,
  fontSize: 12,
  fontWeight: 700,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
  color: vars.color.textMuted,
});

export const items = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
});

export const item = recipe({
  base: {
    display: 'block',
    padding: `${tokens.space.sm} ${tokens.space.md}`,
    borderRadius: tokens.radius.sm,
    color: vars.color.text,
    textDecoration: 'none',
    selectors: {
      '&:hover': { background: vars.color.background, color: vars.color.primary },
      '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
    },
  },
  variants: {
    current: {
      true: { background: vars.color.selected, color: vars.color.primary, fontWeight: 600 },
      false: {},
    },
  },
});

export const drawerOverlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 900,
  background: vars.color.overlay,
});

export const drawer = style({
  position: 'fixed',
  top: 0,
  bottom: 0,
  left: 0,
  width: 'min(280px, 85vw)',
  overflowY: 'auto',
  background: vars.color.surface,
  borderRight: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.raised,
  outline: 'none',
});

export const drawerHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const main = recipe({
  base: { flex: 1, minWidth: 0 },
  variants: {
    variant: {
      page: { padding: tokens.space.xl, maxWidth: 1200, margin: '0 auto', width: '100%' },
      workspace: { minHeight: 0, display: 'flex', flexDirection: 'column' },
    },
  },
  defaultVariants: { variant: 'page' },
});

export const gate = style({
  maxWidth: 560,
  margin: `${tokens.space.xxl} auto`,
  padding: tokens.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.lg,
});

export const userHeader = style({ display: 'flex', flexDirection: 'column', gap: 2 });

export const userName = style({ fontWeight: 700, color: vars.color.text });
