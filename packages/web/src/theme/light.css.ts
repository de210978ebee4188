import { createTheme } from '@vanilla-extract/css';
import { vars } from './contract.css.ts';

export const lightTheme = createTheme(vars, {
  color: {
    background: '#f4f6f5',
    surface: '#ffffff',
    surfaceRaised: '#ffffff',
    border: '#d8dedb',
    text: '#14211b',
    textMuted: '#5a6b63',
    primary: '#0b7d55',
    primaryHover: '#096846',
    primaryText: '#ffffff',
    danger: '#b42318',
    dangerSurface: '#fdecea',
    success: '#0b7d55',
    successSurface: '#e3f5ec',
    focus: '#2563eb',
    overlay: 'rgba(244, 246, 245, 0.85)',
    warning: '#8a5300',
    warningSurface: '#fff4e0',
    bubbleIn: '#ffffff',
    bubbleOut: '#dcf5e7',
    tickRead: '#1d72f2',
    badge: '#0b7d55',
    badgeText: '#ffffff',
    selected: '#e3f5ec',
  },
  shadow: { raised: '0 6px 24px rgba(20, 33, 27, 0.12)' },
});
