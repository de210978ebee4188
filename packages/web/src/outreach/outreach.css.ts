import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { tokens, vars } from '../theme/contract.css.ts';
import { narrow } from '../theme/media.ts';

/** A template's category as a small pill (the picker's list, the thread's template messages). */
export const categoryChip = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    width: 'fit-content',
    borderRadius: tokens.radius.full,
    padding: `1px ${tokens.space.sm}`,
    fontSize: 11,
    fontWeight: 600,
    letterSpacing: 0.2,
    whiteSpace: 'nowrap',
  },
  variants: {
    category: {
      MARKETING: { background: vars.color.selected, color: vars.color.primary },
      UTILITY: { background: vars.color.successSurface, color: vars.color.success },
      AUTHENTICATION: { background: vars.color.warningSurface, color: vars.color.warning },
    },
  },
});
export type CategoryChipVariants = RecipeVariants<typeof categoryChip>;

/** The picker: the list or the form beside the preview (stacked on a phone). */
export const picker = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 300px)',
  gap: tokens.space.xl,
  alignItems: 'start',
  '@media': { [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.space.lg } },
});

export const column = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.md, minWidth: 0 });

export const state = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: tokens.space.sm,
  color: vars.color.textMuted,
  margin: 0,
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.sm,
  maxHeight: '55vh',
  overflowY: 'auto',
});

/** One template of the list: a button with its name, category, language and body. */
export const option = style({
  width: '100%',
  textAlign: 'left',
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.xs,
  padding: tokens.space.md,
  borderRadius: tokens.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { borderColor: vars.color.primary },
    '&[data-focus-visible]': { borderColor: vars.color.focus, boxShadow: `0 0 0 1px ${vars.color.focus}` },
    '&[data-selected]': {
      borderColor: vars.color.primary,
      background: vars.color.selected,
      boxShadow: `0 0 0 1px ${vars.color.primary}`,
    },
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

export const optionHead = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  flexWrap: 'wrap',
});

export const optionName = style({
  fontWeight: 600,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
});

export const optionMeta = style({ fontSize: tokens.font.size.sm, color: vars.color.textMuted });

export const optionBody = style({
  margin: 0,
  fontSize: tokens.font.size.sm,
  color: vars.color.textMuted,
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 2,
  overflow: 'hidden',
});

export const chosenHead = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  flexWrap: 'wrap',
});

export const hint = style({ margin: 0, fontSize: tokens.font.size.sm, color: vars.color.textMuted });

export const mediaField = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.xs });

export const mediaLabel = style({ fontWeight: 600, fontSize: tokens.font.size.sm });

export const mediaRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  flexWrap: 'wrap',
});

export const mediaThumb = style({
  width: 48,
  height: 48,
  objectFit: 'cover',
  borderRadius: tokens.radius.sm,
  border: `1px solid ${vars.color.border}`,
});

export const mediaName = style({
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: tokens.font.size.sm,
});

export const fieldError = style({ margin: 0, fontSize: tokens.font.size.sm, color: vars.color.danger });

export const error = style({
  margin: 0,
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  borderRadius: tokens.radius.md,
  background: vars.color.dangerSurface,
  color: vars.color.danger,
  fontSize: tokens.font.size.sm,
});

export const previewTitle = style({
  margin: 0,
  fontSize: tokens.font.size.sm,
  fontWeight: 600,
  color: vars.color.textMuted,
});

/** The preview's backdrop: a bit of chat wallpaper, so the bubble reads as WhatsApp's. */
export const previewStage = style({
  margin: 0,
  padding: tokens.space.md,
  borderRadius: tokens.radius.md,
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
});

/** A template as the customer sees it: header, body, footer, then its buttons. */
export const template = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.xs,
  minWidth: 0,
});

export const templateCard = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.xs,
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  borderRadius: tokens.radius.md,
  borderTopLeftRadius: 2,
  background: vars.color.bubbleIn,
  border: `1px solid ${vars.color.border}`,
  overflowWrap: 'anywhere',
});

export const templateHeader = style({ margin: 0, fontWeight: 700 });

export const templateMedia = style({
  width: '100%',
  maxHeight: 180,
  objectFit: 'cover',
  borderRadius: tokens.radius.sm,
  display: 'block',
});

export const templateMediaSlot = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: tokens.space.xs,
  minHeight: 72,
  borderRadius: tokens.radius.sm,
  background: vars.color.surface,
  border: `1px dashed ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: tokens.font.size.sm,
});

export const templateBody = style({ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' });

export const templateFooter = style({
  margin: 0,
  fontSize: tokens.font.size.sm,
  color: vars.color.textMuted,
});

export const templateButtons = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
});

export const templateButton = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: tokens.space.xs,
  padding: `${tokens.space.xs} ${tokens.space.sm}`,
  borderRadius: tokens.radius.sm,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.primary,
  fontSize: tokens.font.size.sm,
  fontWeight: 600,
  textAlign: 'center',
});

/** In the thread: the template's name and category above its content. */
export const templateTag = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.xs,
  flexWrap: 'wrap',
  fontSize: 11,
  color: vars.color.textMuted,
});

/** In the thread the body sits in the bubble itself; the buttons below it. */
export const threadButtons = style([templateButtons, { marginTop: tokens.space.xs }]);

export const start = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.md });

export const numberSelect = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.xs,
  maxWidth: 360,
});

/** A send refused for want of the project's balance: the text, and the way to billing. */
export const balanceRefusal = style({
  display: 'inline-flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: `0 ${tokens.space.sm}`,
});

export const balanceLink = style({ color: 'inherit', fontWeight: 600, textDecoration: 'underline' });
