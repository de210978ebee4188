/**
 * The business constants of SPEC.md section 9, each by name. Durations are in milliseconds (`_MS`),
 * sizes in bytes, widths and heights in CSS pixels (`_PX`).
 */

// Toasts
export const TOAST_AUTO_CLOSE_MS = 5000;

// Queries: no refetch on window focus, refetch on reconnect, 1 retry.
export const QUERY_RETRY = 1;
export const QUERY_REFETCH_ON_WINDOW_FOCUS = false;
export const QUERY_REFETCH_ON_RECONNECT = true;
export const queryDefaults = {
  retry: QUERY_RETRY,
  refetchOnWindowFocus: QUERY_REFETCH_ON_WINDOW_FOCUS,
  refetchOnReconnect: QUERY_REFETCH_ON_RECONNECT,
} as const;

// Paginated tables
export const TABLE_PAGE_SIZE = 10;
export const TABLE_INITIAL_PAGE_INDEX = 0;
/** Page links either side of the current page. */
export const TABLE_PAGE_LINK_SIBLINGS = 2;
/** Page links shown when there are enough pages (the window widens back to this on the last pages). */
export const TABLE_PAGE_LINK_COUNT = 5;
/** The page-link window is centred on this page (1-based) at minimum. */
export const TABLE_PAGE_LINK_MIN_CENTRE = 3;
export const TABLE_COLUMN_WIDTH = 150;
export const TABLE_COLUMN_MIN_WIDTH = 20;

// Real-time socket
export const SOCKET_RECONNECT_DELAY_MS = 1000;
export const SOCKET_RECONNECT_DELAY_MAX_MS = 5000;
export const SOCKET_RANDOMIZATION_FACTOR = 0.5;
export const SOCKET_RECONNECT_ATTEMPTS = Infinity;
export const SOCKET_CONNECT_TIMEOUT_MS = 20_000;
/** The reconnect settings as socket.io-client `Manager` options. */
export const socketOptions = {
  reconnection: true,
  reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
  reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MAX_MS,
  randomizationFactor: SOCKET_RANDOMIZATION_FACTOR,
  reconnectionAttempts: SOCKET_RECONNECT_ATTEMPTS,
  timeout: SOCKET_CONNECT_TIMEOUT_MS,
} as const;

// Push notifications
export const PUSH_TOKEN_REFRESH_DAYS = 7;
export const PUSH_TOKEN_REFRESH_MS = PUSH_TOKEN_REFRESH_DAYS * 24 * 60 * 60 * 1000;

// File uploads (FilePond options)
export const UPLOAD_CHUNK_SIZE = 5_000_000;
export const UPLOAD_CHUNK_RETRY_DELAYS_MS: readonly number[] = [500, 1000, 3000];
export const UPLOAD_MAX_PARALLEL = 2;
/** One file unless the field allows multiple. */
export const UPLOAD_DEFAULT_MAX_FILES = 1;
/** The max when multiple files are allowed and none is set ("unlimited"). */
export const UPLOAD_UNLIMITED_MAX_FILES = 1_000_000;
export const UPLOAD_PREVIEW_MIN_HEIGHT_PX = 44;
export const UPLOAD_PREVIEW_MAX_HEIGHT_PX = 256;
export const UPLOAD_PREVIEW_ZOOM_FACTOR = 2;
/** Files up to this size get an instant preview. */
export const UPLOAD_INSTANT_PREVIEW_MAX_BYTES = 1_000_000;
/** File sizes are shown in base 1000 (bytes, KB, MB, GB). */
export const FILE_SIZE_BASE = 1000;
export const UPLOAD_RESIZE_DEBOUNCE_MS = 250;
export const UPLOAD_BROWSE_DELAY_MS = 250;
export const UPLOAD_A11Y_NOTICE_CLEAR_MS = 1500;
export const UPLOAD_A11Y_ADDED_NOTICE_MS = 750;
/** A drag counts as a move beyond this distance. */
export const UPLOAD_DRAG_THRESHOLD_PX = 4;
export const UPLOAD_PROGRESS_FADE_MS = 500;

// Media
export const AUDIO_LISTEN_INTERVAL_MS = 10_000;
/** A swipe longer than this closes the image zoom. */
export const IMAGE_ZOOM_SWIPE_CLOSE_PX = 10;
export const MEDIA_PROGRESS_INTERVAL_MS = 1000;
export const MEDIA_PENDING_SEEK_EXPIRY_MS = 5000;
export const MEDIA_PLAY_BUTTON_PX = 64;

