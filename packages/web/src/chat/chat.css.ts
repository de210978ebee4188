import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { tokens, vars } from '../theme/contract.css.ts';
import { narrow } from '../theme/media.ts';

export const visuallyHidden = style({
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

/** The inbox: a bar, then the list, the conversation and the customer panel side by side. */
export const page = style({ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' });

export const bar = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.md,
  padding: `${tokens.space.xs} ${tokens.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  flexWrap: 'wrap',
});

export const title = style({ margin: 0, fontSize: tokens.font.size.lg, marginRight: 'auto' });

export const panes = style({
  flex: 1,
  minHeight: 0,
  display: 'grid',
  gridTemplateColumns: 'minmax(260px, 340px) minmax(0, 1fr)',
  '@media': {
    'screen and (min-width: 1200px)': { gridTemplateColumns: 'minmax(280px, 340px) minmax(0, 1fr) 300px' },
    [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

export const listPane = recipe({
  base: {
    minHeight: 0,
    display: 'flex',
    flexDirection: 'column',
    borderRight: `1px solid ${vars.color.border}`,
    background: vars.color.surface,
  },
  variants: {
    open: { true: { '@media': { [narrow]: { display: 'none' } } }, false: {} },
  },
});

export const conversationPane = recipe({
  base: { minHeight: 0, minWidth: 0, display: 'flex', flexDirection: 'column' },
  variants: {
    open: { true: {}, false: { '@media': { [narrow]: { display: 'none' } } } },
  },
});

export const panelPane = recipe({
  base: {
    minHeight: 0,
    borderLeft: `1px solid ${vars.color.border}`,
    background: vars.color.surface,
    '@media': { 'screen and (max-width: 1199px)': { display: 'none' } },
  },
  variants: {
    /** Shown on demand when the window is too narrow for three panes. */
    shown: {
      true: {
        '@media': {
          'screen and (max-width: 1199px)': {
            display: 'block',
            position: 'fixed',
            top: 0,
            right: 0,
            bottom: 0,
            width: 'min(340px, 100%)',
            zIndex: 900,
            boxShadow: vars.shadow.raised,
          },
        },
      },
      false: {},
    },
  },
});

export const conversationHeader = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  padding: `${tokens.space.sm} ${tokens.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  minHeight: 56,
});

export const headerText = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' });

export const headerName = style({
  margin: 0,
  fontSize: tokens.font.size.md,
  fontWeight: 600,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const headerMeta = style({ margin: 0, fontSize: tokens.font.size.sm, color: vars.color.textMuted });

export const onlyNarrow = style({ '@media': { 'screen and (min-width: 1200px)': { display: 'none' } } });

/** Keyboard-only help is not offered on phones. */
export const onlyWide = style({ '@media': { [narrow]: { display: 'none' } } });

export const emptyText = style({ margin: 0 });

/** Where the composer would be, for a member who may only read (no `crm.chat.send`). */
export const readOnly = style({
  margin: 0,
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  color: vars.color.textMuted,
  fontSize: tokens.font.size.sm,
});

export const conversationBody = style({
  flex: 1,
  minHeight: 0,
  display: 'flex',
  flexDirection: 'column',
});

export const empty = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: tokens.space.sm,
  padding: tokens.space.xl,
  color: vars.color.textMuted,
  textAlign: 'center',
});

export const state = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: tokens.space.md,
  padding: tokens.space.xl,
});

export const connection = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.space.xs,
    fontSize: tokens.font.size.sm,
    borderRadius: tokens.radius.full,
    padding: `2px ${tokens.space.sm}`,
    selectors: {
      '&::before': { content: '""', width: 8, height: 8, borderRadius: '50%', background: 'currentColor' },
    },
  },
  variants: {
    status: {
      online: { color: vars.color.success, background: vars.color.successSurface },
      connecting: { color: vars.color.textMuted, background: vars.color.background },
      reconnecting: { color: vars.color.warning, background: vars.color.warningSurface },
      offline: { color: vars.color.danger, background: vars.color.dangerSurface },
    },
  },
});

export const kbd = style({
  display: 'inline-block',
  minWidth: 24,
  textAlign: 'center',
  padding: `1px ${tokens.space.xs}`,
  border: `1px solid ${vars.color.border}`,
  borderBottomWidth: 2,
  borderRadius: tokens.radius.sm,
  background: vars.color.background,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSize: tokens.font.size.sm,
});

export const shortcutTable = style({ width: '100%', borderCollapse: 'collapse' });

export const shortcutCell = style({
  padding: `${tokens.space.xs} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
});

export const keys = style({
  display: 'flex',
  gap: tokens.space.xs,
  flexWrap: 'wrap',
  paddingRight: tokens.space.md,
});
