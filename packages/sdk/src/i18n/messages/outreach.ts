/** Texts of issue 15 (outreach); Indonesian is the reference, English mirrors every key. */
export const outreach = {
  id: {},
  en: {},
} as const;