// Chat messages (SPEC.md section 3)
export const CHAT_COMPACT_CAPTION_LINES = 2;
export const CHAT_COMPACT_TEXT_CAPTION_LINES = 3;
export const CHAT_MOBILE_IMAGE_THUMBNAIL_PX = 70;
export const CHAT_MOBILE_VIDEO_THUMBNAIL_PX = 120;
export const CHAT_FILENAME_MAX_WIDTH_PX = 250;
/** Files one send may carry from the composer's attachment tray (each goes as its own message). */
export const CHAT_MAX_ATTACHMENTS = 10;

/**
 * The largest CSV `customer_import` takes, in characters (the screen checks the file's bytes
 * against it). It stays under the server's default body limit (`BODY_LIMIT_BYTES`, 1 MiB) with
 * room for the JSON around it; 10,000 rows of a name, a phone and short notes fit.
 */
export const CUSTOMER_IMPORT_MAX_BYTES = 1_000_000;

/** The largest profile picture `profile_avatar_set` takes, decoded: 512 KB. */
export const AVATAR_MAX_BYTES = 512_000;
/** The picture types `profile_avatar_set` takes (checked by content on the server, by type in the form). */
export const AVATAR_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];
/** Notifications per page of `notification_list`. */
export const NOTIFICATION_PAGE_SIZE = 20;
/**
 * How many pages past the asked one `conversation_list`'s `total_page` counts at most: the inbox
 * only needs to know whether there is a next page, and a project may hold 100,000 conversations.
 */
export const CONVERSATION_COUNTED_PAGES_AHEAD = 50;

// Form limits. The act contract's fields are built from these (contract/acts.ts) and the machines'
// form checks read the same names, so each limit has one home. Lengths are in characters.
/** A password's length. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** A person's, a customer's or a project's name. */
export const NAME_MAX = 100;
/** A label's, a stage's or a division's name. */
export const RECORD_NAME_MAX = 50;
/** A quick reply's shortcut (without the slash) and its text. */
export const SHORTCUT_MAX = 30;
export const QUICK_REPLY_TEXT_MAX = 4096;
/** The files `gallery_list` may be asked for by id at once (a gallery page's worth). */
export const GALLERY_IDS_MAX = 60;
/** A customer's notes, free fields (how many), a field's name and a field's value. */
export const CUSTOMER_NOTES_MAX = 5000;
export const CUSTOM_FIELDS_MAX = 30;
export const CUSTOM_FIELD_NAME_MAX = 40;
export const CUSTOM_FIELD_VALUE_MAX = 1000;
/** An invite's lifetime in hours and its number of uses, at most. */
export const INVITE_HOURS_MAX = 720;
export const INVITE_USES_MAX = 1000;
/** A WhatsApp account's Meta phone-number id (digits) and access token. */
export const PHONE_NUMBER_ID_MAX = 32;
export const ACCESS_TOKEN_MAX = 1000;
/** A WhatsApp Business Account id (digits). */
export const WABA_ID_MAX = 32;

// WhatsApp message templates: Meta's limits (developers.facebook.com/docs/whatsapp/business-management-api/message-templates).
/** A template's name: lowercase letters, digits and underscores. */
export const TEMPLATE_NAME_MAX = 512;
/** The body's length, with its variables as written (`{{1}}`). */
export const TEMPLATE_BODY_MAX = 1024;
/** A text header's and the footer's length. */
export const TEMPLATE_HEADER_TEXT_MAX = 60;
export const TEMPLATE_FOOTER_MAX = 60;
/** Buttons in all, link buttons and phone buttons, at most; a button's text. */
export const TEMPLATE_BUTTONS_MAX = 10;
export const TEMPLATE_URL_BUTTONS_MAX = 2;
export const TEMPLATE_PHONE_BUTTONS_MAX = 1;
export const TEMPLATE_BUTTON_TEXT_MAX = 25;
/** A link button's URL and a variable's example or value. */
export const TEMPLATE_URL_MAX = 2000;
export const TEMPLATE_VALUE_MAX = 1024;
/** Meta's 24-hour customer service window and its 72-hour free entry point (click-to-WhatsApp ads). */
export const CUSTOMER_SERVICE_WINDOW_MS = 24 * 3_600_000;
export const FREE_ENTRY_POINT_MS = 72 * 3_600_000;
