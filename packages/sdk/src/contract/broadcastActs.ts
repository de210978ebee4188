/**
 * Broadcasts' acts (issue 17): compose (preview the audience and its cost, create, edit while
 * scheduled), control (pause, resume, cancel, retry, delete) and results (list, detail,
 * recipients, CSV). Spread into `acts` (acts.ts). Progress is announced as `broadcast.updated`.
 */
import { z } from 'zod';
import { defineAct } from './defineAct.ts';
import type {
  BroadcastDetail,
  BroadcastPreview,
  BroadcastRecipient,
  BroadcastSummary,
} from './broadcastTypes.ts';
import { broadcastStatuses, broadcastValueSources, recipientStates } from './broadcastTypes.ts';
import { BROADCAST_CSV_MAX_BYTES, BROADCAST_NAME_MAX } from '../broadcasts/limits.ts';

const projectKey = z.string().min(1).max(64);
const id = z.uuid();
const page = z.number().int().min(0).max(1_000_000);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const value = z.object({
  source: z.enum(broadcastValueSources),
  /** `fixed`: the text; `field`: the custom field's name; else empty. */
  value: z.string().max(1_024),
  fallback: z.string().max(1_024),
});

export const broadcastValuesField = z.object({
  body: z.array(value).max(100),
  header: value.optional(),
  headerMediaId: id.optional(),
  buttonUrl: value.optional(),
});

export const broadcastFilterField = z.object({
  search: z.string().trim().max(100).optional(),
  labelId: id.optional(),
  stageId: id.optional(),
  divisionId: id.optional(),
  accountId: id.optional(),
  from: day.optional(),
  to: day.optional(),
});

export const broadcastAudienceField = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('filter'), filter: broadcastFilterField }),
  z.object({
    kind: z.literal('csv'),
    csv: z.string().min(1).max(BROADCAST_CSV_MAX_BYTES),
    filename: z.string().trim().min(1).max(240),
  }),
]);

const compose = {
  name: z.string().trim().min(1).max(BROADCAST_NAME_MAX),
  accountId: id,
  /** One of the number's approved templates. */
  templateId: id,
  values: broadcastValuesField,
  audience: broadcastAudienceField,
  /** When to start, ISO with an offset; null: now. At most a year ahead. */
  scheduledAt: z.iso.datetime({ offset: true }).nullable(),
};

export const broadcastActs = {
  broadcast_list: defineAct<BroadcastSummary[]>()({
    input: z.object({
      key: projectKey,
      page: page.optional(),
      status: z.enum(broadcastStatuses).optional(),
      search: z.string().trim().max(100).optional(),
    }),
    access: { permission: 'crm.broadcast.view' },
    shape: 'page',
    summary:
      "The project's broadcasts, newest first, 10 a page, each with its progress (recipients per state, replies, cost so far). Progress is announced as `broadcast.updated`.",
  }),
  broadcast_get: defineAct<BroadcastDetail>()({
    input: z.object({ key: projectKey, id }),
    access: { permission: 'crm.broadcast.view' },
    summary: 'One broadcast: its template, values, audience, number and progress.',
  }),
  broadcast_preview: defineAct<BroadcastPreview>()({
    input: z.object({ key: projectKey, accountId: id, templateId: id, audience: broadcastAudienceField }),
    access: { permission: 'crm.broadcast.add' },
    summary:
      "Who a broadcast would go to now and what it would cost: the recipients (opted-out customers left out and counted), a CSV's rows left out with their line and reason (invalid phone, duplicate, opted out), the template category's price and the total against the project's balance.",
  }),
  broadcast_create: defineAct<BroadcastDetail>()({
    input: z.object({
      key: projectKey,
      /** The sender's id of this broadcast (uuid): asking again answers the same broadcast. */
      clientId: id,
      ...compose,
    }),
    access: { permission: 'crm.broadcast.add' },
    summary:
      "Creates a broadcast of one of the number's approved templates, to start now (`scheduledAt: null`) or at a time. It starts once, whichever server process gets to it; each recipient is charged to the project's balance when their message goes out, and the broadcast pauses itself (`pauseReason: 'balance'`) when the balance runs out. A template that is not approved answers `invalid_input`; an audience with nobody in it answers `invalid_input` on `audience`.",
  }),
  broadcast_update: defineAct<BroadcastDetail>()({
    input: z.object({ key: projectKey, id, ...compose }),
    access: { permission: 'crm.broadcast.edit' },
    summary:
      'Changes a scheduled broadcast (name, template, values, audience, time). One that has started answers `conflict`.',
  }),
  broadcast_pause: defineAct<BroadcastDetail>()({
    input: z.object({ key: projectKey, id }),
    access: { permission: 'crm.broadcast.edit' },
    summary:
      'Pauses a sending broadcast: no new recipient is sent (those whose request is out finish). Paused already answers as it is; a finished one answers `conflict`.',
  }),
  broadcast_resume: defineAct<BroadcastDetail>()({
    input: z.object({ key: projectKey, id }),
    access: { permission: 'crm.broadcast.edit' },
    summary:
      'Resumes a paused broadcast where it stopped. A broadcast paused for its balance, template or number answers `conflict` while the cause remains (`insufficient_balance` for the balance).',
  }),
  broadcast_cancel: defineAct<BroadcastDetail>()({
    input: z.object({ key: projectKey, id }),
    access: { permission: 'crm.broadcast.edit' },
    summary:
      'Cancels a scheduled, sending or paused broadcast: recipients not yet sent become `cancelled` (and are not charged). A finished one answers `conflict`.',
  }),
  broadcast_retry: defineAct<BroadcastDetail>()({
    input: z.object({ key: projectKey, id }),
    access: { permission: 'crm.broadcast.edit' },
    summary:
      'Queues again the failed recipients whose errors are transient (rate limits, Meta unavailable, the per-user marketing limit) and sends them; the broadcast is `sending` again. None to retry answers `conflict`.',
  }),
  broadcast_delete: defineAct<{ id: string }>()({
    input: z.object({ key: projectKey, id }),
    access: { permission: 'crm.broadcast.hapus' },
    summary:
      'Deletes a broadcast that is not sending (its messages stay in their conversations). A sending one answers `conflict`: pause or cancel it first.',
  }),
  broadcast_recipients: defineAct<BroadcastRecipient[]>()({
    input: z.object({
      key: projectKey,
      id,
      page: page.optional(),
      state: z.enum(recipientStates).optional(),
      /** Only those who replied (true) or did not (false). */
      replied: z.boolean().optional(),
      search: z.string().trim().max(100).optional(),
    }),
    access: { permission: 'crm.broadcast.view' },
    shape: 'page',
    summary:
      "A broadcast's recipients in the order they are sent, 10 a page, with state, Meta's reason for a failure, and whether they replied.",
  }),
  broadcast_export: defineAct<{ filename: string; csv: string; rows: number }>()({
    input: z.object({ key: projectKey, id, state: z.enum(recipientStates).optional() }),
    access: { permission: 'crm.broadcast.view' },
    summary:
      "A broadcast's recipients as CSV (name, phone, state, reason, sent, delivered, read and replied times), as `customer_export` answers.",
  }),
};
