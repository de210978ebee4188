import { style } from '@vanilla-extract/css';

/** The content area while a screen's code loads: room for the spinner, centred. */
export const placeholder = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: 160,
  flex: 1,
});
