import { style } from '@vanilla-extract/css';

export const window = style({ height: '100%', display: 'flex', flexDirection: 'column', overflow: 'hidden' });

export const panes = style({
  flex: 1,
  minHeight: 0,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { 'screen and (min-width: 1200px)': { gridTemplateColumns: 'minmax(0, 1fr) 320px' } },
});
