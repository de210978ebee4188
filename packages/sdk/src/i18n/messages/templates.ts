/** Texts of issue 15 (templates); Indonesian is the reference, English mirrors every key. */
export const templates = {
  id: {},
  en: {},
} as const;
