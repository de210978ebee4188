/**
 * The customer form's rules (customerFormMachine.ts): what it holds, its checks (the contract's:
 * a name of 1-100, a phone, notes up to 5,000, at most 30 custom fields named with letters,
 * digits, `_` and spaces up to 40, no name twice, values up to 1,000), what it sends, and where
 * the server's field errors go.
 */
import { fromPromise } from 'xstate';
import {
  CUSTOM_FIELD_NAME_MAX,
  CUSTOM_FIELD_VALUE_MAX,
  CUSTOM_FIELDS_MAX,
  CUSTOMER_NOTES_MAX,
  NAME_MAX,
} from '@sapa/sdk';
import type { Customer } from '@sapa/sdk';
import { fieldErrorsOf } from './actError.ts';
import { normalizePhone } from './sdk.ts';
import type { ActCaller } from './sdk.ts';
import type { FieldError, ValidationKey } from './validation.ts';

const CUSTOM_FIELD_NAME = /^[\p{L}\p{N}_ ]+$/u;

/** One custom field as the form holds it; `id` tells rows apart while names are typed. */
export interface CustomFieldRow {
  id: number;
  name: string;
  value: string;
}

/** The form as typed. */
export interface CustomerDraft {
  name: string;
  phone: string;
  notes: string;
  fields: CustomFieldRow[];
  /** Left out of broadcasts (`customer_opt_out`, with `crm.customer.edit`). */
  optedOut: boolean;
}

export type CustomerFormField = 'name' | 'phone' | 'notes' | 'customFields';
export const CUSTOMER_FORM_FIELDS: readonly CustomerFormField[] = ['name', 'phone', 'notes', 'customFields'];

/** The form's own message keys, beside the shared `validation.*` ones. */
export type CustomerErrorKey =
  | ValidationKey
  | 'customers.form.notesMax'
  | 'customers.form.fieldNameRequired'
  | 'customers.form.fieldNameRule'
  | 'customers.form.fieldNameTaken'
  | 'customers.form.fieldValueMax'
  | 'customers.form.tooManyFields';

/** A field's error: a catalogue key (the form's checks) or the server's message to show as is. */
export type CustomerFieldError = FieldError | { key: CustomerErrorKey };

export interface CustomerFormErrors {
  /** Errors of the form's fields (`customFields`: the custom fields as a whole). */
  fields: Partial<Record<CustomerFormField, CustomerFieldError>>;
  /** Errors of each custom field row, by its id. */
  rows: Record<number, { name?: CustomerFieldError; value?: CustomerFieldError }>;
}

export const noFormErrors: CustomerFormErrors = { fields: {}, rows: {} };

export function hasFormErrors(errors: CustomerFormErrors): boolean {
  return Object.keys(errors.fields).length > 0 || Object.keys(errors.rows).length > 0;
}

/** What `customer_create` / `customer_update` get: trimmed, the phone in E.164. */
export interface CustomerValues {
  name: string;
  phone: string;
  notes: string;
  customFields: Record<string, string>;
}

/** A masked phone (`+62812****789`, the viewer lacks `crm.chat.show_user_contact_detail`) cannot be edited. */
export function isMaskedPhone(phone: string): boolean {
  return phone.includes('*');
}

/** The form for a customer (or a new one): its fields as rows, in name order. */
export function draftOf(customer: Customer | null): CustomerDraft {
  if (customer === null) return { name: '', phone: '', notes: '', fields: [], optedOut: false };
  const names = Object.keys(customer.customFields).sort((a, b) => a.localeCompare(b));
  return {
    name: customer.name,
    phone: customer.phone,
    notes: customer.notes,
    fields: names.map((name, index) => ({ id: index + 1, name, value: customer.customFields[name] ?? '' })),
    optedOut: customer.optedOutAt !== null,
  };
}

/** Rows left wholly blank are not fields; they are dropped when saving. */
function isBlankRow(row: CustomFieldRow): boolean {
  return row.name.trim() === '' && row.value.trim() === '';
}

