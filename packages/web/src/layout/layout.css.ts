import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../theme/contract.css.ts';

/** The auth pages, cards and page-level texts shared by screens (the frame is in frame.css.ts). */
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
