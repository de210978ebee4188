/**
 * The customer form of `/crm/customer/{key}` ("Tambah pelanggan" / "Ubah pelanggan"): name, phone,
 * notes and custom fields as name / value rows. customersMachine runs it while its dialog is open.
 * `customerForm.save` checks the form (customerForm.ts) and sends `customer_create` or
 * `customer_update`, then `customer_opt_out` when the opt-out of broadcasts was changed (with
 * `canOptOut`); the server's field errors land beside their fields (a phone another customer
 * has beside the phone, a refused custom field beside its row), anything else is `saveError`.
 * It ends `saved` (its output: the customer, and whether it is new) or `cancelled` (output null).
 */
import { assign, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { CUSTOM_FIELDS_MAX } from '@sapa/sdk';
import type { Customer } from '@sapa/sdk';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import {
  checkCustomer,
  customerSave,
  customerServerErrors,
  draftOf,
  hasFormErrors,
  isMaskedPhone,
  noFormErrors,
  saveCustomer,
} from './customerForm.ts';
import type { CustomerDraft, CustomerFormErrors, CustomerFormField } from './customerForm.ts';
import type { ActCaller } from './sdk.ts';

export interface CustomerFormInput {
  client: ActCaller;
  key: string;
  /** The customer to edit, or null for a new one. */
  customer: Customer | null;
  /** Whether the opt-out of broadcasts may be changed here (`crm.customer.edit`); default no. */
  canOptOut?: boolean;
}

export interface CustomerFormContext {
  client: ActCaller;
  key: string;
  customer: Customer | null;
  canOptOut: boolean;
  draft: CustomerDraft;
  /** The id the next custom field row gets. */
  nextRowId: number;
  errors: CustomerFormErrors;
  /** Why the last save failed, when it was not a field's fault. */
  saveError: FlowError | null;
  /** The customer as saved (state `saved`). */
  saved: Customer | null;
}

export type CustomerFormEvent =
  | { type: 'customerForm.name'; value: string }
  | { type: 'customerForm.phone'; value: string }
  | { type: 'customerForm.notes'; value: string }
  /** Adds an empty custom field row (at most 30). */
  | { type: 'customerForm.addField' }
  | { type: 'customerForm.fieldName'; row: number; value: string }
  | { type: 'customerForm.fieldValue'; row: number; value: string }
  | { type: 'customerForm.removeField'; row: number }
  /** Leaves the customer out of broadcasts (`true`) or takes them back (with `canOptOut`). */
  | { type: 'customerForm.optedOut'; value: boolean }
  | { type: 'customerForm.save' }
  /** Closes the form without saving (not while it saves). */
  | { type: 'customerForm.cancel' };

/** What the form ends with: the saved customer, or null when it was called off. */
export type CustomerFormOutput = { customer: Customer; created: boolean } | null;

export type CustomerFormTag = 'saving' | 'busy';

function withoutField(errors: CustomerFormErrors, field: CustomerFormField): CustomerFormErrors {
  const { [field]: _changed, ...fields } = errors.fields;
  return { ...errors, fields };
}

function withoutRow(errors: CustomerFormErrors, row: number, part?: 'name' | 'value'): CustomerFormErrors {
  const { [row]: current, ...rows } = errors.rows;
  if (part === undefined || current === undefined) return { fields: errors.fields, rows };
  const { [part]: _changed, ...rest } = current;
  return { fields: errors.fields, rows: Object.keys(rest).length > 0 ? { ...rows, [row]: rest } : rows };
}

function phoneEditable(context: CustomerFormContext): boolean {
  return context.customer === null || !isMaskedPhone(context.customer.phone);
}

export const customerFormMachine = setup({
  types: {} as {
    context: CustomerFormContext;
    events: CustomerFormEvent;
    input: CustomerFormInput;
    output: CustomerFormOutput;
    tags: CustomerFormTag;
    children: { save: 'saveCustomer' };
  },
  actors: { saveCustomer },
  guards: {
    roomForField: ({ context }) => context.draft.fields.length < CUSTOM_FIELDS_MAX,
    mayOptOut: ({ context }) => context.canOptOut,
    draftValid: ({ context }) => checkCustomer(context.draft, { phoneEditable: phoneEditable(context) }).ok,
  },
  actions: {
    setName: assign(({ context }, params: { value: string }) => ({
      draft: { ...context.draft, name: params.value },
      errors: withoutField(context.errors, 'name'),
    })),
    setPhone: assign(({ context }, params: { value: string }) => ({
      draft: { ...context.draft, phone: params.value },
      errors: withoutField(context.errors, 'phone'),
    })),
    setOptedOut: assign(({ context }, params: { value: boolean }) => ({
      draft: { ...context.draft, optedOut: params.value },
    })),
    setNotes: assign(({ context }, params: { value: string }) => ({
      draft: { ...context.draft, notes: params.value },
      errors: withoutField(context.errors, 'notes'),
    })),
    addField: assign(({ context }) => ({
      draft: {
        ...context.draft,
        fields: [...context.draft.fields, { id: context.nextRowId, name: '', value: '' }],
      },
      nextRowId: context.nextRowId + 1,
    })),
    setFieldName: assign(({ context }, params: { row: number; value: string }) => ({
      draft: {
        ...context.draft,
        fields: context.draft.fields.map((row) =>
          row.id === params.row ? { ...row, name: params.value } : row,
        ),
      },
      errors: withoutRow(context.errors, params.row, 'name'),
    })),
    setFieldValue: assign(({ context }, params: { row: number; value: string }) => ({
      draft: {
        ...context.draft,
        fields: context.draft.fields.map((row) =>
          row.id === params.row ? { ...row, value: params.value } : row,
        ),
      },
      errors: withoutRow(context.errors, params.row, 'value'),
    })),
    removeField: assign(({ context }, params: { row: number }) => ({
      draft: { ...context.draft, fields: context.draft.fields.filter((row) => row.id !== params.row) },
      errors: withoutField(withoutRow(context.errors, params.row), 'customFields'),
    })),
    showCheckErrors: assign(({ context }) => {
      const checked = checkCustomer(context.draft, { phoneEditable: phoneEditable(context) });
      return { errors: checked.ok ? noFormErrors : checked.errors, saveError: null };
    }),
    startSave: assign({ errors: noFormErrors, saveError: null }),
    showSaveError: assign(({ context }, params: { error: unknown }) => {
      const errors = customerServerErrors(params.error, context.draft);
      return { errors, saveError: hasFormErrors(errors) ? null : toFlowError(params.error) };
    }),
    keepSaved: assign((_, params: { customer: Customer }) => ({ saved: params.customer })),
  },
}).createMachine({
  id: 'customerForm',
  context: ({ input }) => {
    const draft = draftOf(input.customer);
    return {
      client: input.client,
      key: input.key,
      customer: input.customer,
      canOptOut: input.canOptOut ?? false,
      draft,
      nextRowId: draft.fields.length + 1,
      errors: noFormErrors,
      saveError: null,
      saved: null,
    };
  },
  initial: 'filling',
  states: {
    filling: {
      on: {
        'customerForm.name': { actions: { type: 'setName', params: ({ event }) => event } },
        'customerForm.phone': { actions: { type: 'setPhone', params: ({ event }) => event } },
        'customerForm.notes': { actions: { type: 'setNotes', params: ({ event }) => event } },
        'customerForm.addField': { guard: 'roomForField', actions: 'addField' },
        'customerForm.fieldName': { actions: { type: 'setFieldName', params: ({ event }) => event } },
        'customerForm.fieldValue': { actions: { type: 'setFieldValue', params: ({ event }) => event } },
        'customerForm.removeField': { actions: { type: 'removeField', params: ({ event }) => event } },
        'customerForm.optedOut': {
          guard: 'mayOptOut',
          actions: { type: 'setOptedOut', params: ({ event }) => event },
        },
        'customerForm.save': [
          { guard: 'draftValid', target: 'saving', actions: 'startSave' },
          { actions: 'showCheckErrors' },
        ],
        'customerForm.cancel': 'cancelled',
      },
    },
    saving: {
      tags: ['saving', 'busy'],
      invoke: {
        id: 'save',
        src: 'saveCustomer',
        input: ({ context }) => {
          const checked = checkCustomer(context.draft, { phoneEditable: phoneEditable(context) });
          const values = checked.ok ? checked.value : { name: '', phone: '', notes: '', customFields: {} };
          const optedOut = context.canOptOut ? context.draft.optedOut : null;
          return {
            client: context.client,
            key: context.key,
            save: customerSave(context.customer, values, optedOut),
          };
        },
        onDone: {
          target: 'saved',
          actions: { type: 'keepSaved', params: ({ event }) => ({ customer: event.output }) },
        },
        onError: {
          target: 'filling',
          actions: { type: 'showSaveError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    saved: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) =>
    context.saved === null ? null : { customer: context.saved, created: context.customer === null },
});

export type CustomerFormSnapshot = SnapshotFrom<typeof customerFormMachine>;

/** Whether the phone can be changed (not when the viewer sees it masked). */
export function selectPhoneEditable(snapshot: CustomerFormSnapshot): boolean {
  return phoneEditable(snapshot.context);
}

/** Whether another custom field row may be added. */
export function selectCanAddField(snapshot: CustomerFormSnapshot): boolean {
  return snapshot.context.draft.fields.length < CUSTOM_FIELDS_MAX;
}