/** The form's checks; `phoneEditable` false (a masked phone) skips the phone. */
export function checkCustomer(
  draft: CustomerDraft,
  options: { phoneEditable: boolean },
): { ok: true; value: CustomerValues } | { ok: false; errors: CustomerFormErrors } {
  const fields: CustomerFormErrors['fields'] = {};
  const rows: CustomerFormErrors['rows'] = {};
  const name = draft.name.trim();
  if (name === '' || name.length > NAME_MAX) fields.name = { key: 'validation.name' };
  const phone = options.phoneEditable ? normalizePhone(draft.phone) : draft.phone;
  if (options.phoneEditable) {
    if (draft.phone.trim() === '') fields.phone = { key: 'validation.required' };
    else if (phone === null) fields.phone = { key: 'validation.phone' };
  }
  if (draft.notes.length > CUSTOMER_NOTES_MAX) fields.notes = { key: 'customers.form.notesMax' };
  const kept = draft.fields.filter((row) => !isBlankRow(row));
  if (kept.length > CUSTOM_FIELDS_MAX) fields.customFields = { key: 'customers.form.tooManyFields' };
  const seen = new Set<string>();
  const customFields: Record<string, string> = {};
  for (const row of kept) {
    const rowName = row.name.trim();
    const error: CustomerFormErrors['rows'][number] = {};
    if (rowName === '') error.name = { key: 'customers.form.fieldNameRequired' };
    else if (rowName.length > CUSTOM_FIELD_NAME_MAX || !CUSTOM_FIELD_NAME.test(rowName))
      error.name = { key: 'customers.form.fieldNameRule' };
    else if (seen.has(rowName.toLowerCase())) error.name = { key: 'customers.form.fieldNameTaken' };
    if (row.value.length > CUSTOM_FIELD_VALUE_MAX) error.value = { key: 'customers.form.fieldValueMax' };
    seen.add(rowName.toLowerCase());
    if (Object.keys(error).length > 0) rows[row.id] = error;
    else customFields[rowName] = row.value.trim();
  }
  const errors = { fields, rows };
  if (hasFormErrors(errors)) return { ok: false, errors };
  return { ok: true, value: { name, phone: phone ?? '', notes: draft.notes.trim(), customFields } };
}

/**
 * The server's field errors where they belong: `name`, `phone`, `notes` and `customFields` beside
 * their fields, `customFields.<name>` beside the row of that name (else the custom fields as a whole).
 */
export function customerServerErrors(error: unknown, draft: CustomerDraft): CustomerFormErrors {
  const fields: CustomerFormErrors['fields'] = {};
  const rows: CustomerFormErrors['rows'] = {};
  for (const [path, message] of Object.entries(fieldErrorsOf(error))) {
    const [head, ...rest] = path.split('.');
    if (head === 'customFields' && rest.length > 0) {
      const fieldName = rest.join('.');
      const row = draft.fields.find((candidate) => candidate.name.trim() === fieldName);
      if (row !== undefined) rows[row.id] = { ...rows[row.id], name: { message } };
      else fields.customFields ??= { message };
    } else if ((CUSTOMER_FORM_FIELDS as readonly string[]).includes(head ?? '')) {
      fields[head as CustomerFormField] = { message };
    }
  }
  return { fields, rows };
}

/**
 * What to send: everything for a new customer; for an edit, the phone only when it changed. An
 * opt-out of broadcasts that changed (`optedOut`) is sent after, as `customer_opt_out`.
 */
export type CustomerSave = (
  ({ id: null } & CustomerValues) | ({ id: string } & Omit<CustomerValues, 'phone'> & { phone?: string })
) & { optedOut?: boolean };

export function customerSave(
  customer: Customer | null,
  values: CustomerValues,
  optedOut: boolean | null = null,
): CustomerSave {
  const wasOptedOut = customer !== null && customer.optedOutAt !== null;
  const optOut = optedOut === null || optedOut === wasOptedOut ? {} : { optedOut };
  if (customer === null) return { id: null, ...values, ...optOut };
  const { phone, ...rest } = values;
  return phone === customer.phone || isMaskedPhone(customer.phone)
    ? { id: customer.id, ...rest, ...optOut }
    : { id: customer.id, ...rest, phone, ...optOut };
}

/**
 * customer_create (`id` null) or customer_update, then customer_opt_out when the opt-out changed;
 * answers the saved customer.
 */
export const saveCustomer = fromPromise<Customer, { client: ActCaller; key: string; save: CustomerSave }>(
  async ({ input, signal }) => {
    const { client, key, save } = input;
    const { optedOut, ...fields } = save;
    let saved: Customer;
    if (fields.id === null) {
      const { id: _new, ...values } = fields;
      saved = (await client.act('customer_create', { key, ...values }, { signal })).data;
    } else {
      saved = (await client.act('customer_update', { key, ...fields }, { signal })).data;
    }
    if (optedOut === undefined) return saved;
    const optOut = (await client.act('customer_opt_out', { key, customerId: saved.id, optedOut }, { signal }))
      .data;
    return { ...saved, optedOutAt: optOut.optedOutAt, optedOutVia: optOut.optedOutVia };
  },
);
