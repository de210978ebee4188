/**
 * The conversation list's row height, shared by its styles and its virtualiser: every row is
 * exactly this tall (one line of name, one of preview), so the virtualiser never has to measure
 * rows and no row moves while the list scrolls. 56 px (a 40 px avatar and 8 px above and below)
 * lets an 800 px high window show about a dozen conversations.
 */
export const CONVERSATION_ROW_HEIGHT = 56;
