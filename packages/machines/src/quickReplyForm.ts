/**
 * The quick replies screen's rules apart from its statechart (quickReplyMachine.ts): what a
 * member may do there, the form's client-side checks (the server checks everything again and
 * answers its own field errors), the act calls, the list's payload and the search pause.
 */
import { fromPromise } from 'xstate';
import { can, SHORTCUT_MAX } from '@sapa/sdk';
import type { MediaFile, QuickReply } from '@sapa/sdk';
import { serverFieldErrors } from './validation.ts';
import type { FieldError, ValidationKey } from './validation.ts';
import type { ActCaller } from './sdk.ts';

export interface QuickReplyPermissions {
  /** The menu entry (`crm.quick_replay.menu`). */
  menu: boolean;
  /** The screen (`crm.quick_replay.view`). */
  view: boolean;
  /** "Tambah" (`crm.quick_replay.add`). */
  add: boolean;
  /** Editing one (`crm.quick_replay.edit`). */
  edit: boolean;
  /** Deleting one (`crm.quick_replay.hapus`). */
  remove: boolean;
}

export function quickReplyPermissions(permissions: readonly string[]): QuickReplyPermissions {
  return {
    menu: can(permissions, 'crm.quick_replay.menu'),
    view: can(permissions, 'crm.quick_replay.view'),
    add: can(permissions, 'crm.quick_replay.add'),
    edit: can(permissions, 'crm.quick_replay.edit'),
    remove: can(permissions, 'crm.quick_replay.hapus'),
  };
}

/** The file that goes with a quick reply: one of the gallery, or a fresh upload. */
export type QuickReplyMedia = Pick<MediaFile, 'id' | 'filename'>;

/** What the form holds. */
export interface QuickReplyDraft {
  /** As typed: a leading `/`, capitals and spaces around are allowed. */
  shortcut: string;
  text: string;
  media: QuickReplyMedia | null;
}

export type QuickReplyField = 'shortcut' | 'text' | 'mediaId';
export const QUICK_REPLY_FIELDS: readonly QuickReplyField[] = ['shortcut', 'text', 'mediaId'];

/** The quick reply form's own message keys, beside the shared `validation.*` ones. */
export type QuickReplyErrorKey = ValidationKey | 'quickReply.form.shortcutRule';
/** A field's error: a catalogue key (client check) or the server's message to show as is. */
export type QuickReplyFieldError = FieldError | { key: QuickReplyErrorKey };
export type QuickReplyFieldErrors = Partial<Record<QuickReplyField, QuickReplyFieldError>>;

/** A shortcut as the server keeps it: trimmed, lowercase, without its leading slash. */
export function normalizeShortcut(shortcut: string): string {
  return shortcut.trim().toLowerCase().replace(/^\//, '');
}

export function emptyDraft(): QuickReplyDraft {
  return { shortcut: '', text: '', media: null };
}

export function draftOf(reply: QuickReply): QuickReplyDraft {
  return {
    shortcut: reply.shortcut,
    text: reply.text,
    media: reply.media === null ? null : { id: reply.media.id, filename: reply.media.filename },
  };
}

/** The form's errors (none: it may be saved). Shortcut: 1 to `SHORTCUT_MAX` of `a-z 0-9 _ -`; text: 1 to `QUICK_REPLY_TEXT_MAX` (`@sapa/sdk`). */
export function checkQuickReply(draft: QuickReplyDraft): QuickReplyFieldErrors {
  const errors: QuickReplyFieldErrors = {};
  const shortcut = normalizeShortcut(draft.shortcut);
  if (shortcut === '') errors.shortcut = { key: 'validation.required' };
  else if (!new RegExp(`^[a-z0-9_-]{1,${SHORTCUT_MAX}}$`).test(shortcut))
    errors.shortcut = { key: 'quickReply.form.shortcutRule' };
  const text = draft.text.trim();
  if (text === '') errors.text = { key: 'validation.required' };
  return errors;
}

export function quickReplyServerErrors(error: unknown): QuickReplyFieldErrors {
  return serverFieldErrors(error, QUICK_REPLY_FIELDS);
}

/** What a save sends: a new one, or the changes of `editing` (its file only when it changed). */
export interface QuickReplySave {
  editing: QuickReply | null;
  draft: QuickReplyDraft;
}

/** quick_reply_create or quick_reply_update; answers the quick reply as the server keeps it. */
export const saveQuickReply = fromPromise<
  QuickReply,
  { client: ActCaller; key: string; save: QuickReplySave }
>(async ({ input, signal }) => {
  const { client, key, save } = input;
  const shortcut = normalizeShortcut(save.draft.shortcut);
  const text = save.draft.text.trim();
  const mediaId = save.draft.media?.id ?? null;
  if (save.editing === null) {
    const fields = { key, shortcut, text, ...(mediaId === null ? {} : { mediaId }) };
    return (await client.act('quick_reply_create', fields, { signal })).data;
  }
  const mediaChanged = mediaId !== (save.editing.media?.id ?? null);
  const fields = { key, id: save.editing.id, shortcut, text, ...(mediaChanged ? { mediaId } : {}) };
  return (await client.act('quick_reply_update', fields, { signal })).data;
});

/** quick_reply_delete; answers the id. */
export const deleteQuickReply = fromPromise<{ id: string }, { client: ActCaller; key: string; id: string }>(
  async ({ input, signal }) =>
    (await input.client.act('quick_reply_delete', { key: input.key, id: input.id }, { signal })).data,
);

/** The table's payload for a search ('' for none): `quick_reply_list`, 10 a page. */
export interface QuickReplyListPayload {
  act: 'quick_reply_list';
  key: string;
  search?: string;
}

export function quickReplyListPayload(key: string, search: string): QuickReplyListPayload {
  return search === '' ? { act: 'quick_reply_list', key } : { act: 'quick_reply_list', key, search };
}
