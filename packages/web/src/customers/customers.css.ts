import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../theme/contract.css.ts';
import { narrow } from '../theme/media.ts';

export const muted = style({ margin: 0, color: vars.color.textMuted });

/** The filters but the search: in the bar's grid on wide screens; on a phone, shown on demand. */
export const more = style({
  display: 'contents',
  '@media': {
    [narrow]: {
      selectors: {
        '&:not([data-open])': { display: 'none' },
        '&[data-open]': { display: 'flex', flexDirection: 'column', gap: tokens.space.md },
      },
    },
  },
});

/** The phone's "Filter" button (wide screens show every filter). */
export const moreToggle = style({
  display: 'none',
  '@media': {
    [narrow]: {
      display: 'inline-flex',
      alignSelf: 'start',
      justifySelf: 'start',
      padding: `${tokens.space.xs} ${tokens.space.md}`,
      border: `1px solid ${vars.color.border}`,
      borderRadius: tokens.radius.md,
      background: vars.color.surface,
      color: vars.color.text,
      font: 'inherit',
      fontWeight: 600,
      cursor: 'pointer',
      selectors: { '&[data-selected]': { borderColor: vars.color.primary, color: vars.color.primary } },
    },
  },
});

export const label = style({ fontSize: tokens.font.size.sm, fontWeight: 600, color: vars.color.text });

export const nameCell = style({ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 });

export const name = style({ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis' });

export const phone = style({
  fontVariantNumeric: 'tabular-nums',
  fontSize: tokens.font.size.sm,
  color: vars.color.textMuted,
});

export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space.xs });

/** The form's custom fields: a name and a value per row, with its remove button. */
export const fieldRows = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.sm });

export const fieldRow = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1.4fr auto',
  gap: tokens.space.sm,
  alignItems: 'start',
  '@media': { 'screen and (max-width: 480px)': { gridTemplateColumns: '1fr' } },
});

export const removeField = style({ marginTop: 26 });

export const fieldset = style({
  border: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space.sm,
});

export const legend = style({ padding: 0, fontSize: tokens.font.size.sm, fontWeight: 600 });

export const textArea = style({
  flex: 1,
  minWidth: 0,
  minHeight: 72,
  resize: 'vertical',
  border: 'none',
  outline: 'none',
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  padding: `${tokens.space.sm} ${tokens.space.md}`,
});

/** The import's preview and problems. */
export const previewFrame = style({
  maxHeight: 220,
  overflow: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radius.md,
});

export const previewTable = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: tokens.font.size.sm,
});

export const previewCell = style({
  textAlign: 'left',
  padding: `${tokens.space.xs} ${tokens.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
  overflowWrap: 'anywhere',
});

export const problems = style({
  margin: 0,
  paddingLeft: tokens.space.lg,
  maxHeight: 180,
  overflow: 'auto',
  color: vars.color.danger,
  fontSize: tokens.font.size.sm,
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
});

export const summary = style({ margin: 0, fontWeight: 600 });

export const sectionTitle = style({ margin: 0, fontSize: tokens.font.size.md });
