/**
 * The CRM screens' shared styles: the page shell, its heading and search, a table's filter bar, row
 * actions, the colour field, and a record's colour as a dot, a pill or a named table cell
 * (ColorChip.tsx).
 */
import { createVar, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { tokens, vars } from '../theme/contract.css.ts';
import { narrow } from '../theme/media.ts';

/** A record's own colour and the text that reads on it, set per element (they are data). */
export const swatchColor = createVar();
export const swatchText = createVar();
/** A record's colour where it is only drawn (a dot, a pill's border, a board column's top). */
export const recordColor = createVar();

/** The screen fills the window below the header and scrolls within (a board may be wide). */
export const page = style({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.lg,
  padding: `${tokens.space.lg} ${tokens.space.xl}`,
  '@media': { [narrow]: { padding: tokens.space.md } },
});

export const head = style({ display: 'flex', alignItems: 'center', gap: tokens.space.md, flexWrap: 'wrap' });

export const title = style({ margin: 0, fontSize: tokens.font.size.xl, marginRight: 'auto' });

export const state = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: tokens.space.md,
});

export const muted = style({ margin: 0, color: vars.color.textMuted });

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

/**
 * The filters above a table (the customers, the broadcasts, a broadcast's recipients): the search
 * over two columns, then the choices, then "Hapus filter", wrapping on narrow screens.
 */
export const filterBar = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))',
  alignItems: 'end',
  gap: tokens.space.md,
  padding: tokens.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.lg,
  background: vars.color.surface,
});

export const filterSearchField = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.xs,
  gridColumn: 'span 2',
  '@media': { 'screen and (max-width: 480px)': { gridColumn: 'auto' } },
});

/** The filter bar's search box: the CRM screens' search, as wide as its field. */
export const filterSearch = style([search, { width: '100%' }]);

export const filterActions = style({ display: 'flex', alignItems: 'flex-end', gap: tokens.space.sm });

/** A row's actions: one line of icons in the table; on a card, its words wrap to a second line. */
export const rowActions = style({
  display: 'flex',
  gap: tokens.space.xs,
  justifyContent: 'flex-end',
  flexWrap: 'nowrap',
  '@media': { [narrow]: { flexWrap: 'wrap' } },
});

/** A row's action: an icon button (36 px, a touch target), its word only on a card. */
export const rowAction = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.space.xs,
    minWidth: 36,
    height: 36,
    padding: `0 ${tokens.space.sm}`,
    boxSizing: 'border-box',
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
      '&[data-hovered]': { borderColor: vars.color.primary },
      '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
    },
    '@media': { [narrow]: { padding: `0 ${tokens.space.md}` } },
  },
  variants: {
    danger: {
      true: {
        color: vars.color.danger,
        selectors: { '&[data-hovered]': { borderColor: vars.color.danger } },
      },
      false: {},
    },
  },
  defaultVariants: { danger: false },
});

export const rowActionText = style({ display: 'none', '@media': { [narrow]: { display: 'inline' } } });

export const tooltip = style({
  padding: `${tokens.space.xs} ${tokens.space.sm}`,
  borderRadius: tokens.radius.sm,
  background: vars.color.text,
  color: vars.color.surface,
  fontSize: tokens.font.size.sm,
  pointerEvents: 'none',
  '@media': { [narrow]: { display: 'none' } },
});

export const colorGroup = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.sm });

export const palette = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space.sm });

export const paletteSwatch = style({
  width: 28,
  height: 28,
  borderRadius: tokens.radius.full,
  background: swatchColor,
  cursor: 'pointer',
  boxShadow: 'inset 0 0 0 1px rgba(0, 0, 0, 0.15)',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: swatchText,
  fontSize: tokens.font.size.sm,
  selectors: {
    '&[data-selected]': { outline: `2px solid ${vars.color.text}`, outlineOffset: 2 },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 },
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

export const preview = style({ display: 'flex', alignItems: 'center', gap: tokens.space.sm, minHeight: 32 });

/** A record's colour as a dot (decorative: its name goes beside it). */
export const colorDot = style({
  width: 14,
  height: 14,
  flexShrink: 0,
  borderRadius: tokens.radius.full,
  background: recordColor,
  boxShadow: 'inset 0 0 0 1px rgba(0, 0, 0, 0.15)',
});

/** A record as a pill: its colour as a dot and a border, its name in the page's text colour (always readable). */
export const colorChip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: tokens.space.xs,
  maxWidth: '100%',
  width: 'fit-content',
  borderRadius: tokens.radius.full,
  padding: `2px ${tokens.space.sm}`,
  fontSize: tokens.font.size.sm,
  fontWeight: 600,
  border: `1px solid ${recordColor}`,
  background: vars.color.surface,
  color: vars.color.text,
});

/** A table's name cell: the dot, then the name cut short with an ellipsis. */
export const colorNameCell = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  minWidth: 0,
});

export const colorName = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
