import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { tokens, vars } from '../theme/contract.css.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.xl });

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: tokens.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
});

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.lg,
  padding: tokens.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.sm,
});

export const cardHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.sm,
});

export const name = style({ margin: 0, fontSize: tokens.font.size.lg, overflowWrap: 'anywhere' });

export const meta = style({ margin: 0, color: vars.color.textMuted, fontSize: tokens.font.size.sm });

export const status = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.space.xs,
    borderRadius: tokens.radius.full,
    padding: `2px ${tokens.space.sm}`,
    fontSize: tokens.font.size.sm,
    whiteSpace: 'nowrap',
    selectors: {
      '&::before': { content: '""', width: 8, height: 8, borderRadius: '50%', background: 'currentColor' },
    },
  },
  variants: {
    status: {
      connected: { background: vars.color.successSurface, color: vars.color.success },
      disconnected: { background: vars.color.warningSurface, color: vars.color.warning },
      logged_out: { background: vars.color.dangerSurface, color: vars.color.danger },
    },
  },
});

export const actions = style({
  display: 'flex',
  gap: tokens.space.sm,
  flexWrap: 'wrap',
  marginTop: tokens.space.xs,
});

export const section = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.lg,
  padding: tokens.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.md,
  maxWidth: 560,
});

export const sectionTitle = style({ margin: 0, fontSize: tokens.font.size.lg });

export const form = style({
  display: 'grid',
  gap: tokens.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
});

export const formEnd = style({ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-start' });

export const state = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: tokens.space.md,
});

export const empty = style({ margin: 0, color: vars.color.textMuted });

/** The add form and, beside it (below on a narrow screen), where its details come from. */
export const addRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: tokens.space.lg,
});

/** Where the form's details come from (AccountHelp). */
export const help = style([
  section,
  { background: vars.color.background, gap: tokens.space.sm, flex: '1 1 320px' },
]);

export const helpText = style({ margin: 0, color: vars.color.textMuted, lineHeight: 1.5 });

export const helpSteps = style({
  margin: 0,
  paddingInlineStart: tokens.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.xs,
  lineHeight: 1.5,
  overflowWrap: 'anywhere',
});

/** A coloured chip: a quality rating, a template's status. */
export const toneChip = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.space.xs,
    borderRadius: tokens.radius.full,
    padding: `2px ${tokens.space.sm}`,
    fontSize: tokens.font.size.sm,
    whiteSpace: 'nowrap',
    fontWeight: 500,
  },
  variants: {
    tone: {
      success: { background: vars.color.successSurface, color: vars.color.success },
      warning: { background: vars.color.warningSurface, color: vars.color.warning },
      danger: { background: vars.color.dangerSurface, color: vars.color.danger },
      neutral: {
        background: vars.color.background,
        color: vars.color.textMuted,
        border: `1px solid ${vars.color.border}`,
      },
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

/** What Meta verified of a number, as term / value rows. */
export const facts = style({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  columnGap: tokens.space.md,
  rowGap: tokens.space.xs,
  fontSize: tokens.font.size.sm,
  alignItems: 'center',
});

export const factTerm = style({ color: vars.color.textMuted });

export const factValue = style({ margin: 0, overflowWrap: 'anywhere', minWidth: 0 });

export const verifiedName = style({ fontWeight: 600 });

/** The tabs of the screen: the numbers and their templates. */
export const tabPanel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.xl,
  paddingTop: tokens.space.lg,
});

/** The add section and, beside it, the verified notice. */
export const addColumn = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.md,
  flex: '1 1 360px',
  maxWidth: 560,
});
