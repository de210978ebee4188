/** The app shell's route rules (SPEC.md section 2 "App shell behaviour"). */

export const LOGIN_PATH = '/auth/login';
export const HOME_PATH = '/';

/** True for `/auth` and every path under it (`/auth/login`, `/auth/forgot-password/otp`). */
export function isAuthPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return pathname === '/auth' || pathname.startsWith('/auth/');
}

/**
 * The saved path to return to after sign-in, when it is safe: a same-site absolute path
 * (never `//host` or a URL) that is not itself an auth page.
 */
export function safeRedirect(saved: string | null): string | null {
  if (saved === null || !saved.startsWith('/') || saved.startsWith('//') || saved.startsWith('/\\'))
    return null;
  return isAuthPath(saved) ? null : saved;
}
