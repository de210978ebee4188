/** The Templates tab: the number picker, the list of templates, the editor and its preview. */
import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../theme/contract.css.ts';

export const panel = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.lg, minWidth: 0 });

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: tokens.space.md,
});

export const toolbarActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space.sm,
  alignItems: 'center',
});

export const numberPicker = style({ width: '100%', maxWidth: 420 });

export const numberValue = style({ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' });

export const muted = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: tokens.font.size.sm,
  lineHeight: 1.5,
});

export const syncing = style({ display: 'flex', alignItems: 'center', gap: tokens.space.sm });

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: tokens.space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))',
  '@media': { 'screen and (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.lg,
  padding: tokens.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.sm,
  minWidth: 0,
});

export const cardHead = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: tokens.space.sm,
});

export const templateName = style({
  margin: 0,
  fontSize: tokens.font.size.md,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  overflowWrap: 'anywhere',
});

export const tags = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space.xs, alignItems: 'center' });

export const bodyPreview = style({
  margin: 0,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  lineHeight: 1.45,
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
});

export const reason = style({ margin: 0, color: vars.color.danger, fontSize: tokens.font.size.sm });

export const cardFoot = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.sm,
  marginTop: 'auto',
});

/** The editor: the form, and its preview beside it (under it on a narrow screen). */
export const editor = style({
  display: 'grid',
  columnGap: tokens.space.xl,
  rowGap: tokens.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr) 340px',
  gridTemplateRows: 'auto 1fr',
  gridTemplateAreas: '"fields preview" "submit preview"',
  alignItems: 'start',
  '@media': {
    'screen and (max-width: 960px)': {
      gridTemplateColumns: 'minmax(0, 1fr)',
      gridTemplateRows: 'auto',
      gridTemplateAreas: '"fields" "preview" "submit"',
    },
  },
});

export const editorHead = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.xs });

export const editorTitle = style({ margin: 0, fontSize: tokens.font.size.lg });

export const form = style({
  gridArea: 'fields',
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.lg,
  minWidth: 0,
});

export const fieldset = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.lg,
  background: vars.color.surface,
  padding: tokens.space.lg,
  margin: 0,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.md,
});

/** Inside the box like the other sections' labels (a floated legend leaves the border). */
export const legend = style({
  float: 'left',
  width: '100%',
  padding: 0,
  fontWeight: 600,
  fontSize: tokens.font.size.sm,
  marginBottom: tokens.space.md,
});

export const row = style({
  display: 'grid',
  gap: tokens.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
});

export const textareaRow = style({
  display: 'flex',
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
  background: vars.color.surface,
  selectors: {
    '&:focus-within': { borderColor: vars.color.focus, boxShadow: `0 0 0 1px ${vars.color.focus}` },
    '[data-invalid] &': { borderColor: vars.color.danger },
  },
});

export const textarea = style({
  flex: 1,
  minWidth: 0,
  minHeight: 140,
  resize: 'vertical',
  border: 'none',
  outline: 'none',
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  lineHeight: 1.45,
  padding: `${tokens.space.sm} ${tokens.space.md}`,
});

export const bodyTools = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.sm,
});

export const count = style({
  color: vars.color.textMuted,
  fontSize: tokens.font.size.sm,
  fontVariantNumeric: 'tabular-nums',
});

export const button = style({
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: tokens.space.md,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.sm,
});

export const buttonHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: tokens.space.sm,
});

export const buttonTitle = style({ margin: 0, fontSize: tokens.font.size.md, fontWeight: 600 });

export const addButtons = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space.sm });

export const urlRow = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: tokens.space.sm,
  flexWrap: 'wrap',
});

export const grow = style({ flex: '1 1 220px', minWidth: 0 });

export const sectionError = style({ margin: 0, color: vars.color.danger, fontSize: tokens.font.size.sm });

export const problems = style({
  margin: 0,
  paddingInlineStart: tokens.space.lg,
  color: vars.color.textMuted,
  fontSize: tokens.font.size.sm,
  lineHeight: 1.5,
  overflowWrap: 'anywhere',
});

export const submitBar = style({
  gridArea: 'submit',
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.sm,
  paddingTop: tokens.space.md,
  borderTop: `1px solid ${vars.color.border}`,
});

export const submitActions = style({
  display: 'flex',
  gap: tokens.space.sm,
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
});

export const ready = style({ margin: 0, color: vars.color.success, fontSize: tokens.font.size.sm });

export const previewColumn = style({
  gridArea: 'preview',
  position: 'sticky',
  top: tokens.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.sm,
  '@media': { 'screen and (max-width: 960px)': { position: 'static' } },
});
