import { createThemeContract } from '@vanilla-extract/css';

/** The one theme contract; `light.css.ts` and `dark.css.ts` fill it. */
export const vars = createThemeContract({
  color: {
    background: null,
    surface: null,
    surfaceRaised: null,
    border: null,
    text: null,
    textMuted: null,
    primary: null,
    primaryHover: null,
    primaryText: null,
    danger: null,
    dangerSurface: null,
    success: null,
    successSurface: null,
    focus: null,
    overlay: null,
    warning: null,
    warningSurface: null,
    /** Chat bubbles: the customer's, and ours. */
    bubbleIn: null,
    bubbleOut: null,
    /** The blue double tick of a read message. */
    tickRead: null,
    /** Unread badges. */
    badge: null,
    badgeText: null,
    /** The selected row of a list. */
    selected: null,
  },
  shadow: { raised: null },
});

export const tokens = {
  space: { xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px', xxl: '40px' },
  radius: { sm: '6px', md: '10px', lg: '16px', full: '999px' },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    size: { sm: '13px', md: '15px', lg: '18px', xl: '24px', xxl: '32px' },
  },
} as const;
