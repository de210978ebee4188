/**
 * The broadcast results' pages: the broadcasts table (its status chips and progress bars), the
 * empty project's advice, and a broadcast's page (its header and controls, counts per state, the
 * template, audience, sending and cost cards, and the recipients).
 */
import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { tokens, vars } from '../theme/contract.css.ts';
import { narrow } from '../theme/media.ts';

/** A filter's label in the filter bar (the bar itself: crm.css.ts). */
export const label = style({ fontSize: tokens.font.size.sm, color: vars.color.textMuted });

export const cellStack = style({ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 });

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: tokens.font.size.sm });

export const link = style({ color: vars.color.primary, fontWeight: 600, overflowWrap: 'anywhere' });

/** A broadcast's name in the table: it wraps (the table keeps its other links whole). */
export const nameLink = style([link, { selectors: { 'tbody td &': { whiteSpace: 'normal' } } }]);

export const number = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

/** A broadcast's status (or a recipient's state) as a chip: the dot for what still moves. */
export const chip = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.space.xs,
    alignSelf: 'flex-start',
    borderRadius: tokens.radius.full,
    padding: `2px ${tokens.space.sm}`,
    fontSize: tokens.font.size.sm,
    fontWeight: 500,
    whiteSpace: 'nowrap',
  },
  variants: {
    tone: {
      neutral: {
        background: vars.color.background,
        color: vars.color.textMuted,
        border: `1px solid ${vars.color.border}`,
      },
      active: { background: vars.color.successSurface, color: vars.color.success },
      success: { background: vars.color.successSurface, color: vars.color.success },
      warning: { background: vars.color.warningSurface, color: vars.color.warning },
      danger: { background: vars.color.dangerSurface, color: vars.color.danger },
    },
    dot: {
      true: {
        selectors: {
          '&::before': {
            content: '""',
            width: 8,
            height: 8,
            borderRadius: '50%',
            background: 'currentColor',
          },
        },
      },
      false: {},
    },
  },
  defaultVariants: { dot: false },
});

/** A progress bar: the reached part, then the failed part, then the cancelled part, on a track. */
export const progress = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 4,
  width: '100%',
  minWidth: 0,
});

export const track = style({
  display: 'flex',
  width: '100%',
  height: 8,
  borderRadius: tokens.radius.full,
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  overflow: 'hidden',
});

export const trackLarge = style({ height: 14 });

export const part = styleVariants({
  reached: { background: vars.color.success, transition: 'width 300ms ease' },
  failed: { background: vars.color.danger, transition: 'width 300ms ease' },
  cancelled: { background: vars.color.textMuted, opacity: 0.5, transition: 'width 300ms ease' },
});

export const progressLine = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: tokens.space.sm,
  fontSize: tokens.font.size.sm,
  fontVariantNumeric: 'tabular-nums',
});

export const failedText = style({ color: vars.color.danger, fontWeight: 500 });

/** The empty project's advice in place of the table. */
export const empty = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: tokens.space.md,
  maxWidth: 640,
  padding: tokens.space.xl,
  background: vars.color.surface,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: tokens.radius.lg,
  lineHeight: 1.5,
});

export const emptyTitle = style({ margin: 0, fontSize: tokens.font.size.lg });

export const paragraph = style({ margin: 0 });

/** A link that looks like a button (a new page, not an action). */
export const linkButton = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.space.sm,
    borderRadius: tokens.radius.md,
    padding: `${tokens.space.sm} ${tokens.space.lg}`,
    fontSize: tokens.font.size.md,
    fontWeight: 600,
    textDecoration: 'none',
    border: '1px solid transparent',
    whiteSpace: 'nowrap',
    selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 } },
  },
  variants: {
    tone: {
      primary: {
        background: vars.color.primary,
        color: vars.color.primaryText,
        selectors: { '&:hover': { background: vars.color.primaryHover } },
      },
      secondary: {
        background: vars.color.surface,
        color: vars.color.text,
        borderColor: vars.color.border,
        selectors: { '&:hover': { borderColor: vars.color.primary } },
      },
    },
  },
  defaultVariants: { tone: 'primary' },
});

/** A broadcast's page. */
export const back = style({
  alignSelf: 'flex-start',
  color: vars.color.primary,
  fontWeight: 500,
  fontSize: tokens.font.size.sm,
});

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: tokens.space.md,
});

export const heading = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.xs, minWidth: 0 });

export const titleLine = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  flexWrap: 'wrap',
});

export const title = style({ margin: 0, fontSize: tokens.font.size.xl, overflowWrap: 'anywhere' });

export const controls = style({
  display: 'flex',
  gap: tokens.space.sm,
  flexWrap: 'wrap',
  alignItems: 'center',
  '@media': { [narrow]: { width: '100%' } },
});

export const alertLine = style({
  display: 'flex',
  gap: tokens.space.md,
  flexWrap: 'wrap',
  alignItems: 'center',
});

/** The counts per state: tiles as many side by side as fit. */
export const counts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(110px, 1fr))',
  gap: tokens.space.sm,
  margin: 0,
});

export const count = style({
  display: 'flex',
  flexDirection: 'column-reverse',
  gap: 2,
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
});

globalStyle(`${count} dt`, { color: vars.color.textMuted, fontSize: tokens.font.size.sm });
globalStyle(`${count} dd`, {
  margin: 0,
  fontSize: tokens.font.size.lg,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
});

export const countTone = styleVariants({
  plain: {},
  good: { borderLeft: `4px solid ${vars.color.success}` },
  bad: { borderLeft: `4px solid ${vars.color.danger}` },
});

/** The template, audience, sending and cost cards. */
export const cards = style({
  display: 'grid',
  gap: tokens.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))',
  alignItems: 'start',
});

export const card = style({
  minWidth: 0,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.lg,
  padding: tokens.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.sm,
  lineHeight: 1.5,
  overflowWrap: 'anywhere',
});

export const cardTitle = style({ margin: 0, fontSize: tokens.font.size.md });

export const wide = style({ gridColumn: '1 / -1' });

/** The template's body as sent, each variable a chip naming where its value comes from. */
export const body = style({
  margin: 0,
  padding: tokens.space.md,
  borderRadius: tokens.radius.md,
  background: vars.color.bubbleOut,
  whiteSpace: 'pre-wrap',
});

export const value = style({
  display: 'inline',
  padding: '0 6px',
  borderRadius: tokens.radius.sm,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  fontSize: tokens.font.size.sm,
  fontWeight: 500,
  whiteSpace: 'normal',
});

/** Label and value in two columns. */
export const facts = style({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: `${tokens.space.xs} ${tokens.space.md}`,
  fontSize: tokens.font.size.sm,
});

globalStyle(`${facts} dt`, { color: vars.color.textMuted });
globalStyle(`${facts} dd`, { margin: 0, overflowWrap: 'anywhere' });

export const money = style({
  margin: 0,
  fontSize: tokens.font.size.xl,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
});

export const section = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.md, minWidth: 0 });

export const sectionHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.sm,
  flexWrap: 'wrap',
});

export const sectionTitle = style({ margin: 0, fontSize: tokens.font.size.lg });

export const centered = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: tokens.space.md,
});
