/**
 * The broadcast composer's styles: the steps' list, a step's form beside its preview or summary
 * (stacked under 900 px), the choices as cards, the value groups, the CSV's rows left out and the
 * cost. At 390 px everything is one column and the steps' list shows the open step's name only.
 */
import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { tokens, vars } from '../theme/contract.css.ts';
import { narrow } from '../theme/media.ts';

const stacked = 'screen and (max-width: 899px)';

export const page = style({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.lg,
  padding: `${tokens.space.lg} ${tokens.space.xl}`,
  '@media': { [narrow]: { padding: tokens.space.md, gap: tokens.space.md } },
});

export const head = style({ display: 'flex', alignItems: 'center', gap: tokens.space.md, flexWrap: 'wrap' });

export const title = style({ margin: 0, fontSize: tokens.font.size.xl, marginRight: 'auto' });

export const backLink = style({
  color: vars.color.primary,
  fontSize: tokens.font.size.sm,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});

export const state = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: tokens.space.md,
});

/** The steps' list: four numbered buttons in a row. */
export const steps = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gap: tokens.space.sm,
});

export const stepButton = style({
  width: '100%',
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: tokens.font.size.sm,
  textAlign: 'left',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]:not([data-disabled])': { borderColor: vars.color.primary },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
    '&[data-disabled]': { cursor: 'not-allowed', color: vars.color.textMuted },
    '&[aria-current="step"]': { borderColor: vars.color.primary, background: vars.color.selected },
  },
  '@media': { [narrow]: { justifyContent: 'center', padding: tokens.space.sm } },
});

export const stepNumber = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: 24,
    height: 24,
    borderRadius: tokens.radius.full,
    fontWeight: 700,
    fontSize: 12,
    border: `1px solid ${vars.color.border}`,
  },
  variants: {
    state: {
      current: {
        background: vars.color.primary,
        color: vars.color.primaryText,
        borderColor: vars.color.primary,
      },
      done: {
        background: vars.color.successSurface,
        color: vars.color.success,
        borderColor: vars.color.success,
      },
      todo: { background: vars.color.surface, color: vars.color.textMuted },
    },
  },
});

/** A step's name in the list: hidden on a phone but for the open step (which the heading names too). */
export const stepName = style({
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  '@media': { [narrow]: { display: 'none' } },
});

/**
 * A step: its form with Back / Next under it, beside its preview or summary; stacked, the preview
 * comes before the buttons (what the step makes is seen before going on).
 */
export const body = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(280px, 360px)',
  gridTemplateRows: 'auto 1fr',
  gridTemplateAreas: '"form aside" "actions aside"',
  columnGap: tokens.space.xl,
  rowGap: tokens.space.lg,
  alignItems: 'start',
  '@media': {
    [stacked]: {
      gridTemplateColumns: 'minmax(0, 1fr)',
      gridTemplateRows: 'auto',
      gridTemplateAreas: '"form" "aside" "actions"',
    },
  },
});

export const column = style({
  gridArea: 'form',
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.lg,
  minWidth: 0,
});

/** The preview or summary beside the form, kept in sight while the form scrolls. */
export const aside = style({
  gridArea: 'aside',
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.md,
  minWidth: 0,
  position: 'sticky',
  top: 0,
  '@media': { [stacked]: { position: 'static' } },
});

export const footer = style({ gridArea: 'actions', minWidth: 0 });

export const stepTitle = style({
  margin: 0,
  fontSize: tokens.font.size.lg,
  outline: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
});

export const stepOf = style({ fontSize: tokens.font.size.sm, fontWeight: 400, color: vars.color.textMuted });

export const sectionTitle = style({ margin: 0, fontSize: tokens.font.size.md, fontWeight: 600 });

export const hint = style({ margin: 0, fontSize: tokens.font.size.sm, color: vars.color.textMuted });

export const error = style({ margin: 0, fontSize: tokens.font.size.sm, color: vars.color.danger });

