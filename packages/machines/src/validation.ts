/**
 * Client-side checks of the sign-in forms. They answer message KEYS, which the web translates
 * through its catalogue; the server checks everything again and its own field errors arrive
 * as ready-to-show messages.
 */
import {
  ACCESS_TOKEN_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_NUMBER_ID_MAX,
  readBroadcastRate,
  WABA_ID_MAX,
} from '@sapa/sdk';
import { fieldErrorsOf } from './actError.ts';
import { normalizePhone } from './sdk.ts';

/** Every message key the machines put in `fieldErrors`. */
export const validationKeys = [
  'validation.required',
  'validation.phone',
  'validation.name',
  'validation.passwordLength',
  'validation.passwordMismatch',
  'validation.projectName',
  'validation.phoneNumberId',
  'validation.wabaId',
  'validation.labelName',
  'validation.color',
  'validation.broadcastRate',
] as const;
export type ValidationKey = (typeof validationKeys)[number];

/** A field's error: a key to translate (client check) or the server's message to show as is. */
export type FieldError = { key: ValidationKey } | { message: string };
export type FieldErrors<F extends string> = Partial<Record<F, FieldError>>;

export type Checked<F extends string, V> =
  { ok: true; value: V } | { ok: false; fieldErrors: FieldErrors<F> };

function result<F extends string, V>(errors: FieldErrors<F>, value: V): Checked<F, V> {
  return Object.keys(errors).length === 0 ? { ok: true, value } : { ok: false, fieldErrors: errors };
}

function phoneError(phone: string): FieldError | undefined {
  if (phone.trim() === '') return { key: 'validation.required' };
  return normalizePhone(phone) === null ? { key: 'validation.phone' } : undefined;
}

function newPasswordErrors(
  password: string,
  confirmPassword: string,
): FieldErrors<'password' | 'confirmPassword'> {
  const errors: FieldErrors<'password' | 'confirmPassword'> = {};
  if (password === '') errors.password = { key: 'validation.required' };
  else if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
    errors.password = { key: 'validation.passwordLength' };
  if (confirmPassword === '') errors.confirmPassword = { key: 'validation.required' };
  else if (confirmPassword !== password) errors.confirmPassword = { key: 'validation.passwordMismatch' };
  return errors;
}

export type LoginField = 'phone' | 'password';
/** Login: a phone number (any accepted form) and a non-empty password. */
export function checkLogin(form: {
  phone: string;
  password: string;
}): Checked<LoginField, { phone: string; password: string }> {
  const errors: FieldErrors<LoginField> = {};
  const phone = phoneError(form.phone);
  if (phone) errors.phone = phone;
  if (form.password === '') errors.password = { key: 'validation.required' };
  return result(errors, { phone: normalizePhone(form.phone) ?? '', password: form.password });
}

export type RegisterField = 'name' | 'phone' | 'password' | 'confirmPassword';
/** Register: a name (1-100 characters after trimming), a phone, a password of 8-128, confirmed. */
export function checkRegister(form: {
  name: string;
  phone: string;
  password: string;
  confirmPassword: string;
}): Checked<RegisterField, { name: string; phone: string; password: string }> {
  const errors: FieldErrors<RegisterField> = {};
  const name = form.name.trim();
  if (name === '' || name.length > NAME_MAX) errors.name = { key: 'validation.name' };
  const phone = phoneError(form.phone);
  if (phone) errors.phone = phone;
  Object.assign(errors, newPasswordErrors(form.password, form.confirmPassword));
  return result(errors, { name, phone: normalizePhone(form.phone) ?? '', password: form.password });
}

export type PhoneField = 'phone';
/** Forgot password, first step: a phone. */
export function checkPhone(form: { phone: string }): Checked<PhoneField, { phone: string }> {
  const errors: FieldErrors<PhoneField> = {};
  const phone = phoneError(form.phone);
  if (phone) errors.phone = phone;
  return result(errors, { phone: normalizePhone(form.phone) ?? '' });
}

export type NewPasswordField = 'password' | 'confirmPassword';
/** Forgot password, last step: a new password of 8-128, confirmed. */
export function checkNewPassword(form: {
  password: string;
  confirmPassword: string;
}): Checked<NewPasswordField, { password: string }> {
  return result(newPasswordErrors(form.password, form.confirmPassword), { password: form.password });
}

export type ProjectField = 'name';
/** A new project: a name of 1-100 characters after trimming (the server checks the same). */
export function checkProjectName(form: { name: string }): Checked<ProjectField, { name: string }> {
  const errors: FieldErrors<ProjectField> = {};
  const name = form.name.trim();
  if (name === '' || name.length > NAME_MAX) errors.name = { key: 'validation.projectName' };
  return result(errors, { name });
}

function nameError(name: string): FieldError | undefined {
  const trimmed = name.trim();
  return trimmed === '' || trimmed.length > NAME_MAX ? { key: 'validation.name' } : undefined;
}

export type ContactField = 'name' | 'phone';
/** A contact card to send: a name (1-100 after trimming) and a phone (normalised to E.164). */
export function checkContactCard(form: {
  name: string;
  phone: string;
}): Checked<ContactField, { name: string; phone: string }> {
  const errors: FieldErrors<ContactField> = {};
  const name = nameError(form.name);
  if (name) errors.name = name;
  const phone = phoneError(form.phone);
  if (phone) errors.phone = phone;
  return result(errors, { name: form.name.trim(), phone: normalizePhone(form.phone) ?? '' });
}

