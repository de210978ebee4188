/**
 * The layout's one breakpoint (DESIGN.md, phones): under 768 px the frame's sidebar becomes a
 * drawer, the chat shows one pane at a time and tables lay their rows out as cards. Every style
 * sheet's media query comes from here.
 */
export const narrow = 'screen and (max-width: 767px)';

/** 768 px and wider. */
export const wide = 'screen and (min-width: 768px)';
