/**
 * The limits of automation rules, shared by the contract (`automationRuleDraftField`), the four
 * editors and the server. Text limits are WhatsApp's where it has one.
 */

/** Rules a project may keep, all kinds together (the create act counts; one rule cannot). */
export const AUTOMATION_RULES_MAX = 200;
/** A rule's name, at most. */
export const AUTOMATION_RULE_NAME_MAX = 100;
/** Conditions of one rule, at most. */
export const AUTOMATION_CONDITIONS_MAX = 10;
/** Actions of one rule, at most. */
export const AUTOMATION_ACTIONS_MAX = 5;
/** Ids one condition or action lists (labels, stages, numbers, members, ...), at most. */
export const AUTOMATION_IDS_MAX = 50;
/** Keywords of one keyword condition, at most. */
export const AUTOMATION_KEYWORDS_MAX = 50;
/** One keyword's length, at most (as typed, trimmed). */
export const AUTOMATION_KEYWORD_MAX_LENGTH = 100;
/** A text sent to the customer (WhatsApp's limit of a text message). */
export const AUTOMATION_TEXT_MAX = 4_096;
/** A media caption (WhatsApp's limit). */
export const AUTOMATION_CAPTION_MAX = 1_024;
/** A notification's text to members. */
export const AUTOMATION_NOTE_MAX = 500;
/** Steps of one follow-up sequence, at most. */
export const FOLLOW_UP_STEPS_MAX = 10;
/** The longest delay (a step's, a no-reply trigger's), in days. */
export const AUTOMATION_DELAY_MAX_DAYS = 90;
/** An auto-reply's quiet period: at least a minute (two bots must not answer each other forever). */
export const AUTOMATION_QUIET_PERIOD_MIN_MINUTES = 1;
/** An auto-reply's quiet period, at most (a week). */
export const AUTOMATION_QUIET_PERIOD_MAX_MINUTES = 10_080;
/** The quiet period a new auto-reply starts with. */
export const AUTOMATION_QUIET_PERIOD_DEFAULT_MINUTES = 60;
/** How long an assigned agent may leave a conversation unanswered before it is reassigned, at most. */
export const AUTOMATION_REASSIGN_MAX_MINUTES = 1_440;
/**
 * How deep automation may set off automation: a rule's label or stage may trigger other rules
 * (depth 1), theirs again (2), ...; at this depth the engine stops (`chain_limit`), so no two
 * rules can feed each other forever.
 */
export const AUTOMATION_CHAIN_MAX = 3;
