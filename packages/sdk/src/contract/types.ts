/** Shapes that travel in act responses. */
import type { PermissionKey } from '../permissions/tree.ts';

/** A language of the message catalogue. */
export type UserLanguage = 'id' | 'en';
/** A colour theme; a user who never chose one follows their device. */
export type UserTheme = 'light' | 'dark';

export interface User {
  id: string;
  name: string;
  /** E.164, e.g. `+628123456789`. */
  phone: string;
  createdAt: string;
  /** Their picture (`/avatar/...`), or `null`: show the initials of SPEC.md section 9. */
  avatarUrl: string | null;
  /** The language they chose on their profile, or `null` (the device's choice holds). */
  language: UserLanguage | null;
  /** The theme they chose on their profile, or `null` (the device's choice holds). */
  theme: UserTheme | null;
}

/** What `auth_register`, `auth_login`, `auth_forgot_password` and `auth_resend_otp` answer. */
export interface OtpChallenge {
  /** Opaque id of the challenge; send it back with the code. */
  challenge: string;
  /** The phone the code went to, masked for display (`+62812****789`). */
  maskedPhone: string;
  /** Digits in the code (always 6). */
  length: number;
  /** Seconds until the code expires (300 when issued). */
  expiresIn: number;
  /** Seconds until a resend is allowed (60 when issued). */
  resendIn: number;
}

export interface SignedIn {
  token: string;
  user: User;
}

/**
 * A project (a team's workspace) as one member sees it: `permissions` and `role` are the
 * caller's own in that project.
 */
export interface Project {
  /** Short random URL-safe slug naming the project in routes and acts (`/crm/chat/{key}`). */
  key: string;
  name: string;
  /** IANA time zone dates are shown in; `Asia/Jakarta` unless set. */
  timeZone: string;
  createdAt: string;
  /**
   * `owner`: the caller owns the project (at first its creator; `project_transfer` hands it
   * over): they alone delete it and hand it over; `member`: everyone else.
   */
  role: 'owner' | 'member';
  /** The caller's granted permission keys in the project (check them with `can`). */
  permissions: PermissionKey[];
}
