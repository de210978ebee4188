/**
 * The invite page (`/invite/{code}`), for a signed-in user (a signed-out one is sent to sign in
 * or register first by the session machine, which brings them back here):
 *
 * - `loading`: `invite_get`. An unknown code (`invite_invalid`) is `invalid`; any other failure
 *   is `failed`, with a retry;
 * - `member`: the user is in the project already (`memberOf`): the page offers to open it;
 * - `closed`: the code is expired, used up or revoked (its status shows);
 * - `ready`: `invite.accept` joins (`invite_accept`); a code that stopped working meanwhile is
 *   `invalid`, any other failure stays in `ready` with `error`;
 * - `joined` (final): the output is where to go, the first screen of the project the new
 *   member's permissions allow (`projectLanding`).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { InvitePreview, Project } from '@sapa/sdk';
import { reasonOf, toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import { projectLanding } from './membersActors.ts';
import type { ActCaller } from './sdk.ts';

export interface InvitePageInput {
  client: ActCaller;
  code: string;
}

export interface InvitePageContext {
  client: ActCaller;
  code: string;
  invite: InvitePreview | null;
  /** Why loading or joining failed (not `invite_invalid`, which is a state). */
  error: FlowError | null;
  /** Where to go once joined (`joined`). */
  landing: string | null;
}

export type InvitePageEvent = { type: 'invite.accept' } | { type: 'invite.retry' };

export type InvitePageTag = 'loading' | 'busy';

export type InvitePageStatus =
  'loading' | 'failed' | 'invalid' | 'closed' | 'member' | 'ready' | 'joining' | 'joined';

export const loadInvite = fromPromise<InvitePreview, { client: ActCaller; code: string }>(
  async ({ input, signal }) => (await input.client.act('invite_get', { code: input.code }, { signal })).data,
);

export const acceptInvite = fromPromise<Project, { client: ActCaller; code: string }>(
  async ({ input, signal }) =>
    (await input.client.act('invite_accept', { code: input.code }, { signal })).data,
);

const inviteOf = ({ event }: { event: { output: InvitePreview } }) => ({ invite: event.output });

export const invitePageMachine = setup({
  types: {} as {
    context: InvitePageContext;
    events: InvitePageEvent;
    input: InvitePageInput;
    output: string;
    tags: InvitePageTag;
    children: { load: 'loadInvite'; accept: 'acceptInvite' };
  },
  actors: { loadInvite, acceptInvite },
  guards: {
    isInvalid: (_, params: { error: unknown }) => reasonOf(params.error) === 'invite_invalid',
    isMember: (_, params: { invite: InvitePreview }) => params.invite.memberOf !== null,
    isClosed: (_, params: { invite: InvitePreview }) => params.invite.status !== 'active',
  },
  actions: {
    keepInvite: assign((_, params: { invite: InvitePreview }) => ({ invite: params.invite, error: null })),
    showError: assign((_, params: { error: unknown }) => ({ error: toFlowError(params.error) })),
    clearError: assign({ error: null }),
    land: assign((_, params: { project: Project }) => ({
      landing: projectLanding(params.project.key, params.project.permissions),
    })),
  },
}).createMachine({
  id: 'invitePage',
  context: ({ input }) => ({
    client: input.client,
    code: input.code,
    invite: null,
    error: null,
    landing: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading', 'busy'],
      invoke: {
        id: 'load',
        src: 'loadInvite',
        input: ({ context }) => ({ client: context.client, code: context.code }),
        onDone: [
          {
            guard: { type: 'isMember', params: inviteOf },
            target: 'member',
            actions: { type: 'keepInvite', params: inviteOf },
          },
          {
            guard: { type: 'isClosed', params: inviteOf },
            target: 'closed',
            actions: { type: 'keepInvite', params: inviteOf },
          },
          { target: 'ready', actions: { type: 'keepInvite', params: inviteOf } },
        ],
        onError: [
          {
            guard: { type: 'isInvalid', params: ({ event }) => ({ error: event.error }) },
            target: 'invalid',
          },
          {
            target: 'failed',
            actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    failed: { on: { 'invite.retry': { target: 'loading', actions: 'clearError' } } },
    invalid: {},
    closed: {},
    member: {},
    ready: { on: { 'invite.accept': { target: 'joining', actions: 'clearError' } } },
    joining: {
      tags: ['busy'],
      invoke: {
        id: 'accept',
        src: 'acceptInvite',
        input: ({ context }) => ({ client: context.client, code: context.code }),
        onDone: {
          target: 'joined',
          actions: { type: 'land', params: ({ event }) => ({ project: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isInvalid', params: ({ event }) => ({ error: event.error }) },
            target: 'invalid',
          },
          {
            target: 'ready',
            actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    joined: { type: 'final' },
  },
  output: ({ context }) => context.landing ?? '/',
});

export type InvitePageSnapshot = SnapshotFrom<typeof invitePageMachine>;

export function selectInvitePageStatus(snapshot: InvitePageSnapshot): InvitePageStatus {
  for (const status of [
    'loading',
    'failed',
    'invalid',
    'closed',
    'member',
    'ready',
    'joining',
    'joined',
  ] as const) {
    if (snapshot.matches(status)) return status;
  }
  return 'loading';
}

export function selectInvitePreview(snapshot: InvitePageSnapshot): InvitePreview | null {
  return snapshot.context.invite;
}

/** Where the member's project opens: the landing once joined, or the project they are in already. */
export function selectInviteTarget(snapshot: InvitePageSnapshot): string | null {
  if (snapshot.context.landing !== null) return snapshot.context.landing;
  const memberOf = snapshot.context.invite?.memberOf;
  return memberOf ? `/crm/chat/${encodeURIComponent(memberOf)}` : null;
}