export type CustomerField = 'name';
/** A customer's new name: 1-100 characters after trimming (`customer_rename`). */
export function checkCustomerName(form: { name: string }): Checked<CustomerField, { name: string }> {
  const errors: FieldErrors<CustomerField> = {};
  const name = nameError(form.name);
  if (name) errors.name = name;
  return result(errors, { name: form.name.trim() });
}

export type AccountField = 'name' | 'wabaId' | 'phoneNumberId' | 'accessToken';
export const ACCOUNT_FIELDS: readonly AccountField[] = ['name', 'wabaId', 'phoneNumberId', 'accessToken'];
/** The fields a change of a number (`account_update`) may hold: the form's, and its broadcast rate. */
export type AccountChangeField = AccountField | 'broadcastRate';
export const ACCOUNT_CHANGE_FIELDS: readonly AccountChangeField[] = [...ACCOUNT_FIELDS, 'broadcastRate'];
export interface AccountForm {
  name: string;
  /** The WhatsApp Business Account the number belongs to (Meta's id, digits). */
  wabaId: string;
  phoneNumberId: string;
  accessToken: string;
}

/** Meta's phone-number id and WhatsApp Business Account id: digits, as many as the contract takes. */
const PHONE_NUMBER_ID = new RegExp(`^\\d{1,${PHONE_NUMBER_ID_MAX}}$`);
const WABA_ID = new RegExp(`^\\d{1,${WABA_ID_MAX}}$`);

function accessTokenError(token: string): FieldError | undefined {
  const trimmed = token.trim();
  return trimmed === '' || trimmed.length > ACCESS_TOKEN_MAX ? { key: 'validation.required' } : undefined;
}

function digitsError(value: string, pattern: RegExp, key: ValidationKey): FieldError | undefined {
  if (value === '') return { key: 'validation.required' };
  return pattern.test(value) ? undefined : { key };
}

/**
 * A WhatsApp number to add (`account_create`): a name, the WhatsApp Business Account id and
 * Meta's phone number id (digits) and an access token. The number customers see and its verified
 * name come from Meta, which the server asks before storing anything.
 */
export function checkAccount(form: AccountForm): Checked<AccountField, AccountForm> {
  const errors: FieldErrors<AccountField> = {};
  const name = nameError(form.name);
  if (name) errors.name = name;
  const wabaId = form.wabaId.trim();
  const waba = digitsError(wabaId, WABA_ID, 'validation.wabaId');
  if (waba) errors.wabaId = waba;
  const phoneNumberId = form.phoneNumberId.trim();
  const number = digitsError(phoneNumberId, PHONE_NUMBER_ID, 'validation.phoneNumberId');
  if (number) errors.phoneNumberId = number;
  const token = accessTokenError(form.accessToken);
  if (token) errors.accessToken = token;
  return result(errors, {
    name: form.name.trim(),
    wabaId,
    phoneNumberId,
    accessToken: form.accessToken.trim(),
  });
}

/** An account's new name (`account_update`). */
export function checkAccountName(form: { name: string }): Checked<'name', { name: string }> {
  const errors: FieldErrors<'name'> = {};
  const name = nameError(form.name);
  if (name) errors.name = name;
  return result(errors, { name: form.name.trim() });
}

/** An account's new access token (`account_update`). */
export function checkAccessToken(form: {
  accessToken: string;
}): Checked<'accessToken', { accessToken: string }> {
  const errors: FieldErrors<'accessToken'> = {};
  const token = accessTokenError(form.accessToken);
  if (token) errors.accessToken = token;
  return result(errors, { accessToken: form.accessToken.trim() });
}

/** A number's WhatsApp Business Account id, for a number stored without one (`account_update`). */
export function checkWabaId(form: { wabaId: string }): Checked<'wabaId', { wabaId: string }> {
  const errors: FieldErrors<'wabaId'> = {};
  const wabaId = form.wabaId.trim();
  const waba = digitsError(wabaId, WABA_ID, 'validation.wabaId');
  if (waba) errors.wabaId = waba;
  return result(errors, { wabaId });
}

/**
 * A number's broadcast rate as typed (`account_update`): empty for Meta's default (`null`), else a
 * whole number from 1 to `BROADCAST_RATE_MAX` (`readBroadcastRate`; the message names the limit).
 */
export function checkBroadcastRate(form: {
  rate: string;
}): Checked<'broadcastRate', { broadcastRate: number | null }> {
  const rate = readBroadcastRate(form.rate);
  if (rate === 'invalid')
    return { ok: false, fieldErrors: { broadcastRate: { key: 'validation.broadcastRate' } } };
  return { ok: true, value: { broadcastRate: rate } };
}

/** The server's field errors restricted to the form's fields, as `FieldErrors`. */
export function serverFieldErrors<F extends string>(error: unknown, fields: readonly F[]): FieldErrors<F> {
  const server = fieldErrorsOf(error);
  const out: FieldErrors<F> = {};
  for (const field of fields) {
    const message = server[field];
    if (message !== undefined) out[field] = { message };
  }
  return out;
}
