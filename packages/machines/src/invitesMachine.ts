/**
 * The project's invite codes (`/project/user/{key}`, tab "Undangan"). The codes are a paginated
 * table (the child `table`, tableMachine over `invite_list`, newest first). Two regions run side
 * by side:
 *
 * - `dialog`: at most one of the create form (a template to start from, an optional expiry in
 *   hours 1-720 and an optional use limit 1-1000, checked here, saved with `invite_create`; the
 *   server's refusals such as `grant_beyond_own` stay in the form) and a revoke (confirm, then
 *   `invite_revoke`). Each announces what it did (`invites.created`, `invites.revoked`) and the
 *   table fetches its page again;
 * - `copy`: `invites.copy` puts the invite's absolute link (`{origin}/invite/{code}`) on the
 *   clipboard through the input's `copy` and announces `invites.copied` or `invites.copyFailed`
 *   (with the link, to show for copying by hand).
 */
import { assign, emit, fromPromise, sendTo, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { INVITE_HOURS_MAX, INVITE_USES_MAX } from '@sapa/sdk';
import type { Invite, RoleTemplate } from '@sapa/sdk';
import { fieldErrorsOf, toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import { inviteLink, inviteTablePayload, revokeInvite } from './membersActors.ts';
import type { InviteTablePayload } from './membersActors.ts';
import type { ActCaller } from './sdk.ts';
import { createTableMachine } from './tableMachine.ts';
import type { FetchPage } from './tableMachine.ts';

export interface InviteDraft {
  template: RoleTemplate;
  /** As typed; '' for never. */
  expiresInHours: string;
  /** As typed; '' for no limit. */
  maxUses: string;
}

export type InviteField = 'template' | 'expiresInHours' | 'maxUses';
/** A field's error: a catalogue key (client check) or the server's message to show as is. */
export type InviteFieldError =
  { key: 'invites.form.expiresRange' | 'invites.form.maxUsesRange' } | { message: string };
export type InviteFieldErrors = Partial<Record<InviteField, InviteFieldError>>;

export interface InvitesInput {
  client: ActCaller;
  key: string;
  fetchPage: FetchPage<Invite, InviteTablePayload>;
  /** The app's origin (`https://sapa.example`), for the invite's absolute link. */
  origin: string;
  /** Puts text on the clipboard (the web: `navigator.clipboard.writeText`). */
  copy(text: string): Promise<void>;
}

export interface InvitesContext {
  client: ActCaller;
  key: string;
  fetchPage: FetchPage<Invite, InviteTablePayload>;
  origin: string;
  copy(text: string): Promise<void>;
  draft: InviteDraft;
  fieldErrors: InviteFieldErrors;
  saveError: FlowError | null;
  revokeTarget: Invite | null;
  revokeError: FlowError | null;
  /** The link being copied. */
  copying: string | null;
}

export type InvitesEvent =
  | { type: 'invites.add' }
  | { type: 'invites.template'; template: RoleTemplate }
  | { type: 'invites.expiresInHours'; value: string }
  | { type: 'invites.maxUses'; value: string }
  | { type: 'invites.create' }
  | { type: 'invites.revoke'; invite: Invite }
  | { type: 'invites.confirmRevoke' }
  | { type: 'invites.cancel' }
  | { type: 'invites.copy'; invite: Invite };

export type InvitesTag = 'form' | 'saving' | 'confirming' | 'revoking' | 'busy';

export type InvitesEmitted =
  | { type: 'invites.created'; invite: Invite; link: string }
  | { type: 'invites.revoked'; invite: Invite }
  | { type: 'invites.copied'; link: string }
  | { type: 'invites.copyFailed'; link: string };

export function emptyInviteDraft(): InviteDraft {
  return { template: 'agent', expiresInHours: '', maxUses: '' };
}

/** A whole number in 1..max as typed, `null` for '' (none), `undefined` when it is not one. */
function readCount(text: string, max: number): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= 1 && value <= max ? value : undefined;
}

export function checkInvite(draft: InviteDraft): InviteFieldErrors {
  const errors: InviteFieldErrors = {};
  if (readCount(draft.expiresInHours, INVITE_HOURS_MAX) === undefined)
    errors.expiresInHours = { key: 'invites.form.expiresRange' };
  if (readCount(draft.maxUses, INVITE_USES_MAX) === undefined)
    errors.maxUses = { key: 'invites.form.maxUsesRange' };
  return errors;
}

/** What `invite_create` gets for a valid draft (besides the key). */
export function inviteCreateFields(draft: InviteDraft) {
  return {
    template: draft.template,
    expiresInHours: readCount(draft.expiresInHours, INVITE_HOURS_MAX) ?? null,
    maxUses: readCount(draft.maxUses, INVITE_USES_MAX) ?? null,
  };
}

function serverFieldErrors(error: unknown): InviteFieldErrors {
  const errors: InviteFieldErrors = {};
  for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
    if (field === 'template' || field === 'expiresInHours' || field === 'maxUses')
      errors[field] = { message };
  }
  return errors;
}

