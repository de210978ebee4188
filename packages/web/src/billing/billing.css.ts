/**
 * `/project/billing/{key}`: the balance, threshold and prices side by side (one column on a
 * phone), the spend chart and the statement, then the usage ledger. The chart's category colours
 * are variables set per theme, used by its bars, legend and tooltip.
 */
import { createVar, globalStyle, style, styleVariants } from '@vanilla-extract/css';
import type { PriceCategory } from '@sapa/sdk';
import { tokens, vars } from '../theme/contract.css.ts';
import { narrow } from '../theme/media.ts';

/** Each category's colour on the chart. */
export const categoryColor: Record<PriceCategory, string> = {
  MARKETING: createVar(),
  UTILITY: createVar(),
  AUTHENTICATION: createVar(),
  SERVICE: createVar(),
};

/** The page: scrolls within the window below the header; the chart's colours for both themes. */
export const page = style({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.lg,
  padding: `${tokens.space.lg} ${tokens.space.xl}`,
  vars: {
    [categoryColor.MARKETING]: '#0b7d55',
    [categoryColor.UTILITY]: '#2563eb',
    [categoryColor.AUTHENTICATION]: '#c2410c',
    [categoryColor.SERVICE]: '#7c3aed',
  },
  selectors: {
    '[data-theme="dark"] &': {
      vars: {
        [categoryColor.MARKETING]: '#34c78f',
        [categoryColor.UTILITY]: '#6ea8ff',
        [categoryColor.AUTHENTICATION]: '#ffa366',
        [categoryColor.SERVICE]: '#b794ff',
      },
    },
  },
  '@media': { [narrow]: { padding: tokens.space.md } },
});

/** The balance, the threshold and the prices: as many side by side as fit. */
export const summary = style({
  display: 'grid',
  gap: tokens.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))',
  alignItems: 'start',
});

/** The chart and the statement: side by side on a wide screen, the chart wider. */
export const reports = style({
  display: 'grid',
  gap: tokens.space.lg,
  gridTemplateColumns: 'minmax(0, 2fr) minmax(280px, 1fr)',
  alignItems: 'start',
  '@media': { 'screen and (max-width: 1100px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const card = style({
  minWidth: 0,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.lg,
  padding: tokens.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.md,
});

export const cardHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.sm,
  flexWrap: 'wrap',
});

export const cardTitle = style({ margin: 0, fontSize: tokens.font.size.md });

export const balance = style({
  margin: 0,
  fontSize: tokens.font.size.xxl,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
});

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: tokens.font.size.sm });

export const strong = style({ margin: 0, fontWeight: 600 });

export const actions = style({
  display: 'flex',
  gap: tokens.space.sm,
  flexWrap: 'wrap',
  alignItems: 'center',
});

/** A small table (prices, a statement's sums). */
export const miniTable = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: tokens.font.size.sm,
});

globalStyle(`${miniTable} th, ${miniTable} td`, {
  textAlign: 'start',
  padding: `${tokens.space.xs} ${tokens.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

globalStyle(`${miniTable} thead th`, { color: vars.color.textMuted, fontWeight: 600 });

export const number = style({ textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

globalStyle(`${miniTable} ${number}`, { textAlign: 'end' });

export const subTitle = style({
  margin: `${tokens.space.sm} 0 ${tokens.space.xs}`,
  fontSize: tokens.font.size.sm,
  fontWeight: 600,
});

/** The chart's range: quick ranges, then the two dates. */
export const rangeBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: tokens.space.md,
});

export const presets = style({ display: 'flex', gap: tokens.space.xs, flexWrap: 'wrap' });

export const dates = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(150px, 190px))',
  gap: tokens.space.sm,
  '@media': { [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)', width: '100%' } },
});

export const chart = style({ width: '100%', height: 260, minWidth: 0, margin: 0 });

globalStyle(`${chart} .recharts-cartesian-axis-tick-value`, {
  fill: vars.color.textMuted,
  fontSize: 12,
});

globalStyle(`${chart} .recharts-cartesian-grid line`, { stroke: vars.color.border });

globalStyle(`${chart} .recharts-tooltip-cursor`, { fill: vars.color.background });

/** A bar of a category: its colour (CSS beats the SVG attribute recharts sets). */
export const bar = styleVariants({ MARKETING: {}, UTILITY: {}, AUTHENTICATION: {}, SERVICE: {} });

for (const category of Object.keys(categoryColor) as PriceCategory[])
  globalStyle(`${bar[category]} .recharts-rectangle`, { fill: categoryColor[category] });

export const legend = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${tokens.space.xs} ${tokens.space.lg}`,
  fontSize: tokens.font.size.sm,
});

export const legendItem = style({ display: 'inline-flex', alignItems: 'center', gap: tokens.space.xs });

export const swatch = styleVariants(categoryColor, (color) => ({
  width: 10,
  height: 10,
  borderRadius: 3,
  background: color,
  flexShrink: 0,
}));

export const tooltip = style({
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  boxShadow: vars.shadow.raised,
  padding: tokens.space.sm,
  fontSize: tokens.font.size.sm,
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
});

export const state = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: tokens.space.sm,
  minHeight: 80,
});

export const error = style({ margin: 0, color: vars.color.danger, fontSize: tokens.font.size.sm });

/** The statement's figures: label and value in two columns. */
export const figures = style({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: `${tokens.space.xs} ${tokens.space.md}`,
  fontSize: tokens.font.size.sm,
});

/** A label and its value inside the figures' grid. */
export const figureRow = style({ display: 'contents' });

globalStyle(`${figures} dt`, { color: vars.color.textMuted });
globalStyle(`${figures} dd`, { margin: 0, textAlign: 'end', fontVariantNumeric: 'tabular-nums' });

/** The ledger's section: its heading and export, the filters, the table. */
export const ledger = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.md, minWidth: 0 });

export const filters = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))',
  alignItems: 'end',
  gap: tokens.space.md,
  padding: tokens.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.lg,
  background: vars.color.surface,
});

/** The filters on a phone: shown on demand behind "Filter". */
export const moreFilters = style({
  display: 'contents',
  '@media': {
    [narrow]: {
      selectors: {
        '&:not([data-open])': { display: 'none' },
        '&[data-open]': { display: 'flex', flexDirection: 'column', gap: tokens.space.md },
      },
    },
  },
});

export const filterToggle = style({
  display: 'none',
  '@media': { [narrow]: { display: 'inline-flex', justifySelf: 'start' } },
});

/** A ledger amount: credits green, debits as text. */
export const amount = styleVariants({
  credit: {
    color: vars.color.success,
    fontWeight: 600,
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
  },
  debit: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
});

export const cellStack = style({ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 });

export const link = style({ color: vars.color.primary, fontWeight: 500 });

/** The pay dialog's saldo and its "Isi saldo" link. */
export const saldoRow = style({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: tokens.space.sm,
  flexWrap: 'wrap',
  padding: tokens.space.md,
  borderRadius: tokens.radius.md,
  background: vars.color.background,
});

export const confirm = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.sm });
