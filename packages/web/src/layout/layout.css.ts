import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { tokens, vars } from '../theme/contract.css.ts';

export const shell = recipe({
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
  justifyContent: 'space-between',
  gap: tokens.space.md,
  padding: `${tokens.space.sm} ${tokens.space.lg}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  flexWrap: 'wrap',
});

export const brand = style({
  fontWeight: 700,
  fontSize: tokens.font.size.lg,
  color: vars.color.primary,
  textDecoration: 'none',
});

export const nav = style({ display: 'flex', alignItems: 'center', gap: tokens.space.lg });

export const navLink = style({
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.primary } },
});

export const headerEnd = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.md,
  flexWrap: 'wrap',
});

export const userName = style({
  color: vars.color.textMuted,
  fontSize: tokens.font.size.sm,
  '@media': { 'screen and (max-width: 767px)': { display: 'none' } },
});

export const main = recipe({
  base: { flex: 1, width: '100%' },
  variants: {
    variant: {
      page: { padding: tokens.space.xl, maxWidth: 1200, margin: '0 auto' },
      workspace: { minHeight: 0, display: 'flex', flexDirection: 'column' },
    },
  },
  defaultVariants: { variant: 'page' },
});

export const projectNav = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.md,
  flexWrap: 'wrap',
  marginRight: 'auto',
});

export const projectName = style({
  fontWeight: 600,
  paddingRight: tokens.space.md,
  borderRight: `1px solid ${vars.color.border}`,
  maxWidth: 220,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const projectNavLink = recipe({
  base: {
    color: vars.color.text,
    textDecoration: 'none',
    padding: `${tokens.space.xs} ${tokens.space.sm}`,
    borderRadius: tokens.radius.sm,
    selectors: { '&:hover': { color: vars.color.primary } },
  },
  variants: {
    current: {
      true: { background: vars.color.selected, color: vars.color.primary, fontWeight: 600 },
      false: {},
    },
  },
});

export const authPage = style({
  minHeight: '100%',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  padding: tokens.space.xl,
  gap: tokens.space.lg,
});

export const authTopBar = style({ position: 'absolute', top: tokens.space.lg, right: tokens.space.lg });

export const card = style({
  width: 'min(420px, 100%)',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.lg,
  padding: tokens.space.xl,
  boxShadow: vars.shadow.raised,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.lg,
});

export const title = style({ margin: 0, fontSize: tokens.font.size.xl });

export const subtitle = style({ margin: 0, color: vars.color.textMuted });

export const form = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.lg });

export const links = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: tokens.space.md,
  flexWrap: 'wrap',
  fontSize: tokens.font.size.sm,
});

export const formError = style({
  margin: 0,
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  borderRadius: tokens.radius.md,
  background: vars.color.dangerSurface,
  color: vars.color.danger,
});

export const notice = style({
  margin: 0,
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  borderRadius: tokens.radius.md,
  background: vars.color.successSurface,
  color: vars.color.text,
});

export const notFound = style({
  minHeight: '100%',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: tokens.space.lg,
  padding: tokens.space.xl,
  textAlign: 'center',
});

export const notFoundImage = style({ width: 'min(320px, 80vw)', height: 'auto' });

export const pageTitle = style({ margin: `0 0 ${tokens.space.lg}`, fontSize: tokens.font.size.xl });
