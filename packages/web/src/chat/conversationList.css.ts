import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { tokens, vars } from '../theme/contract.css.ts';
import { CONVERSATION_ROW_HEIGHT } from './listLayout.ts';

/** The list's tools: one row (search and the Filter button), the chips, and the filters on demand. */
export const tools = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.xs,
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const toolRow = style({ display: 'flex', alignItems: 'center', gap: tokens.space.sm });

export const searchField = style({ flex: 1, minWidth: 0 });

export const moreFilters = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: tokens.space.xs,
  height: 36,
  padding: `0 ${tokens.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: tokens.font.size.sm,
  fontWeight: 600,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  selectors: {
    '&[data-selected]': { borderColor: vars.color.primary, color: vars.color.primary },
    '&[data-hovered]': { borderColor: vars.color.primary },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});

export const filterCount = style({
  minWidth: 18,
  height: 18,
  padding: '0 5px',
  boxSizing: 'border-box',
  borderRadius: tokens.radius.full,
  background: vars.color.primary,
  color: vars.color.primaryText,
  fontSize: 11,
  fontWeight: 700,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
});

/** The number, label, stage and division filters, two a row, shown when the Filter button is on. */
export const filterPanel = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
  gap: tokens.space.sm,
  paddingTop: tokens.space.xs,
  selectors: { '&[hidden]': { display: 'none' } },
});

export const search = style({
  width: '100%',
  boxSizing: 'border-box',
  height: 36,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  background: vars.color.background,
  color: vars.color.text,
  font: 'inherit',
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  outline: 'none',
  selectors: { '&:focus': { borderColor: vars.color.focus, boxShadow: `0 0 0 1px ${vars.color.focus}` } },
});

export const filters = style({ display: 'flex', gap: tokens.space.xs, flexWrap: 'wrap' });

export const filter = style({
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: tokens.radius.full,
  padding: `2px ${tokens.space.md}`,
  font: 'inherit',
  fontSize: tokens.font.size.sm,
  cursor: 'pointer',
  selectors: {
    '&[data-selected]': {
      background: vars.color.primary,
      color: vars.color.primaryText,
      borderColor: vars.color.primary,
    },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});

// Its own compositing layer: scrolling moves the layer instead of repainting the rows.
export const scroller = style({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  outline: 'none',
  willChange: 'transform',
  // Its size comes from the pane, never from its rows: rows coming and going while it scrolls lay
  // out and paint inside it alone, not the whole page (bench/README.md, inboxBrowser).
  contain: 'strict',
});

export const inner = style({ position: 'relative', width: '100%', margin: 0, padding: 0, listStyle: 'none' });

export const item = style({
  position: 'absolute',
  top: 0,
  left: 0,
  width: '100%',
  height: CONVERSATION_ROW_HEIGHT,
  overflow: 'hidden',
});

export const row = recipe({
  base: {
    height: CONVERSATION_ROW_HEIGHT,
    boxSizing: 'border-box',
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr) auto',
    gridTemplateRows: 'auto auto',
    columnGap: tokens.space.sm,
    rowGap: 2,
    alignItems: 'center',
    padding: `${tokens.space.sm} ${tokens.space.md}`,
    textDecoration: 'none',
    color: vars.color.text,
    borderBottom: `1px solid ${vars.color.border}`,
    outline: 'none',
    selectors: {
      '&:hover': { background: vars.color.background },
      '&:focus-visible': { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` },
    },
  },
  variants: {
    selected: {
      true: {
        background: vars.color.selected,
        selectors: { '&:hover': { background: vars.color.selected } },
      },
      false: {},
    },
  },
});

export const avatar = style({
  gridRow: '1 / span 2',
  width: 40,
  height: 40,
  borderRadius: tokens.radius.full,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: vars.color.selected,
  color: vars.color.primary,
  fontWeight: 700,
  fontSize: tokens.font.size.sm,
});

export const name = recipe({
  base: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  variants: { unread: { true: { fontWeight: 700 }, false: { fontWeight: 500 } } },
});

export const time = style({ fontSize: 11, color: vars.color.textMuted, whiteSpace: 'nowrap' });

export const preview = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.xs,
  minWidth: 0,
  fontSize: tokens.font.size.sm,
  color: vars.color.textMuted,
});

export const previewText = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const end = style({ display: 'flex', alignItems: 'center', gap: tokens.space.xs, justifySelf: 'end' });

export const badge = style({
  minWidth: 20,
  height: 20,
  padding: '0 6px',
  borderRadius: tokens.radius.full,
  background: vars.color.badge,
  color: vars.color.badgeText,
  fontSize: 11,
  fontWeight: 700,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
});

export const closedMark = style({
  fontSize: 10,
  fontWeight: 600,
  color: vars.color.warning,
  background: vars.color.warningSurface,
  borderRadius: tokens.radius.sm,
  padding: '0 4px',
  whiteSpace: 'nowrap',
});

export const footer = style({ display: 'flex', justifyContent: 'center', padding: tokens.space.md });

export const state = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: tokens.space.md,
  padding: tokens.space.xl,
  color: vars.color.textMuted,
  textAlign: 'center',
});
