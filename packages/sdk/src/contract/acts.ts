import { z } from 'zod';
import { defineAct } from './defineAct.ts';
import type { ActDefinition } from './defineAct.ts';
import type { OtpChallenge, Project, SignedIn, User } from './types.ts';
import { normalizePhone } from '../validation/phone.ts';

/** A phone number in any accepted form, normalised to E.164. */
export const phoneField = z
  .string()
  .max(32)
  .transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: 'phone' });
      return z.NEVER;
    }
    return phone;
  });

export const passwordField = z.string().min(8).max(128);
export const nameField = z.string().trim().min(1).max(100);
export const challengeField = z.string().min(1).max(200);
export const otpCodeField = z.string().regex(/^\d{6}$/);
/** The project an act is about. Any string is accepted: an unknown key answers `not_found`. */
export const projectKeyField = z.string().min(1).max(64);

/**
 * Every act of the product, by name. The server registers a handler for each and refuses
 * any other name; the SDK's `act()` is typed from this object.
 */
export const acts = {
  auth_register: defineAct<OtpChallenge>()({
    input: z.object({ name: nameField, phone: phoneField, password: passwordField }),
    access: 'public',
    summary: 'Starts a registration: sends a code to the phone and answers the challenge.',
  }),
  auth_login: defineAct<OtpChallenge>()({
    input: z.object({ phone: phoneField, password: passwordField }),
    access: 'public',
    summary: 'Checks phone and password, sends a code and answers the challenge.',
  }),
  auth_forgot_password: defineAct<OtpChallenge>()({
    input: z.object({ phone: phoneField }),
    access: 'public',
    summary: 'Starts a password reset. Always answers a challenge, whether or not the phone is registered.',
  }),
  auth_verify_otp: defineAct<SignedIn>()({
    input: z.object({ challenge: challengeField, code: otpCodeField }),
    access: 'public',
    summary: 'Confirms a register or login challenge with its code; answers a session token and the user.',
  }),
  auth_reset_password: defineAct<Record<string, never>>()({
    input: z.object({ challenge: challengeField, code: otpCodeField, password: passwordField }),
    access: 'public',
    summary: "Sets a new password with a forgot-password challenge's code and revokes every session.",
  }),
  auth_resend_otp: defineAct<OtpChallenge>()({
    input: z.object({ challenge: challengeField }),
    access: 'public',
    summary: 'Sends a new code for a live challenge once the 60 s cooldown has passed.',
  }),
  auth_logout: defineAct<Record<string, never>>()({
    input: z.object({}),
    access: 'user',
    summary: 'Revokes the session token of the call.',
  }),
  user_check_token: defineAct<User>()({
    input: z.object({}),
    access: 'user',
    summary: 'Answers the signed-in user of the token, or code "0".',
  }),
  project_create: defineAct<Project>()({
    input: z.object({ name: nameField }),
    access: 'user',
    summary:
      'Creates a project; the caller becomes its owner, holding every permission. Answers the project.',
  }),
  project_list: defineAct<Project[]>()({
    input: z.object({}),
    access: 'user',
    summary:
      "Answers the caller's projects, newest first, each with the caller's role and permissions in it.",
  }),
  project_get: defineAct<Project>()({
    input: z.object({ key: projectKeyField }),
    access: 'member',
    summary:
      'Answers one project of the caller. A key that does not exist and a project the caller is not a member of both answer `not_found`.',
  }),
} satisfies Record<string, ActDefinition>;

export type Acts = typeof acts;
export type ActName = keyof Acts;
/** The fields a caller sends (before normalisation), without `act`, `token` and `fcm`. */
export type ActInput<N extends ActName> = z.input<Acts[N]['input']>;
/** The fields a handler receives, after validation and normalisation. */
export type ActParsed<N extends ActName> = z.output<Acts[N]['input']>;
export type ActOutput<N extends ActName> = NonNullable<Acts[N]['__output']>;

export function isActName(name: unknown): name is ActName {
  return typeof name === 'string' && Object.hasOwn(acts, name);
}
