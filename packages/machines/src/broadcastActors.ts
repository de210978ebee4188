/**
 * The broadcast results' network work (broadcastsMachine.ts, broadcastDetailMachine.ts): the
 * tables' payloads and the acts, each a promise actor that hands XState's signal to the call.
 */
import { fromPromise } from 'xstate';
import { isSendable, recipientStates } from '@sapa/sdk';
import type { ActPayload, BroadcastDetail, RecipientState } from '@sapa/sdk';
import type { BroadcastControl, BroadcastListFilter } from './broadcastRules.ts';
import type { ActCaller } from './sdk.ts';

/** The broadcasts table's payload: `broadcast_list`, 10 a page, newest first. */
export type BroadcastListPayload = ActPayload<'broadcast_list'>;

export function broadcastListPayload(key: string, filter: BroadcastListFilter): BroadcastListPayload {
  const search = filter.search.trim();
  return {
    act: 'broadcast_list',
    key,
    ...(filter.status === null ? {} : { status: filter.status }),
    ...(search === '' ? {} : { search }),
  };
}

/** The recipients table's filters: a state, replied or not, each `null` when not applied. */
export interface RecipientFilters {
  state: RecipientState | null;
  replied: boolean | null;
}

export const noRecipientFilters: RecipientFilters = { state: null, replied: null };

export function isRecipientState(value: string | null): value is RecipientState | null {
  return value === null || (recipientStates as readonly string[]).includes(value);
}

/** The recipients table's payload: `broadcast_recipients`, 10 a page, in the order they are sent. */
export type RecipientsPayload = ActPayload<'broadcast_recipients'>;

export function recipientsPayload(
  key: string,
  id: string,
  filters: RecipientFilters,
  search: string,
): RecipientsPayload {
  const text = search.trim();
  return {
    act: 'broadcast_recipients',
    key,
    id,
    ...(filters.state === null ? {} : { state: filters.state }),
    ...(filters.replied === null ? {} : { replied: filters.replied }),
    ...(text === '' ? {} : { search: text }),
  };
}

/** What an export answers: the CSV text and the name to save it under. */
export interface BroadcastExport {
  filename: string;
  csv: string;
  rows: number;
}

type ProjectRef = { client: ActCaller; key: string };
type BroadcastRef = ProjectRef & { id: string };

/** broadcast_get: the broadcast with its template, values, audience and progress. */
export const loadBroadcast = fromPromise<BroadcastDetail, BroadcastRef>(
  async ({ input, signal }) =>
    (await input.client.act('broadcast_get', { key: input.key, id: input.id }, { signal })).data,
);

/** `broadcast_<control>`: the broadcast as it is after it, or null once deleted. */
export const controlBroadcast = fromPromise<
  BroadcastDetail | null,
  BroadcastRef & { control: BroadcastControl }
>(async ({ input, signal }) => {
  const { client, key, id } = input;
  const fields = { key, id };
  switch (input.control) {
    case 'pause':
      return (await client.act('broadcast_pause', fields, { signal })).data;
    case 'resume':
      return (await client.act('broadcast_resume', fields, { signal })).data;
    case 'cancel':
      return (await client.act('broadcast_cancel', fields, { signal })).data;
    case 'retry':
      return (await client.act('broadcast_retry', fields, { signal })).data;
    case 'delete':
      await client.act('broadcast_delete', fields, { signal });
      return null;
  }
});

/** broadcast_export: the recipients as CSV, of one state when the table is filtered by it. */
export const exportRecipients = fromPromise<BroadcastExport, BroadcastRef & { state: RecipientState | null }>(
  async ({ input, signal }) => {
    const { client, key, id, state } = input;
    return (
      await client.act('broadcast_export', { key, id, ...(state === null ? {} : { state }) }, { signal })
    ).data;
  },
);

/**
 * Whether the project has a template it can broadcast (one `APPROVED` on any of its numbers), for
 * the empty table's advice; null when the member may not list numbers or templates, or a list
 * failed (then nothing is said about templates). Never fails.
 */
export const loadApprovedTemplates = fromPromise<boolean | null, ProjectRef & { allowed: boolean }>(
  async ({ input, signal }) => {
    if (!input.allowed) return null;
    const { client, key } = input;
    try {
      const accounts = (await client.act('account_list', { key }, { signal })).data;
      const lists = await Promise.all(
        accounts.map((account) => client.act('template_list', { key, accountId: account.id }, { signal })),
      );
      return lists.some((list) => list.data.some((template) => isSendable(template)));
    } catch {
      return null;
    }
  },
);
