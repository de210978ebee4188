/**
 * Texts of act failures and protocol errors, shared by the server (which answers `msg` in the
 * caller's language) and the SDK. Keys are the failure reasons plus field-level texts.
 */
export const errors = {
  id: {
    'error.generic': 'Error',
  },
  en: {
    'error.generic': 'Error',
  },
} as const;
