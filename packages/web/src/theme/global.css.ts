import { globalStyle } from '@vanilla-extract/css';
import { tokens, vars } from './contract.css.ts';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html, body, #root', { margin: 0, minHeight: '100%', height: '100%' });
globalStyle('body', {
  fontFamily: tokens.font.body,
  fontSize: tokens.font.size.md,
  lineHeight: 1.5,
  background: vars.color.background,
  color: vars.color.text,
});
globalStyle('a', { color: vars.color.primary });
globalStyle(':focus-visible', { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' });
