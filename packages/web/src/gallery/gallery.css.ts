import { globalStyle, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { tokens, vars } from '../theme/contract.css.ts';
import { FILENAME_MAX_WIDTH, GRID_GAP, TILE_HEIGHT, TILE_MIN_WIDTH } from './galleryLayout.ts';
import { narrow } from '../theme/media.ts';

/** The screen fills the window below the header: tools on top, the grid scrolls below. */
export const page = style({
  flex: 1,
  minHeight: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.md,
  padding: `${tokens.space.lg} ${tokens.space.xl} 0`,
  '@media': { [narrow]: { padding: `${tokens.space.md} ${tokens.space.md} 0` } },
});

export const tools = style({ display: 'flex', alignItems: 'center', gap: tokens.space.md, flexWrap: 'wrap' });

export const search = style({
  width: 'min(320px, 100%)',
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  background: vars.color.background,
  color: vars.color.text,
  font: 'inherit',
  padding: `${tokens.space.sm} ${tokens.space.md}`,
  outline: 'none',
  selectors: { '&:focus': { borderColor: vars.color.focus, boxShadow: `0 0 0 1px ${vars.color.focus}` } },
});

/** The conversation search of the send dialog spans the dialog. */
export const pickerSearch = style([search, { width: '100%', boxSizing: 'border-box' }]);

export const kinds = style({ display: 'flex', gap: tokens.space.xs, flexWrap: 'wrap' });

export const kind = style({
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: tokens.radius.full,
  padding: `2px ${tokens.space.md}`,
  font: 'inherit',
  fontSize: tokens.font.size.sm,
  cursor: 'pointer',
  selectors: {
    '&[data-selected]': {
      background: vars.color.primary,
      color: vars.color.primaryText,
      borderColor: vars.color.primary,
    },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});

export const state = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: tokens.space.md,
  padding: `${tokens.space.lg} 0`,
});

export const muted = style({ margin: 0, color: vars.color.textMuted });

// Its own compositing layer: scrolling moves the layer instead of repainting the tiles.
export const scroller = style({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  willChange: 'transform',
  paddingBottom: tokens.space.lg,
});

export const inner = style({ position: 'relative', width: '100%' });

export const row = style({
  position: 'absolute',
  top: 0,
  left: 0,
  width: '100%',
  display: 'grid',
  gap: GRID_GAP,
  height: TILE_HEIGHT,
});

export const footer = style({
  position: 'absolute',
  left: 0,
  width: '100%',
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'center',
  height: TILE_HEIGHT / 2,
});

export const tile = style({
  width: '100%',
  minWidth: TILE_MIN_WIDTH,
  height: TILE_HEIGHT,
  boxSizing: 'border-box',
  display: 'flex',
  flexDirection: 'column',
  padding: 0,
  overflow: 'hidden',
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&:hover': { borderColor: vars.color.primary },
    '&:focus-visible': { boxShadow: `0 0 0 2px ${vars.color.focus}`, borderColor: vars.color.focus },
  },
});

export const thumb = style({
  flex: 1,
  minHeight: 0,
  width: '100%',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: vars.color.background,
  color: vars.color.textMuted,
  overflow: 'hidden',
});

export const image = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' });

/** A kind's icon drawn large on a card (the icons are 14-16 px by default). */
export const bigIcon = style({ display: 'inline-flex' });
globalStyle(`${bigIcon} svg`, { width: 40, height: 40 });

export const caption = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  padding: `${tokens.space.sm} ${tokens.space.sm}`,
  borderTop: `1px solid ${vars.color.border}`,
});

/** A file name on one line, cut at 250px with an ellipsis (SPEC.md section 3). */
export const filename = style({
  display: 'block',
  maxWidth: `min(100%, ${FILENAME_MAX_WIDTH}px)`,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: tokens.font.size.sm,
  fontWeight: 600,
});

export const meta = style({ margin: 0, color: vars.color.textMuted, fontSize: tokens.font.size.sm });

export const preview = style({
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'center',
  background: vars.color.background,
  borderRadius: tokens.radius.md,
  minHeight: 160,
  overflow: 'hidden',
});

export const previewImage = style({
  maxWidth: '100%',
  maxHeight: '60vh',
  objectFit: 'contain',
  display: 'block',
});

export const previewMedia = style({ width: '100%', maxHeight: '60vh', display: 'block' });

export const previewFile = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: tokens.space.sm,
  padding: tokens.space.xl,
  color: vars.color.textMuted,
});

export const link = style({
  color: vars.color.primary,
  fontWeight: 600,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 } },
});

/** A link drawn as the primary button (the button recipe's focus ring needs react-aria's attribute). */
export const linkButton = style({
  textDecoration: 'none',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 } },
});

export const conversations = style({
  listStyle: 'none',
  margin: 0,
  padding: tokens.space.xs,
  maxHeight: 260,
  overflowY: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  outline: 'none',
  selectors: { '&[data-focus-visible]': { boxShadow: `0 0 0 2px ${vars.color.focus}` } },
});

export const conversation = recipe({
  base: {
    display: 'flex',
    flexDirection: 'column',
    gap: 2,
    padding: `${tokens.space.sm} ${tokens.space.md}`,
    borderRadius: tokens.radius.sm,
    cursor: 'pointer',
    outline: 'none',
    color: vars.color.text,
    selectors: {
      '&[data-focused]': { background: vars.color.background },
      '&[data-focus-visible]': { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` },
      '&[data-selected]': { background: vars.color.selected },
    },
  },
  variants: { disabled: { true: { opacity: 0.6, cursor: 'not-allowed' }, false: {} } },
});

export const conversationName = style({ fontWeight: 600 });

/** The project's storage meter (StorageMeter.tsx), under the tools. */
export const usage = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.xs,
  width: 'min(440px, 100%)',
  fontSize: tokens.font.size.sm,
});

export const usageHead = style({ display: 'flex', justifyContent: 'space-between', gap: tokens.space.sm });

export const usageLabel = style({ fontWeight: 600, whiteSpace: 'nowrap' });

export const usageTrack = style({
  height: 6,
  borderRadius: tokens.radius.full,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  overflow: 'hidden',
});

export const usageFill = recipe({
  base: { height: '100%', background: vars.color.primary },
  variants: { nearlyFull: { true: { background: vars.color.danger }, false: {} } },
});

export const usageHint = style({ margin: 0, color: vars.color.danger });
