import { createVar, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { tokens, vars } from '../theme/contract.css.ts';

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
});

export const table = style({ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' });

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
  overflowWrap: 'anywhere',
} as const;

export const headerCell = style({
  ...cell,
  width: columnWidth,
  minWidth: columnMinWidth,
  fontSize: tokens.font.size.sm,
  fontWeight: 600,
  color: vars.color.textMuted,
  background: vars.color.background,
});

export const row = style({});

export const bodyCell = style({
  ...cell,
  verticalAlign: 'top',
  selectors: { [`${row}:last-child > &`]: { borderBottom: 'none' } },
});

export const message = style({
  ...cell,
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