/** invite_create; answers the new invite. */
export const createInvite = fromPromise<Invite, { client: ActCaller; key: string; draft: InviteDraft }>(
  async ({ input, signal }) =>
    (
      await input.client.act(
        'invite_create',
        { key: input.key, ...inviteCreateFields(input.draft) },
        { signal },
      )
    ).data,
);

/** Copies a link with the input's `copy`; answers the link. */
export const copyInviteLink = fromPromise<string, { copy(text: string): Promise<void>; link: string }>(
  async ({ input }) => {
    await input.copy(input.link);
    return input.link;
  },
);

export const inviteTableMachine = createTableMachine<Invite, InviteTablePayload>();

export const invitesMachine = setup({
  types: {} as {
    context: InvitesContext;
    events: InvitesEvent;
    input: InvitesInput;
    emitted: InvitesEmitted;
    tags: InvitesTag;
    children: { table: 'inviteTable'; save: 'createInvite'; revoke: 'revokeInvite'; copy: 'copyInviteLink' };
  },
  actors: { inviteTable: inviteTableMachine, createInvite, revokeInvite, copyInviteLink },
  guards: {
    draftValid: ({ context }) => Object.keys(checkInvite(context.draft)).length === 0,
  },
  actions: {
    refreshTable: sendTo('table', { type: 'table.refresh' as const }),
    openForm: assign({ draft: emptyInviteDraft, fieldErrors: {}, saveError: null }),
    editDraft: assign(({ context }, params: { patch: Partial<InviteDraft>; field: InviteField }) => {
      const { [params.field]: _gone, ...fieldErrors } = context.fieldErrors;
      return { draft: { ...context.draft, ...params.patch }, fieldErrors };
    }),
    showCheckErrors: assign(({ context }) => ({ fieldErrors: checkInvite(context.draft), saveError: null })),
    startSave: assign({ fieldErrors: {}, saveError: null }),
    showSaveError: assign((_, params: { error: unknown }) => {
      const fieldErrors = serverFieldErrors(params.error);
      return {
        fieldErrors,
        saveError: Object.keys(fieldErrors).length > 0 ? null : toFlowError(params.error),
      };
    }),
    askRevoke: assign((_, params: { invite: Invite }) => ({
      revokeTarget: params.invite,
      revokeError: null,
    })),
    showRevokeError: assign((_, params: { error: unknown }) => ({ revokeError: toFlowError(params.error) })),
    close: assign({ revokeTarget: null, revokeError: null, fieldErrors: {}, saveError: null }),
    announceCreated: emit(({ context }, params: { invite: Invite }) => ({
      type: 'invites.created' as const,
      invite: params.invite,
      link: inviteLink(context.origin, params.invite.code),
    })),
    announceRevoked: emit((_, params: { invite: Invite }) => ({
      type: 'invites.revoked' as const,
      invite: params.invite,
    })),
    startCopy: assign(({ context }, params: { invite: Invite }) => ({
      copying: inviteLink(context.origin, params.invite.code),
    })),
    announceCopied: emit(({ context }) => ({ type: 'invites.copied' as const, link: context.copying ?? '' })),
    announceCopyFailed: emit(({ context }) => ({
      type: 'invites.copyFailed' as const,
      link: context.copying ?? '',
    })),
  },
}).createMachine({
  id: 'invites',
  context: ({ input }) => ({
    client: input.client,
    key: input.key,
    fetchPage: input.fetchPage,
    origin: input.origin,
    copy: input.copy,
    draft: emptyInviteDraft(),
    fieldErrors: {},
    saveError: null,
    revokeTarget: null,
    revokeError: null,
    copying: null,
  }),
  invoke: {
    id: 'table',
    src: 'inviteTable',
    input: ({ context }) => ({ fetchPage: context.fetchPage, payload: inviteTablePayload(context.key) }),
  },
  type: 'parallel',
  states: {
    dialog: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'invites.add': { target: 'form', actions: 'openForm' },
            'invites.revoke': {
              target: 'confirmingRevoke',
              actions: { type: 'askRevoke', params: ({ event }) => event },
            },
          },
        },
        form: {
          tags: ['form'],
          initial: 'filling',
          states: {
            filling: {
              on: {
                'invites.template': {
                  actions: {
                    type: 'editDraft',
                    params: ({ event }) => ({ patch: { template: event.template }, field: 'template' }),
                  },
                },
                'invites.expiresInHours': {
                  actions: {
                    type: 'editDraft',
                    params: ({ event }) => ({
                      patch: { expiresInHours: event.value },
                      field: 'expiresInHours',
                    }),
                  },
                },
                'invites.maxUses': {
                  actions: {
                    type: 'editDraft',
                    params: ({ event }) => ({ patch: { maxUses: event.value }, field: 'maxUses' }),
                  },
                },
                'invites.create': [
                  { guard: 'draftValid', target: 'saving', actions: 'startSave' },
                  { actions: 'showCheckErrors' },
                ],
                'invites.cancel': { target: '#invites.dialog.closed', actions: 'close' },
              },
            },
            saving: {
              tags: ['saving', 'busy'],
              invoke: {
                id: 'save',
                src: 'createInvite',
                input: ({ context }) => ({ client: context.client, key: context.key, draft: context.draft }),
                onDone: {
                  target: '#invites.dialog.closed',
                  actions: [
                    { type: 'announceCreated', params: ({ event }) => ({ invite: event.output }) },
                    'close',
                    'refreshTable',
                  ],
                },
                onError: {
                  target: 'filling',
                  actions: { type: 'showSaveError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
          },
        },
        confirmingRevoke: {
          tags: ['confirming'],
          on: {
            'invites.confirmRevoke': 'revoking',
            'invites.cancel': { target: 'closed', actions: 'close' },
          },
        },
        revoking: {
          tags: ['confirming', 'revoking', 'busy'],
          invoke: {
            id: 'revoke',
            src: 'revokeInvite',
            input: ({ context }) => ({
              client: context.client,
              key: context.key,
              id: context.revokeTarget?.id ?? '',
            }),
            onDone: {
              target: 'closed',
              actions: [
                { type: 'announceRevoked', params: ({ event }) => ({ invite: event.output }) },
                'close',
                'refreshTable',
              ],
            },
            onError: {
              target: 'confirmingRevoke',
              actions: { type: 'showRevokeError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    copy: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'invites.copy': {
              target: 'copying',
              actions: { type: 'startCopy', params: ({ event }) => event },
            },
          },
        },
        copying: {
          invoke: {
            id: 'copy',
            src: 'copyInviteLink',
            input: ({ context }) => ({ copy: context.copy, link: context.copying ?? '' }),
            onDone: { target: 'idle', actions: 'announceCopied' },
            onError: { target: 'idle', actions: 'announceCopyFailed' },
          },
        },
      },
    },
  },
});

export type InvitesSnapshot = SnapshotFrom<typeof invitesMachine>;

export type InvitesDialog = 'closed' | 'form' | 'revoke';

export function selectInvitesDialog(snapshot: InvitesSnapshot): InvitesDialog {
  if (snapshot.hasTag('form')) return 'form';
  if (snapshot.hasTag('confirming')) return 'revoke';
  return 'closed';
}

export function selectInviteTable(snapshot: InvitesSnapshot) {
  return snapshot.children.table;
}

/** The absolute link of an invite, as `invites.copy` copies it. */
export function selectInviteLink(snapshot: InvitesSnapshot, invite: Invite): string {
  return inviteLink(snapshot.context.origin, invite.code);
}