export const alert = style({
  margin: 0,
  padding: tokens.space.md,
  borderRadius: tokens.radius.md,
  background: vars.color.dangerSurface,
  color: vars.color.danger,
  fontSize: tokens.font.size.sm,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: tokens.space.sm,
});

export const warning = style({
  margin: 0,
  padding: tokens.space.md,
  borderRadius: tokens.radius.md,
  background: vars.color.warningSurface,
  color: vars.color.text,
  fontSize: tokens.font.size.sm,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: tokens.space.sm,
});

export const inlineLink = style({
  color: vars.color.primary,
  fontWeight: 600,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 } },
});

/** Choices shown as cards (the numbers, the audience's kind, now or later). */
export const cards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  gap: tokens.space.sm,
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  padding: tokens.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  background: vars.color.surface,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]:not([data-disabled])': { borderColor: vars.color.primary },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
    '&[data-selected]': {
      borderColor: vars.color.primary,
      background: vars.color.selected,
      boxShadow: `0 0 0 1px ${vars.color.primary}`,
    },
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

export const cardTitle = style({ fontWeight: 600 });

export const cardMeta = style({ fontSize: tokens.font.size.sm, color: vars.color.textMuted });

export const groupLabel = style({ fontSize: tokens.font.size.sm, fontWeight: 600, color: vars.color.text });

export const radioGroup = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.sm });

/** One template variable: its source, then its text, field or fallback. */
export const valueGroup = style({
  margin: 0,
  padding: tokens.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 200px) minmax(0, 1fr)',
  gap: tokens.space.md,
  alignItems: 'start',
  minWidth: 0,
  '@media': { [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const valueLegend = style({
  padding: `0 ${tokens.space.xs}`,
  fontWeight: 600,
  fontSize: tokens.font.size.sm,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
});

export const valueFields = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.sm,
  minWidth: 0,
});

export const groupError = style({
  gridColumn: '1 / -1',
  margin: 0,
  fontSize: tokens.font.size.sm,
  color: vars.color.danger,
});

export const filters = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  gap: tokens.space.md,
  alignItems: 'start',
});

export const row = style({ display: 'flex', alignItems: 'center', gap: tokens.space.sm, flexWrap: 'wrap' });

export const fileName = style({ fontWeight: 600, overflowWrap: 'anywhere' });

/** The count: big, with the opted-out note under it. */
export const count = style({ margin: 0, fontSize: tokens.font.size.xl, fontWeight: 700 });

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.sm,
  padding: tokens.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.lg,
  background: vars.color.surface,
  minWidth: 0,
});

export const rowErrors = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: tokens.font.size.sm,
  fontVariantNumeric: 'tabular-nums',
});

export const rowErrorsScroll = style({ maxHeight: 240, overflowY: 'auto' });

export const cell = style({
  textAlign: 'left',
  padding: `${tokens.space.xs} ${tokens.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  overflowWrap: 'anywhere',
});

/** The summary's terms and their values. */
export const facts = style({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: `${tokens.space.xs} ${tokens.space.md}`,
  fontSize: tokens.font.size.sm,
});

export const term = style({ color: vars.color.textMuted });

export const fact = style({ margin: 0, fontWeight: 600, overflowWrap: 'anywhere', textAlign: 'right' });

export const factWithChip = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  alignItems: 'center',
  gap: tokens.space.xs,
});

export const total = style({ fontSize: tokens.font.size.md, fontWeight: 700 });

export const schedule = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 160px)',
  gap: tokens.space.md,
  alignItems: 'start',
  '@media': { [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

/** Back and Next / Send, at the foot of the form. */
export const actions = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: tokens.space.sm,
  flexWrap: 'wrap',
  paddingTop: tokens.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
});

export const mediaThumb = style({
  width: 56,
  height: 56,
  objectFit: 'cover',
  borderRadius: tokens.radius.sm,
  border: `1px solid ${vars.color.border}`,
});
