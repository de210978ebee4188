/** Texts of issue 15 (templateRules); Indonesian is the reference, English mirrors every key. */
export const templateRules = {
  id: {},
  en: {},
} as const;
