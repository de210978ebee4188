import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { filenameMaxWidth } from '@sapa/sdk';
import { tokens, vars } from '../theme/contract.css.ts';

/** One message row: its bubble on the customer's side (left) or ours (right). */
export const row = recipe({
  base: { display: 'flex', padding: `2px ${tokens.space.lg}` },
  variants: {
    side: { in: { justifyContent: 'flex-start' }, out: { justifyContent: 'flex-end' } },
    density: { comfortable: { paddingBlock: 4 }, compact: { paddingBlock: 1 } },
  },
});

export const bubble = recipe({
  base: {
    position: 'relative',
    maxWidth: 'min(75%, 520px)',
    minWidth: 96,
    borderRadius: tokens.radius.md,
    border: `1px solid ${vars.color.border}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.space.xs,
    overflowWrap: 'anywhere',
  },
  variants: {
    side: {
      in: { background: vars.color.bubbleIn, borderTopLeftRadius: 2 },
      out: { background: vars.color.bubbleOut, borderTopRightRadius: 2 },
    },
    density: {
      comfortable: { padding: `${tokens.space.sm} ${tokens.space.md}` },
      compact: { padding: `${tokens.space.xs} ${tokens.space.sm}`, fontSize: tokens.font.size.sm },
    },
    failed: { true: { borderColor: vars.color.danger }, false: {} },
  },
  defaultVariants: { failed: false },
});

export type BubbleVariants = RecipeVariants<typeof bubble>;

export const sender = style({ fontSize: tokens.font.size.sm, fontWeight: 600, color: vars.color.primary });

/** A caption: line breaks kept, links clickable; compact mode clamps it (SPEC.md section 3). */
export const caption = recipe({
  base: { margin: 0, whiteSpace: 'normal', wordBreak: 'break-word' },
  variants: {
    clamp: {
      none: {},
      two: { display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: 2, overflow: 'hidden' },
      three: { display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: 3, overflow: 'hidden' },
    },
  },
  defaultVariants: { clamp: 'none' },
});

export const captionLink = style({ color: vars.color.primary, textDecoration: 'underline' });

export const videoLink = style({ fontSize: tokens.font.size.sm, color: vars.color.primary });

export const contact = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  padding: tokens.space.sm,
  borderRadius: tokens.radius.sm,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
});

export const contactName = style({ fontWeight: 600 });

export const contactPhone = style({ fontSize: tokens.font.size.sm, color: vars.color.textMuted });

export const avatar = style({
  width: 36,
  height: 36,
  borderRadius: tokens.radius.full,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: vars.color.selected,
  color: vars.color.primary,
  fontWeight: 700,
  fontSize: tokens.font.size.sm,
  flexShrink: 0,
});

/** A generic file: its name truncated at 250 px (SPEC.md sections 3 and 9). */
export const fileLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: tokens.space.xs,
  color: vars.color.primary,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

export const filename = style({
  display: 'inline-block',
  maxWidth: filenameMaxWidth,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
});

export const quote = style({
  borderLeft: `3px solid ${vars.color.primary}`,
  background: vars.color.background,
  borderRadius: tokens.radius.sm,
  padding: `${tokens.space.xs} ${tokens.space.sm}`,
  fontSize: tokens.font.size.sm,
  color: vars.color.textMuted,
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.xs,
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
});

export const meta = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: tokens.space.xs,
  fontSize: 11,
  color: vars.color.textMuted,
});

export const tick = recipe({
  base: { display: 'inline-flex', alignItems: 'center' },
  variants: {
    status: {
      pending: { color: vars.color.textMuted },
      sent: { color: vars.color.textMuted },
      delivered: { color: vars.color.textMuted },
      read: { color: vars.color.tickRead },
      failed: { color: vars.color.danger },
    },
  },
});

export const failure = style({
  margin: 0,
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space.xs,
  flexWrap: 'wrap',
  fontSize: tokens.font.size.sm,
  color: vars.color.danger,
});

export const day = style({
  display: 'flex',
  justifyContent: 'center',
  padding: `${tokens.space.sm} 0`,
});

export const dayLabel = style({
  fontSize: tokens.font.size.sm,
  color: vars.color.textMuted,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.full,
  padding: `2px ${tokens.space.md}`,
});

/** The broadcast a message belongs to, above its content: a quiet link to its results. */
export const broadcastTag = style({
  alignSelf: 'flex-start',
  fontSize: '12px',
  fontWeight: 600,
  color: vars.color.primary,
  background: vars.color.selected,
  borderRadius: tokens.radius.full,
  padding: `1px ${tokens.space.sm}`,
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
