import { globalStyle, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { tokens, vars } from '../theme/contract.css.ts';
import { narrow } from '../theme/media.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.xl, minWidth: 0 });

/** The balance and the top-up panel: side by side on a wide screen, one above the other on a phone. */
export const top = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1.4fr)',
  gap: tokens.space.lg,
  alignItems: 'start',
  '@media': { [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.lg,
  padding: tokens.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.md,
  minWidth: 0,
});

export const section = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.md, minWidth: 0 });

export const sectionTitle = style({ margin: 0, fontSize: tokens.font.size.lg });

export const label = style({ margin: 0, color: vars.color.textMuted, fontSize: tokens.font.size.sm });

export const balance = style({
  margin: 0,
  fontSize: tokens.font.size.xxl,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
});

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: tokens.font.size.sm });

export const pendingNote = style({
  margin: 0,
  alignSelf: 'flex-start',
  padding: `${tokens.space.xs} ${tokens.space.sm}`,
  borderRadius: tokens.radius.sm,
  background: vars.color.warningSurface,
  color: vars.color.text,
  fontSize: tokens.font.size.sm,
});

export const form = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.md });

export const presets = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space.sm });

export const preset = style({
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  minHeight: 40,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  background: vars.color.background,
  color: vars.color.text,
  font: 'inherit',
  fontWeight: 600,
  fontVariantNumeric: 'tabular-nums',
  cursor: 'pointer',
  selectors: {
    '&[data-selected]': {
      borderColor: vars.color.primary,
      color: vars.color.primary,
      background: vars.color.surface,
    },
    '&[data-hovered]:not([data-disabled])': { borderColor: vars.color.primary },
    '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const presetsLabel = style({ fontSize: tokens.font.size.sm, fontWeight: 600 });

/** A link drawn as a button (the gateway's page): no underline. */
export const linkButton = style({ textDecoration: 'none' });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.sm,
  alignItems: 'center',
});

export const message = recipe({
  base: {
    margin: 0,
    padding: `${tokens.space.sm} ${tokens.space.md}`,
    borderRadius: tokens.radius.md,
    color: vars.color.text,
  },
  variants: {
    tone: {
      error: { background: vars.color.dangerSurface, color: vars.color.danger },
      success: { background: vars.color.successSurface },
      warning: { background: vars.color.warningSurface },
    },
  },
});

export const waitingTitle = style({ margin: 0, fontSize: tokens.font.size.lg, fontWeight: 600 });

export const facts = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: 2 });

/** The pending top-ups: one card each, in a grid that wraps. */
export const pendingList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
  gap: tokens.space.md,
  '@media': { [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const pendingItem = style([card, { gap: tokens.space.sm }]);

export const amount = style({ fontWeight: 700, fontVariantNumeric: 'tabular-nums' });

export const order = style({
  fontVariantNumeric: 'tabular-nums',
  fontSize: tokens.font.size.sm,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

/** A money cell: right-aligned digits; credits green, debits red (the sign says it too). */
export const money = recipe({
  base: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  variants: {
    sign: { credit: { color: vars.color.success }, debit: { color: vars.color.danger }, none: {} },
  },
  defaultVariants: { sign: 'none' },
});

export const status = recipe({
  base: {
    display: 'inline-block',
    padding: `2px ${tokens.space.sm}`,
    borderRadius: tokens.radius.full,
    fontSize: tokens.font.size.sm,
    fontWeight: 600,
    whiteSpace: 'nowrap',
  },
  variants: {
    status: {
      pending: { background: vars.color.warningSurface, color: vars.color.text },
      paid: { background: vars.color.successSurface, color: vars.color.success },
      expired: { background: vars.color.background, color: vars.color.textMuted },
      failed: { background: vars.color.dangerSurface, color: vars.color.danger },
    },
  },
});

export const detail = style({ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 });

export const muted = style({ color: vars.color.textMuted, fontSize: tokens.font.size.sm });

/** The ledger's filters: kind, the dates, reset and export, wrapping on narrow screens. */
export const filters = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))',
  alignItems: 'end',
  gap: tokens.space.md,
  padding: tokens.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.lg,
  background: vars.color.surface,
});

export const filterActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: tokens.space.sm,
});

/** The printable receipt: on screen inside its dialog; on paper, the only thing printed. */
export const receipt = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.md,
  padding: tokens.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  background: vars.color.background,
  '@media': {
    print: {
      position: 'fixed',
      inset: 0,
      maxWidth: '170mm',
      margin: 0,
      padding: '12mm',
      border: 'none',
      borderRadius: 0,
      background: '#fff',
      color: '#000',
    },
  },
});

export const receiptBrand = style({
  margin: 0,
  fontSize: tokens.font.size.sm,
  fontWeight: 700,
  letterSpacing: '0.08em',
});

export const receiptHeading = style({ margin: 0, fontSize: tokens.font.size.lg });

/** Term and value side by side; on a phone, the term above its value. */
export const receiptFields = style({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  columnGap: tokens.space.lg,
  rowGap: tokens.space.xs,
  '@media': { 'screen and (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)', rowGap: 0 } },
});

export const receiptTerm = style({ color: vars.color.textMuted, '@media': { print: { color: '#444' } } });

export const receiptValue = style({
  margin: 0,
  fontWeight: 600,
  overflowWrap: 'anywhere',
  '@media': { 'screen and (max-width: 480px)': { marginBottom: tokens.space.sm } },
});

export const receiptTotal = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: tokens.space.md,
  paddingTop: tokens.space.sm,
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: tokens.font.size.lg,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
});

export const receiptNote = style({ margin: 0, fontSize: tokens.font.size.sm, color: vars.color.textMuted });

// While a receipt is open, printing prints it alone: everything else is hidden (not removed, so
// the page keeps its layout), the receipt shown at the top of the paper.
globalStyle(`body:has(${receipt}) *`, { '@media': { print: { visibility: 'hidden' } } });
globalStyle(`body:has(${receipt}) ${receipt}, body:has(${receipt}) ${receipt} *`, {
  '@media': { print: { visibility: 'visible' } },
});
