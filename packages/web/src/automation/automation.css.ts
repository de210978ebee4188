import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../theme/contract.css.ts';
import { narrow } from '../theme/media.ts';

export const intro = style({ margin: 0, color: vars.color.textMuted, maxWidth: 760 });

export const nameCell = style({ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 });
export const nameButton = style({
  all: 'unset',
  cursor: 'pointer',
  fontWeight: 600,
  color: vars.color.primary,
  overflowWrap: 'anywhere',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 } },
});
export const muted = style({ color: vars.color.textMuted, fontSize: tokens.font.size.sm });

export const orderCell = style({ display: 'flex', alignItems: 'center', gap: tokens.space.xs });
export const orderNumber = style({ minWidth: 20, textAlign: 'right', fontVariantNumeric: 'tabular-nums' });

export const switchRoot = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: tokens.space.sm,
  cursor: 'pointer',
  selectors: { '&[data-disabled]': { cursor: 'default', opacity: 0.6 } },
});
export const switchTrack = style({
  width: 36,
  height: 20,
  borderRadius: tokens.radius.full,
  background: vars.color.border,
  position: 'relative',
  flexShrink: 0,
  transition: 'background 120ms',
  selectors: {
    [`${switchRoot}[data-selected] &`]: { background: vars.color.primary },
    [`${switchRoot}[data-focus-visible] &`]: { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
  '::before': {
    content: '""',
    position: 'absolute',
    top: 2,
    left: 2,
    width: 16,
    height: 16,
    borderRadius: '50%',
    background: vars.color.surfaceRaised,
    transition: 'transform 120ms',
  },
});
export const switchOn = style({
  selectors: { [`${switchRoot}[data-selected] &::before`]: { transform: 'translateX(16px)' } },
});

/** The editor: sections stacked, each with a heading and its rows. */
export const form = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.lg });
export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  padding: tokens.space.lg,
  margin: 0,
  minWidth: 0,
});
export const sectionTitle = style({
  fontWeight: 600,
  fontSize: tokens.font.size.md,
  padding: `0 ${tokens.space.xs}`,
});
export const help = style({ margin: 0, color: vars.color.textMuted, fontSize: tokens.font.size.sm });
export const row = style({ display: 'flex', gap: tokens.space.md, flexWrap: 'wrap', alignItems: 'flex-end' });
export const grow = style({ flex: '1 1 220px', minWidth: 0 });
export const small = style({ flex: '0 1 220px', minWidth: 120 });

/** One condition, action or step: a card with its kind and a remove button. */
export const part = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.sm,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.sm,
  padding: tokens.space.md,
});
export const partHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.sm,
});
export const partTitle = style({ fontWeight: 600 });
export const fieldError = style({ margin: 0, color: vars.color.danger, fontSize: tokens.font.size.sm });

export const choices = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.sm,
  border: 0,
  padding: 0,
  margin: 0,
});
export const choice = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: tokens.space.xs,
  padding: `2px ${tokens.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.full,
  cursor: 'pointer',
  fontSize: tokens.font.size.sm,
  selectors: {
    '&[data-selected]': { background: vars.color.selected, borderColor: vars.color.primary },
    '&[data-disabled]': { cursor: 'default', opacity: 0.7 },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});
/** A ticked choice's mark. */
export const mark = style({ width: 12, display: 'inline-block', textAlign: 'center', fontWeight: 700 });
export const checkChoice = style([choice, { alignSelf: 'flex-start' }]);
export const legend = style({
  fontSize: tokens.font.size.sm,
  fontWeight: 600,
  marginBottom: tokens.space.xs,
});

export const textarea = style({
  width: '100%',
  boxSizing: 'border-box',
  minHeight: 80,
  resize: 'vertical',
  font: 'inherit',
  padding: tokens.space.sm,
  borderRadius: tokens.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
});
export const addRow = style({
  display: 'flex',
  gap: tokens.space.sm,
  flexWrap: 'wrap',
  alignItems: 'flex-end',
});

export const tryBox = style([section, { background: vars.color.surface }]);
export const tryResult = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.xs,
  padding: tokens.space.md,
  borderRadius: tokens.radius.sm,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
});
export const fires = style({ margin: 0, color: vars.color.success, fontWeight: 600 });
export const skips = style({ margin: 0, color: vars.color.warning, fontWeight: 600 });

export const outcome = style({
  display: 'inline-block',
  padding: `1px ${tokens.space.sm}`,
  borderRadius: tokens.radius.full,
  fontSize: tokens.font.size.sm,
  background: vars.color.warningSurface,
  alignSelf: 'flex-start',
});
export const outcomeFired = style([outcome, { background: vars.color.successSurface }]);

export const dialogActions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: tokens.space.sm,
  flexWrap: 'wrap',
  position: 'sticky',
  bottom: `calc(-1 * ${tokens.space.xl})`,
  background: vars.color.surfaceRaised,
  padding: `${tokens.space.md} 0 ${tokens.space.xl}`,
  marginBottom: `calc(-1 * ${tokens.space.xl})`,
  '@media': { [narrow]: { justifyContent: 'stretch' } },
});
