import { globalStyle, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { tokens, vars } from '../theme/contract.css.ts';

export const uploader = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.sm,
  minWidth: 0,
});

export const pond = recipe({
  base: { minWidth: 0 },
  variants: { compact: { true: {}, false: {} } },
});

const pondRoot = pond.classNames.base;
const compactPond = pond.classNames.variants.compact.true;
globalStyle(`${compactPond} .filepond--drop-label`, { minHeight: '2.75em' });
// The composer's drop zone appears only while files are dragged over the page (Uploader's
// `data-dragging`); its files, when it has any, stay shown.
globalStyle(`${compactPond}:not([data-dragging]) .filepond--drop-label`, { display: 'none' });
globalStyle(`${compactPond}:not([data-dragging]) .filepond--panel-root`, { border: 'none' });
globalStyle(`${compactPond} .filepond--drop-label label`, {
  padding: '0.25em 0.5em',
  fontSize: tokens.font.size.sm,
});
// Files side by side, three to a row (FilePond's grid layout), so previews stay small.
globalStyle(`${compactPond} .filepond--item`, { width: 'calc(33.33% - 0.5em)' });

// FilePond draws itself: its field follows the theme (light and dark); its items keep FilePond's
// own colours (grey, green when uploaded, red when failed) under white text.
globalStyle(`${pondRoot} .filepond--root`, { marginBottom: 0, fontFamily: tokens.font.body });
globalStyle(`${pondRoot} .filepond--panel-root`, {
  backgroundColor: vars.color.background,
  border: `1px dashed ${vars.color.border}`,
});
globalStyle(`${pondRoot} .filepond--drop-label`, { color: vars.color.textMuted });
globalStyle(`${pondRoot} .filepond--label-action`, {
  textDecorationColor: vars.color.primary,
  color: vars.color.primary,
});
globalStyle(`${pondRoot} .filepond--file-action-button:focus-visible`, {
  boxShadow: `0 0 0 2px ${vars.color.focus}`,
});

export const warning = style({
  margin: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.sm,
  padding: `${tokens.space.xs} ${tokens.space.sm}`,
  borderRadius: tokens.radius.md,
  background: vars.color.warningSurface,
  color: vars.color.warning,
  fontSize: tokens.font.size.sm,
});

export const items = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.xs,
});

const hidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** A file's row: shown when it adds something to FilePond's (a failure, a caption field). */
export const item = recipe({
  base: { display: 'flex', flexDirection: 'column', gap: tokens.space.xs, fontSize: tokens.font.size.sm },
  variants: { shown: { true: {}, false: hidden } },
});

export const itemLine = style({ display: 'flex', alignItems: 'baseline', gap: tokens.space.sm, minWidth: 0 });

export const itemName = style({
  flex: '0 1 auto',
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontWeight: 600,
});

export const itemMeta = style({ color: vars.color.textMuted, whiteSpace: 'nowrap' });

export const itemFailed = style({ color: vars.color.danger, whiteSpace: 'nowrap' });

export const itemError = style({ color: vars.color.danger });
