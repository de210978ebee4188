/** Shapes that travel in act responses. */

export interface User {
  id: string;
  name: string;
  /** E.164, e.g. `+628123456789`. */
  phone: string;
  createdAt: string;
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
