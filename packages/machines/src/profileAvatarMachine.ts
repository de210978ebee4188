/**
 * The profile picture: a picked file is checked here (JPEG, PNG or WebP, at most
 * `AVATAR_MAX_BYTES`) before anything is sent, read to a `data:` URL by the `readFile` the app
 * gives (the browser's FileReader), and sent with `profile_avatar_set`; `avatar.clear` removes it
 * (`profile_avatar_clear`). Each answered user is emitted (`avatar.changed`).
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import { avatarProblem } from './profileChecks.ts';
import type { AvatarFile, AvatarProblem } from './profileChecks.ts';
import type { ActCaller, User } from './sdk.ts';

/** Reads a picked file to a `data:` URL. */
export type AvatarReader = (file: AvatarFile) => Promise<string>;

export interface ProfileAvatarInput {
  client: ActCaller;
  readFile: AvatarReader;
}

export interface ProfileAvatarContext {
  client: ActCaller;
  readFile: AvatarReader;
  /** The picked file, while it is read. */
  file: AvatarFile | null;
  /** The picture read, while it is sent. */
  image: string | null;
  /** Why the last picked file was refused before sending. */
  problem: AvatarProblem | null;
  error: FlowError | null;
}

export type ProfileAvatarEvent = { type: 'avatar.pick'; file: AvatarFile } | { type: 'avatar.clear' };
export type ProfileAvatarEmitted = { type: 'avatar.changed'; user: User };

export const readAvatar = fromPromise<string, { readFile: AvatarReader; file: AvatarFile }>(({ input }) =>
  input.readFile(input.file),
);

/** profile_avatar_set: the picture as a `data:` URL; answers the user. */
export const setAvatar = fromPromise<User, { client: ActCaller; image: string }>(
  async ({ input, signal }) =>
    (await input.client.act('profile_avatar_set', { image: input.image }, { signal })).data,
);

/** profile_avatar_clear: answers the user without a picture. */
export const clearAvatar = fromPromise<User, { client: ActCaller }>(
  async ({ input, signal }) => (await input.client.act('profile_avatar_clear', {}, { signal })).data,
);

export const profileAvatarMachine = setup({
  types: {} as {
    context: ProfileAvatarContext;
    events: ProfileAvatarEvent;
    input: ProfileAvatarInput;
    emitted: ProfileAvatarEmitted;
    children: { read: 'readAvatar'; upload: 'setAvatar'; clear: 'clearAvatar' };
  },
  actors: { readAvatar, setAvatar, clearAvatar },
  guards: {
    fileAccepted: (_, params: { file: AvatarFile }) => avatarProblem(params.file) === null,
  },
  actions: {
    keepFile: assign((_, params: { file: AvatarFile }) => ({
      file: params.file,
      problem: null,
      error: null,
    })),
    refuseFile: assign((_, params: { file: AvatarFile }) => ({
      problem: avatarProblem(params.file),
      error: null,
    })),
    keepImage: assign((_, params: { image: string }) => ({ image: params.image, file: null })),
    startClear: assign({ problem: null, error: null }),
    showError: assign((_, params: { error: unknown }) => ({
      error: toFlowError(params.error),
      file: null,
      image: null,
    })),
    forget: assign({ file: null, image: null }),
    announce: emit((_, params: { user: User }) => ({ type: 'avatar.changed' as const, user: params.user })),
  },
}).createMachine({
  id: 'profileAvatar',
  context: ({ input }) => ({
    client: input.client,
    readFile: input.readFile,
    file: null,
    image: null,
    problem: null,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'avatar.pick': [
          {
            guard: { type: 'fileAccepted', params: ({ event }) => ({ file: event.file }) },
            target: 'reading',
            actions: { type: 'keepFile', params: ({ event }) => ({ file: event.file }) },
          },
          { actions: { type: 'refuseFile', params: ({ event }) => ({ file: event.file }) } },
        ],
        'avatar.clear': { target: 'clearing', actions: 'startClear' },
      },
    },
    reading: {
      tags: ['busy'],
      invoke: {
        id: 'read',
        src: 'readAvatar',
        input: ({ context }) => {
          if (context.file === null) throw new Error('Reading needs a picked file');
          return { readFile: context.readFile, file: context.file };
        },
        onDone: {
          target: 'uploading',
          actions: { type: 'keepImage', params: ({ event }) => ({ image: event.output }) },
        },
        onError: {
          target: 'idle',
          actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'upload',
        src: 'setAvatar',
        input: ({ context }) => ({ client: context.client, image: context.image ?? '' }),
        onDone: {
          target: 'idle',
          actions: ['forget', { type: 'announce', params: ({ event }) => ({ user: event.output }) }],
        },
        onError: {
          target: 'idle',
          actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    clearing: {
      tags: ['busy'],
      invoke: {
        id: 'clear',
        src: 'clearAvatar',
        input: ({ context }) => ({ client: context.client }),
        onDone: {
          target: 'idle',
          actions: { type: 'announce', params: ({ event }) => ({ user: event.output }) },
        },
        onError: {
          target: 'idle',
          actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type ProfileAvatarSnapshot = SnapshotFrom<typeof profileAvatarMachine>;
