/**
 * Rows as `to_jsonb(row)` gives them (snake_case keys, timestamps as text) turned into the shapes
 * Drizzle selects (camelCase, `Date`), for answers of SQL functions such as `sapa_receive_message`.
 */
import type { ConversationRow, CustomerRow, MessageRow } from '../db/schema.ts';
import type { DivisionTag } from './views.ts';

type Json = Record<string, unknown>;

const text = (row: Json, key: string): string => {
  const value = row[key];
  if (typeof value !== 'string') throw new Error(`row field ${key} is not text`);
  return value;
};
const textOrNull = (row: Json, key: string): string | null => {
  const value = row[key];
  return typeof value === 'string' ? value : null;
};
const int = (row: Json, key: string): number => {
  const value = row[key];
  if (typeof value !== 'number') throw new Error(`row field ${key} is not a number`);
  return value;
};
const date = (row: Json, key: string): Date => new Date(text(row, key));
const dateOrNull = (row: Json, key: string): Date | null => {
  const value = textOrNull(row, key);
  return value === null ? null : new Date(value);
};
const jsonOrNull = <T>(row: Json, key: string): T | null => {
  const value = row[key];
  return value === undefined || value === null ? null : (value as T);
};

export function customerFromJson(row: Json): CustomerRow {
  return {
    id: text(row, 'id'),
    projectId: text(row, 'project_id'),
    phone: text(row, 'phone'),
    name: text(row, 'name'),
    waName: textOrNull(row, 'wa_name'),
    notes: textOrNull(row, 'notes') ?? '',
    customFields: jsonOrNull<Record<string, string>>(row, 'custom_fields') ?? {},
    optedOutAt: dateOrNull(row, 'opted_out_at'),
    optedOutVia: textOrNull(row, 'opted_out_via') as CustomerRow['optedOutVia'],
    createdAt: date(row, 'created_at'),
  };
}

export function conversationFromJson(row: Json): ConversationRow {
  return {
    id: text(row, 'id'),
    projectId: text(row, 'project_id'),
    accountId: text(row, 'account_id'),
    customerId: text(row, 'customer_id'),
    lastSeq: int(row, 'last_seq'),
    lastMessageAt: dateOrNull(row, 'last_message_at'),
    lastMessage: jsonOrNull(row, 'last_message'),
    unread: int(row, 'unread'),
    assignedUserId: textOrNull(row, 'assigned_user_id'),
    divisionId: textOrNull(row, 'division_id'),
    lastInboundAt: dateOrNull(row, 'last_inbound_at'),
    referral: jsonOrNull(row, 'referral'),
    entryPointAt: dateOrNull(row, 'entry_point_at'),
    freeEntryUntil: dateOrNull(row, 'free_entry_until'),
    createdAt: date(row, 'created_at'),
  };
}

export function divisionFromJson(row: Json): DivisionTag {
  return { id: text(row, 'id'), name: text(row, 'name'), color: text(row, 'color') };
}

export function messageFromJson(row: Json): MessageRow {
  return {
    id: text(row, 'id'),
    conversationId: text(row, 'conversation_id'),
    seq: int(row, 'seq'),
    direction: text(row, 'direction') as MessageRow['direction'],
    wamid: textOrNull(row, 'wamid'),
    clientId: textOrNull(row, 'client_id'),
    type: text(row, 'type'),
    caption: textOrNull(row, 'caption'),
    url: textOrNull(row, 'url'),
    mediaId: textOrNull(row, 'media_id'),
    mediaFileId: textOrNull(row, 'media_file_id'),
    filename: textOrNull(row, 'filename'),
    name: textOrNull(row, 'name'),
    phone: textOrNull(row, 'phone'),
    replyTo: textOrNull(row, 'reply_to'),
    status: text(row, 'status') as MessageRow['status'],
    error: jsonOrNull(row, 'error'),
    senderUserId: textOrNull(row, 'sender_user_id'),
    template: jsonOrNull(row, 'template'),
    pricing: jsonOrNull(row, 'pricing'),
    broadcastId: textOrNull(row, 'broadcast_id'),
    automationRuleId: textOrNull(row, 'automation_rule_id'),
    createdAt: date(row, 'created_at'),
  };
}
