/**
 * Makes the app follow the language and theme a user saved on their profile: at sign-in (and on
 * a reload), and whenever a profile save changes them. A choice left to the device (`null`)
 * keeps the device's own toggle. Answers the function that stops following.
 */
import type { User } from '@sapa/sdk';
import { preferencesToApply } from '@sapa/machines/personal';
import type { PreferencesStore } from '../preferences/preferences.ts';

export interface UserSource {
  getSnapshot(): { context: { user: User | null } };
  subscribe(listener: () => void): { unsubscribe(): void };
}

export function followSavedPreferences(session: UserSource, preferences: PreferencesStore): () => void {
  let last: User | null = null;
  const follow = () => {
    const user = session.getSnapshot().context.user;
    if (user === last) return;
    const apply = preferencesToApply(last, user);
    last = user;
    if (apply.locale !== null) preferences.setLocale(apply.locale);
    if (apply.theme !== null) preferences.setTheme(apply.theme);
  };
  follow();
  const subscription = session.subscribe(follow);
  return () => subscription.unsubscribe();
}
