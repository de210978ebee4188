/**
 * The conversation list's row height, shared by its styles and its virtualiser: every row is
 * exactly this tall (one line of name, one of preview), so the virtualiser never has to measure
 * rows and no row moves while the list scrolls.
 */
export const CONVERSATION_ROW_HEIGHT = 64;
