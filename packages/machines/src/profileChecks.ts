/**
 * Client-side checks of the profile forms (`/profile`): the name, the phone change, the password
 * change and a picture before it is sent. Field errors are message keys of the shared validation
 * set; the server checks everything again and its own field errors arrive as ready messages.
 */
import { AVATAR_MAX_BYTES, AVATAR_TYPES, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '@sapa/sdk';
import type { User } from './sdk.ts';
import { normalizePhone } from './sdk.ts';
import type { Checked, FieldErrors } from './validation.ts';

/** The picture types the server accepts (it checks the bytes again). */

export type UserLanguage = NonNullable<User['language']>;
export type UserTheme = NonNullable<User['theme']>;

export type ProfileField = 'name';
export interface ProfileForm {
  name: string;
  /** `null`: follow the device. */
  language: UserLanguage | null;
  theme: UserTheme | null;
}

/** The profile form: a name of 1-100 characters after trimming; language and theme as chosen. */
export function checkProfile(form: ProfileForm): Checked<ProfileField, ProfileForm> {
  const errors: FieldErrors<ProfileField> = {};
  const name = form.name.trim();
  if (name === '' || name.length > NAME_MAX) errors.name = { key: 'validation.name' };
  return Object.keys(errors).length === 0
    ? { ok: true, value: { ...form, name } }
    : { ok: false, fieldErrors: errors };
}

export type PhoneChangeField = 'phone' | 'password';
/** The phone change's first step: the new phone (normalised to E.164) and the current password. */
export function checkPhoneChange(form: {
  phone: string;
  password: string;
}): Checked<PhoneChangeField, { phone: string; password: string }> {
  const errors: FieldErrors<PhoneChangeField> = {};
  const phone = normalizePhone(form.phone);
  if (form.phone.trim() === '') errors.phone = { key: 'validation.required' };
  else if (phone === null) errors.phone = { key: 'validation.phone' };
  if (form.password === '') errors.password = { key: 'validation.required' };
  return Object.keys(errors).length === 0
    ? { ok: true, value: { phone: phone ?? '', password: form.password } }
    : { ok: false, fieldErrors: errors };
}

export type PasswordChangeField = 'currentPassword' | 'password' | 'confirmPassword';
export interface PasswordChangeForm {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}
/** The password change: the current password, a new one of 8-128 characters, typed twice. */
export function checkPasswordChange(
  form: PasswordChangeForm,
): Checked<PasswordChangeField, { currentPassword: string; password: string }> {
  const errors: FieldErrors<PasswordChangeField> = {};
  if (form.currentPassword === '') errors.currentPassword = { key: 'validation.required' };
  if (form.password === '') errors.password = { key: 'validation.required' };
  else if (form.password.length < PASSWORD_MIN || form.password.length > PASSWORD_MAX)
    errors.password = { key: 'validation.passwordLength' };
  if (form.confirmPassword === '') errors.confirmPassword = { key: 'validation.required' };
  else if (form.confirmPassword !== form.password)
    errors.confirmPassword = { key: 'validation.passwordMismatch' };
  return Object.keys(errors).length === 0
    ? { ok: true, value: { currentPassword: form.currentPassword, password: form.password } }
    : { ok: false, fieldErrors: errors };
}

/** A picked file, as far as the checks need it (a browser `File` fits). */
export interface AvatarFile {
  type: string;
  size: number;
}

/** Why a picture is refused before it is sent: not JPEG, PNG or WebP, or over `AVATAR_MAX_BYTES`. */
export type AvatarProblem = 'type' | 'size';

export function avatarProblem(file: AvatarFile): AvatarProblem | null {
  if (!AVATAR_TYPES.includes(file.type.toLowerCase())) return 'type';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  return null;
}
