/** The invite page's card content. */
import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../theme/contract.css.ts';

export const body = style({ display: 'flex', flexDirection: 'column', gap: tokens.space.md });

export const text = style({ margin: 0 });

export const muted = style({ margin: 0, color: vars.color.textMuted });

export const actions = style({ display: 'flex', gap: tokens.space.sm, flexWrap: 'wrap' });
