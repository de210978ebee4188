/**
 * The display preferences a user saved on their profile. Where they chose a language or a theme,
 * the app follows it at sign-in and after each profile change; `null` leaves the device's choice.
 */
import type { User } from './sdk.ts';

export interface SavedPreferences {
  locale: 'id' | 'en' | null;
  theme: 'light' | 'dark' | null;
}

export function profilePreferences(user: User | null): SavedPreferences {
  return { locale: user?.language ?? null, theme: user?.theme ?? null };
}

/**
 * What to apply when the signed-in user changes from `before` to `after`: the saved choices that
 * are new (a sign-in, a reload, a profile change), so a device's own toggle holds until then.
 */
export function preferencesToApply(before: User | null, after: User | null): SavedPreferences {
  const was = profilePreferences(before);
  const now = profilePreferences(after);
  const fresh = before === null || after === null || before.id !== after.id;
  return {
    locale: now.locale !== null && (fresh || now.locale !== was.locale) ? now.locale : null,
    theme: now.theme !== null && (fresh || now.theme !== was.theme) ? now.theme : null,
  };
}
