import { createTheme } from '@vanilla-extract/css';
import { vars } from './contract.css.ts';

export const darkTheme = createTheme(vars, {
  color: {
    background: '#0e1512',
    surface: '#16201b',
    surfaceRaised: '#1d2a24',
    border: '#2c3a33',
    text: '#e6efea',
    textMuted: '#9fb1a8',
    primary: '#34c78f',
    primaryHover: '#4fd9a2',
    primaryText: '#06130d',
    danger: '#ff8a80',
    dangerSurface: '#3a1b18',
    success: '#34c78f',
    successSurface: '#12301f',
    focus: '#8ab4ff',
    overlay: 'rgba(14, 21, 18, 0.85)',
    warning: '#ffc266',
    warningSurface: '#3a2a10',
    bubbleIn: '#1d2a24',
    bubbleOut: '#14432f',
    tickRead: '#6ab0ff',
    badge: '#34c78f',
    badgeText: '#06130d',
    selected: '#173528',
  },
  shadow: { raised: '0 6px 24px rgba(0, 0, 0, 0.5)' },
});
