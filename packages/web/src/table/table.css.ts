import { createVar, globalStyle, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { tokens, vars } from '../theme/contract.css.ts';
import { narrow } from '../theme/media.ts';

// Under 768 px (`narrow`) each row is a card of label: value lines (DESIGN.md, phones).

/** A column's width and minimum, set per header cell from TanStack Table's column sizes. */
export const columnWidth = createVar();
export const columnMinWidth = createVar();

export const root = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.md });

/** Scrolls wide tables sideways and holds the loading overlay. */
export const frame = style({
  position: 'relative',
  overflowX: 'auto',
  minHeight: 120,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  '@media': { [narrow]: { background: 'transparent', border: 'none', overflowX: 'visible' } },
});

/**
 * Columns take their size as a width but never less than their content's narrowest: words do not
 * break inside (a long one wraps only when it is longer than its column), chips and buttons stay
 * whole. A table wider than the frame scrolls sideways.
 */
export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  tableLayout: 'auto',
  '@media': { [narrow]: { display: 'block' } },
});

export const caption = style({
  captionSide: 'top',
  textAlign: 'start',
  padding: `${tokens.space.md} ${tokens.space.lg}`,
  fontWeight: 600,
});

const cell = {
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  textAlign: 'start',
  borderBottom: `1px solid ${vars.color.border}`,
  overflowWrap: 'break-word',
} as const;

export const headerCell = style({
  ...cell,
  width: columnWidth,
  minWidth: columnMinWidth,
  fontSize: tokens.font.size.sm,
  fontWeight: 600,
  color: vars.color.textMuted,
  background: vars.color.background,
  whiteSpace: 'nowrap',
  '@media': { [narrow]: { display: 'none' } },
});

/** A sortable header: on a phone the sortable headers stay, as a row of sort buttons above the cards. */
export const sortableHeader = style({
  '@media': {
    [narrow]: {
      display: 'inline-flex',
      width: 'auto',
      minWidth: 0,
      border: `1px solid ${vars.color.border}`,
      borderRadius: tokens.radius.full,
      background: vars.color.surface,
      padding: `${tokens.space.xs} ${tokens.space.md}`,
    },
  },
});

globalStyle(`${table} > thead, ${table} > tbody`, { '@media': { [narrow]: { display: 'block' } } });
globalStyle(`${table} > thead > tr`, {
  '@media': {
    [narrow]: { display: 'flex', flexWrap: 'wrap', gap: tokens.space.xs, marginBottom: tokens.space.sm },
  },
});

export const row = style({
  '@media': {
    [narrow]: {
      display: 'flex',
      flexDirection: 'column',
      gap: tokens.space.xs,
      marginBottom: tokens.space.sm,
      padding: tokens.space.md,
      background: vars.color.surface,
      border: `1px solid ${vars.color.border}`,
      borderRadius: tokens.radius.md,
    },
  },
});

/** The header's text a card shows before each value (`data-label`). */
const cardLabel = {
  content: 'attr(data-label)',
  color: vars.color.textMuted,
  fontSize: tokens.font.size.sm,
  fontWeight: 600,
} as const;

export const bodyCell = style({
  ...cell,
  verticalAlign: 'top',
  selectors: { [`${row}:last-child > &`]: { borderBottom: 'none' } },
  '@media': {
    [narrow]: {
      display: 'grid',
      gridTemplateColumns: 'minmax(96px, 38%) minmax(0, 1fr)',
      alignItems: 'baseline',
      justifyItems: 'start',
      gap: tokens.space.sm,
      padding: 0,
      border: 'none',
    },
  },
});

globalStyle(`${bodyCell}::before`, { '@media': { [narrow]: cardLabel } });

/** A card's first cell is its title: no label, the whole width. */
export const titleCell = style({
  '@media': { [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)', fontSize: tokens.font.size.md } },
});

globalStyle(`${titleCell}::before`, { '@media': { [narrow]: { content: 'none' } } });

/**
 * The actions column stays at the frame's right edge while a table wider than the frame scrolls
 * sideways (the customers table at 1366 px beside the sidebar), so every row's actions are in view.
 */
const stuckRight = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  boxShadow: `inset 1px 0 0 ${vars.color.border}`,
} as const;

/** The actions column's header. */
export const actionsHeader = style({
  ...stuckRight,
  '@media': { [narrow]: { position: 'static', boxShadow: 'none' } },
});

/** The row's actions: on a card, its last line, the buttons at full size on the right. */
export const actionsCell = style({
  ...stuckRight,
  background: vars.color.surface,
  whiteSpace: 'nowrap',
  '@media': {
    [narrow]: {
      position: 'static',
      background: 'transparent',
      boxShadow: 'none',
      gridTemplateColumns: 'minmax(0, 1fr)',
      justifyItems: 'stretch',
      paddingTop: tokens.space.sm,
      borderTop: `1px solid ${vars.color.border}`,
    },
  },
});

globalStyle(`${actionsCell}::before`, { '@media': { [narrow]: { content: 'none' } } });

export const message = style({
  ...cell,
  '@media': { [narrow]: { display: 'block' } },
  borderBottom: 'none',
  textAlign: 'center',
  color: vars.color.textMuted,
  padding: `${tokens.space.xl} ${tokens.space.md}`,
});

export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: tokens.space.xs,
  padding: 0,
  border: 'none',
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { color: vars.color.text },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const sortMark = style({ fontSize: tokens.font.size.sm });

export const overlay = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: vars.color.overlay,
});

/** Under the table: Retry (after a failure) on the left, the pager on the right. */
export const footer = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: tokens.space.sm,
});

export const pager = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: tokens.space.xs,
  marginInlineStart: 'auto',
});

export const pageLinks = style({
  display: 'flex',
  gap: tokens.space.xs,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const pageLink = recipe({
  base: {
    minWidth: 36,
    padding: `${tokens.space.xs} ${tokens.space.sm}`,
    border: `1px solid ${vars.color.border}`,
    borderRadius: tokens.radius.sm,
    background: vars.color.surface,
    color: vars.color.text,
    font: 'inherit',
    cursor: 'pointer',
    selectors: {
      '&[data-hovered]': { borderColor: vars.color.primary },
      '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
      '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
    },
  },
  variants: {
    current: {
      true: {
        background: vars.color.primary,
        borderColor: vars.color.primary,
        color: vars.color.primaryText,
      },
      false: {},
    },
  },
  defaultVariants: { current: false },
});

/** Links and buttons in a cell keep their words on one line. */
globalStyle(`${bodyCell} :is(a, button)`, { whiteSpace: 'nowrap' });
