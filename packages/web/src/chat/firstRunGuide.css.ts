import { globalStyle, style } from '@vanilla-extract/css';
import { tokens, vars } from '../theme/contract.css.ts';
import { narrow } from '../theme/media.ts';

/** The first-run guide: in place of the inbox's panes, scrolling on its own. */
export const guide = style({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.lg,
  padding: tokens.space.xl,
  maxWidth: 760,
  width: '100%',
  marginInline: 'auto',
  boxSizing: 'border-box',
  '@media': { [narrow]: { padding: tokens.space.lg } },
});

export const head = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.xs });

export const title = style({ margin: 0, fontSize: tokens.font.size.xl });

export const text = style({ margin: 0, color: vars.color.textMuted, lineHeight: 1.5 });

export const steps = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.md,
});

export const step = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: tokens.space.sm,
  padding: tokens.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.lg,
  background: vars.color.surface,
});

export const stepTitle = style({
  margin: 0,
  fontSize: tokens.font.size.md,
  fontWeight: 600,
  cursor: 'default',
});

export const details = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.sm,
  width: '100%',
});

globalStyle(`${details} > summary`, { cursor: 'pointer' });
globalStyle(`${details} > p`, { marginTop: tokens.space.sm });

export const code = style({
  margin: `${tokens.space.sm} 0`,
  padding: tokens.space.sm,
  borderRadius: tokens.radius.sm,
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  fontSize: tokens.font.size.sm,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

/** A link drawn as a button. */
export const link = style({ textDecoration: 'none' });
