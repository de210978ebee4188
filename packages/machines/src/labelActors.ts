/**
 * Labels' network work and rules, apart from their statecharts (labelsMachine.ts for the
 * `/crm/label/{key}` screen, customerLabelsMachine.ts for the chat's customer panel): saving and
 * deleting a label, a customer's labels, the project's labels for pickers and filters, the form's
 * checks, the picker's search, and what a member may do with labels.
 */
import { fromPromise } from 'xstate';
import { can, RECORD_NAME_MAX } from '@sapa/sdk';
import type { ActAccess, ActName, ActPayload, Label } from '@sapa/sdk';
import { matchNames } from './choiceSelectors.ts';
import { isHexColor } from './hexColor.ts';
import { NAME_COLOR_FIELDS } from './nameColorForm.ts';
import type { NameColorDraft, NameColorField } from './nameColorForm.ts';
import { mayCall } from './projectAccess.ts';
import type { ActCaller } from './sdk.ts';
import type { Checked, FieldErrors } from './validation.ts';

/** How the labels table is sorted (`label_list`'s `sort`). */
export type LabelSort = 'name' | 'newest' | 'customers';
export const labelSorts: readonly LabelSort[] = ['name', 'newest', 'customers'];

/** What the labels table sends to `label_list` besides the page. */
export type LabelTablePayload = ActPayload<'label_list'>;

/** The colours the form offers (any other `#rrggbb` can be typed). */
export const labelPalette = [
  '#e53935',
  '#fb8c00',
  '#f9a825',
  '#43a047',
  '#00897b',
  '#039be5',
  '#1e88e5',
  '#5e35b1',
  '#d81b60',
  '#6d4c41',
] as const;

export type LabelField = NameColorField;
export const LABEL_FIELDS: readonly LabelField[] = NAME_COLOR_FIELDS;

/** A label as the form holds it: what was typed. */
export type LabelDraft = NameColorDraft;

/** `#rrggbb` (either case), as `label_create` takes it. */
export const isLabelColor = isHexColor;

/** The form: a name of 1 to `RECORD_NAME_MAX` characters after trimming and a `#rrggbb` colour (lowercased). */
export function checkLabel(draft: LabelDraft): Checked<LabelField, LabelDraft> {
  const errors: FieldErrors<LabelField> = {};
  const name = draft.name.trim();
  if (name === '' || name.length > RECORD_NAME_MAX) errors.name = { key: 'validation.labelName' };
  if (!isLabelColor(draft.color)) errors.color = { key: 'validation.color' };
  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return { ok: true, value: { name, color: draft.color.trim().toLowerCase() } };
}

/** The table's payload for a sort and an applied search ('' for none). */
export function labelTablePayload(
  key: string,
  query: { sort: LabelSort; search: string },
): LabelTablePayload {
  return {
    act: 'label_list',
    key,
    sort: query.sort,
    ...(query.search === '' ? {} : { search: query.search }),
  };
}

/** label_create (`id` null) or label_update: answers the saved label. */
export const saveLabel = fromPromise<
  Label,
  { client: ActCaller; key: string; id: string | null; draft: LabelDraft }
>(async ({ input, signal }) => {
  const { client, key, id, draft } = input;
  if (id === null) return (await client.act('label_create', { key, ...draft }, { signal })).data;
  return (await client.act('label_update', { key, id, ...draft }, { signal })).data;
});

/** label_delete: answers the deleted label's id. */
export const removeLabel = fromPromise<{ id: string }, { client: ActCaller; key: string; id: string }>(
  async ({ input, signal }) =>
    (await input.client.act('label_delete', { key: input.key, id: input.id }, { signal })).data,
);

/** customer_label_list: the labels a customer carries, by name. */
export const loadCustomerLabels = fromPromise<
  Label[],
  { client: ActCaller; key: string; customerId: string }
>(
  async ({ input, signal }) =>
    (
      await input.client.act(
        'customer_label_list',
        { key: input.key, customerId: input.customerId },
        { signal },
      )
    ).data,
);

/** customer_label_set: attaches or detaches one label; answers the customer's labels. */
export const setCustomerLabel = fromPromise<
  Label[],
  { client: ActCaller; key: string; customerId: string; labelId: string; attached: boolean }
>(async ({ input, signal }) => {
  const { client, ...fields } = input;
  return (await client.act('customer_label_set', fields, { signal })).data;
});

/** label_list `{ all: true }`: every label of the project, by name (pickers and filters). */
export const loadLabelOptions = fromPromise<Label[], { client: ActCaller; key: string }>(
  async ({ input, signal }) =>
    (await input.client.act('label_list', { key: input.key, all: true }, { signal })).data,
);

/** The labels whose name holds every word of `search` (any case); all of them for ''. */
export const matchLabels: (labels: readonly Label[], search: string) => Label[] = matchNames;

/** The access of the label acts, as the contract declares it (a test keeps them equal). */
export const labelActAccess = {
  label_list: { anyOf: ['crm.label.view', 'crm.chat.view'] },
  label_create: { permission: 'crm.label.add' },
  label_update: { permission: 'crm.label.edit' },
  label_delete: { permission: 'crm.label.hapus' },
  customer_label_list: { permission: 'crm.chat.view' },
  customer_label_set: { permission: 'crm.chat.add_label' },
} as const satisfies Partial<Record<ActName, ActAccess>>;

export interface LabelPermissions {
  /** The menu entry (`crm.label.menu`). */
  menu: boolean;
  /** The screen (`crm.label.view`). */
  view: boolean;
  add: boolean;
  edit: boolean;
  /** Deleting (`crm.label.hapus`). */
  remove: boolean;
  /** A customer's labels in the chat (`customer_label_list`). */
  seeOnCustomer: boolean;
  /** Attaching and detaching labels on a customer (`crm.chat.add_label`). */
  attach: boolean;
}

export function labelPermissions(permissions: readonly string[]): LabelPermissions {
  return {
    menu: can(permissions, 'crm.label.menu'),
    view: can(permissions, 'crm.label.view'),
    add: mayCall(permissions, labelActAccess.label_create),
    edit: mayCall(permissions, labelActAccess.label_update),
    remove: mayCall(permissions, labelActAccess.label_delete),
    seeOnCustomer: mayCall(permissions, labelActAccess.customer_label_list),
    attach: mayCall(permissions, labelActAccess.customer_label_set),
  };
}
