/**
 * Test models of the profile's forms: name, language and theme (`profileForm`), the picture
 * (`profileAvatar`), the password (`profilePassword`) and the phone change by code
 * (`profilePhone`). Each save is answered, refused on a field, or lost to the network.
 */
import { fromCallback } from 'xstate';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { AVATAR_MAX_BYTES } from '@sapa/sdk';
import { profileAvatarMachine } from '../profileAvatarMachine.ts';
import type { ProfileAvatarContext } from '../profileAvatarMachine.ts';
import { profileFormMachine } from '../profileFormMachine.ts';
import { profilePasswordMachine } from '../profilePasswordMachine.ts';
import { otpMachine } from '../otpMachine.ts';
import type { OtpOutput } from '../otpMachine.ts';
import { profilePhoneMachine } from '../profilePhoneMachine.ts';
import type { AvatarFile } from '../profileChecks.ts';
import { createFakeClient } from './fakes.ts';
import { apiError, challenge, networkError, user } from './fixtures.ts';
import type { PathModel, StepDriver, World } from './models.ts';
import { flush } from './replay.ts';
import type { TickerInbox } from '../ticker.ts';

/** A ticker that never ticks: the model sends `phone.tick` itself. */
const silentTicker = fromCallback<TickerInbox>(() => undefined);

/** A state's identity: its value and its context without the client. */
function serializeState(snapshot: AnyMachineSnapshot): string {
  const { client: _client, ...context } = snapshot.context as Record<string, unknown>;
  return JSON.stringify({ value: snapshot.value, context });
}

function contextOf(snapshot: AnyMachineSnapshot): Record<string, unknown> {
  return snapshot.context as Record<string, unknown>;
}

function fieldNames(snapshot: AnyMachineSnapshot): string {
  const fields = contextOf(snapshot)['fieldErrors'];
  return typeof fields === 'object' && fields !== null ? Object.keys(fields).join(', ') : '';
}

function errorReason(snapshot: AnyMachineSnapshot): string | null {
  const error = contextOf(snapshot)['error'] as { reason?: string } | null;
  return error?.reason ?? null;
}

function describeForm(snapshot: AnyMachineSnapshot): string {
  const fields = fieldNames(snapshot);
  const reason = errorReason(snapshot);
  return `${JSON.stringify(snapshot.value)}${fields === '' ? '' : `, field errors on ${fields}`}${reason === null ? '' : `, shows ${reason}`}`;
}

function plainWorld(input: (client: ReturnType<typeof createFakeClient>) => unknown): () => World {
  return () => {
    const client = createFakeClient();
    return { client, browser: null, input: input(client), effects: [] };
  };
}

function announce(actor: Parameters<NonNullable<PathModel['observe']>>[0], world: World) {
  actor.on('*', (emitted: AnyEventObject) => world.effects?.push(`announces ${emitted.type}`));
}

function describeSettled(event: AnyEventObject, names: Record<string, string>): string | null {
  const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
  if (match?.[2] === undefined) return null;
  const name = names[match[2]] ?? match[2];
  if (match[1] === 'done') return `${name} succeeds`;
  const error = event['error'] as { reason?: string } | undefined;
  return `${name} fails (${error?.reason ?? 'network down'})`;
}

export const profileFormModel: PathModel = {
  name: 'profileForm',
  machine: profileFormMachine,
  serialize: serializeState,
  starts: [{ label: 'the profile of Sari opens', world: plainWorld((client) => ({ client })) }],
  events: (snapshot) =>
    snapshot.matches('saving')
      ? [
          { type: 'xstate.done.actor.save', output: { ...user, name: 'Sari Wulan', language: 'en' } },
          {
            type: 'xstate.error.actor.save',
            error: apiError('invalid_input', 'Periksa isian', { errors: { name: 'Nama terlalu panjang' } }),
          },
          { type: 'xstate.error.actor.save', error: networkError },
        ]
      : [
          { type: 'profile.save', name: ' ', language: null, theme: null },
          { type: 'profile.save', name: 'Sari Wulan', language: 'en', theme: 'dark' },
        ],
  simple: {
    events: (snapshot) =>
      snapshot.matches('saving')
        ? [{ type: 'xstate.done.actor.save', output: { ...user, name: 'Sari Wulan' } }]
        : [{ type: 'profile.save', name: 'Sari Wulan', language: 'en', theme: 'dark' }],
    toState: (snapshot) => snapshot.matches('editing') && contextOf(snapshot)['form'] === null,
  },
  scenarios: [
    {
      start: 0,
      events: [
        { type: 'profile.save', name: 'Sari Wulan', language: 'en', theme: 'dark' },
        { type: 'xstate.done.actor.save', output: { ...user, name: 'Sari Wulan', language: 'en' } },
      ],
    },
  ],
  actorActs: { save: 'profile_update' },
  drivers: {},
  observe: announce,
  describeEvent: (event) =>
    describeSettled(event, { save: 'profile_update' }) ??
    `the user saves the name "${String(event['name'])}" (${String(event['language'])}, ${String(event['theme'])})`,
  describeState: describeForm,
};

export const profilePasswordModel: PathModel = {
  name: 'profilePassword',
  machine: profilePasswordMachine,
  serialize: serializeState,
  starts: [{ label: 'the password form opens', world: plainWorld((client) => ({ client })) }],
  events: (snapshot) =>
    snapshot.matches('saving')
      ? [
          { type: 'xstate.done.actor.change', output: undefined },
          {
            type: 'xstate.error.actor.change',
            error: apiError('wrong_password', 'Kata sandi saat ini salah.', {
              errors: { currentPassword: 'Kata sandi saat ini salah.' },
            }),
          },
          { type: 'xstate.error.actor.change', error: networkError },
        ]
      : [
          { type: 'password.submit', currentPassword: '', password: 'pendek', confirmPassword: 'lain' },
          {
            type: 'password.submit',
            currentPassword: 'rahasia-lama',
            password: 'rahasia-baru',
            confirmPassword: 'rahasia-baru',
          },
        ],
  simple: {
    events: (snapshot) =>
      snapshot.matches('saving')
        ? [{ type: 'xstate.done.actor.change', output: undefined }]
        : [
            {
              type: 'password.submit',
              currentPassword: 'rahasia-lama',
              password: 'rahasia-baru',
              confirmPassword: 'rahasia-baru',
            },
          ],
    toState: (snapshot) => snapshot.matches('editing') && contextOf(snapshot)['pending'] === null,
  },
  scenarios: [
    {
      start: 0,
      events: [
        {
          type: 'password.submit',
          currentPassword: 'rahasia-lama',
          password: 'rahasia-baru',
          confirmPassword: 'rahasia-baru',
        },
        { type: 'xstate.done.actor.change', output: undefined },
      ],
    },
  ],
  actorActs: { change: 'profile_password_change' },
  drivers: {},
  observe: announce,
  describeEvent: (event) =>
    describeSettled(event, { change: 'profile_password_change' }) ??
    (event['currentPassword'] === ''
      ? 'the user submits an incomplete form'
      : 'the user submits the passwords'),
  describeState: describeForm,
};

interface AvatarWorldInput {
  client: ReturnType<typeof createFakeClient>;
  readFile: (file: AvatarFile) => Promise<string>;
  /** The reads waiting to be answered by the model. */
  reads: Array<{ resolve(url: string): void; reject(error: unknown): void }>;
}

function avatarWorld(): World {
  const client = createFakeClient();
  const reads: AvatarWorldInput['reads'] = [];
  const readFile = () => new Promise<string>((resolve, reject) => reads.push({ resolve, reject }));
  return { client, browser: null, input: { client, readFile, reads }, effects: [] };
}

function avatarContext(snapshot: AnyMachineSnapshot): ProfileAvatarContext {
  return snapshot.context as ProfileAvatarContext;
}

const png: AvatarFile = { type: 'image/png', size: 2_000 };
const gif: AvatarFile = { type: 'image/gif', size: 2_000 };
const huge: AvatarFile = { type: 'image/jpeg', size: AVATAR_MAX_BYTES + 1 };

function takeRead(world: World) {
  const read = (world.input as AvatarWorldInput).reads.shift();
  if (read === undefined) throw new Error('No file read to answer');
  return read;
}

export const profileAvatarModel: PathModel = {
  name: 'profileAvatar',
  machine: profileAvatarMachine,
  serialize: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      problem: avatarContext(snapshot).problem,
      error: avatarContext(snapshot).error?.reason ?? null,
    }),
  starts: [{ label: 'the profile of Sari opens without a picture', world: avatarWorld }],
  events: (snapshot) => {
    if (snapshot.matches('reading'))
      return [
        { type: 'xstate.done.actor.read', output: 'data:image/png;base64,AAAA' },
        { type: 'xstate.error.actor.read', error: networkError },
      ];
    if (snapshot.matches('uploading'))
      return [
        { type: 'xstate.done.actor.upload', output: { ...user, avatarUrl: '/avatar/u1/v1' } },
        {
          type: 'xstate.error.actor.upload',
          error: apiError('file_invalid_type', 'Jenis berkas tidak didukung'),
        },
      ];
    if (snapshot.matches('clearing'))
      return [
        { type: 'xstate.done.actor.clear', output: user },
        { type: 'xstate.error.actor.clear', error: networkError },
      ];
    return [
      { type: 'avatar.pick', file: png },
      { type: 'avatar.pick', file: gif },
      { type: 'avatar.pick', file: huge },
      { type: 'avatar.clear' },
    ];
  },
  simple: {
    events: (snapshot) =>
      snapshot.matches('reading')
        ? [{ type: 'xstate.done.actor.read', output: 'data:image/png;base64,AAAA' }]
        : snapshot.matches('uploading')
          ? [{ type: 'xstate.done.actor.upload', output: { ...user, avatarUrl: '/avatar/u1/v1' } }]
          : [{ type: 'avatar.pick', file: png }],
    toState: (snapshot) => snapshot.matches('idle') && avatarContext(snapshot).image === null,
  },
  scenarios: [
    {
      start: 0,
      events: [
        { type: 'avatar.pick', file: png },
        { type: 'xstate.done.actor.read', output: 'data:image/png;base64,AAAA' },
        { type: 'xstate.done.actor.upload', output: { ...user, avatarUrl: '/avatar/u1/v1' } },
      ],
    },
    { start: 0, events: [{ type: 'avatar.clear' }, { type: 'xstate.done.actor.clear', output: user }] },
    {
      start: 0,
      events: [{ type: 'avatar.clear' }, { type: 'xstate.error.actor.clear', error: networkError }],
    },
  ],
  actorActs: { upload: 'profile_avatar_set', clear: 'profile_avatar_clear' },
  drivers: {
    'xstate.done.actor.read': ({ world, event }) => takeRead(world).resolve(String(event['output'])),
    'xstate.error.actor.read': ({ world, event }) => takeRead(world).reject(event['error']),
  },
  observe: announce,
  describeEvent: (event) => {
    const settled = describeSettled(event, {
      read: 'reading the file',
      upload: 'profile_avatar_set',
      clear: 'profile_avatar_clear',
    });
    if (settled !== null) return settled;
    if (event.type === 'avatar.clear') return 'the user removes the picture';
    const file = event['file'] as AvatarFile;
    return `the user picks a ${file.type} of ${file.size} bytes`;
  },
  describeState: (snapshot) =>
    `${String(snapshot.value)}${avatarContext(snapshot).problem === null ? '' : `, refuses the file (${String(avatarContext(snapshot).problem)})`}${avatarContext(snapshot).error === null ? '' : ', with an error'}`,
};

const phoneForm = { type: 'phone.submit', phone: '0812 9999 0000', password: 'rahasia-lama' } as const;
const phoneConfirmed = {
  type: 'xstate.done.actor.otp',
  output: { status: 'confirmed', user: { ...user, phone: '+6281299990000' } },
};
const phoneRestarted = { type: 'xstate.done.actor.otp', output: { status: 'restart' } };

/** Ends the real `otp` child: the code confirmed, or refused for good and restarted. */
const finishPhoneStep: StepDriver = async ({ actor, world, event }) => {
  const child = actor.getSnapshot().children['otp'];
  if (child === undefined) throw new Error('No otp child to finish');
  const output = event['output'] as OtpOutput;
  child.send({ type: 'otp.change', code: '123456' });
  child.send({ type: 'otp.submit' });
  if (output.status === 'confirmed') {
    world.client.settle('profile_phone_confirm', { data: output.user });
    return;
  }
  world.client.settle('profile_phone_confirm', { error: apiError('otp_locked', 'Kode terkunci') });
  await flush();
  child.send({ type: 'otp.restart' });
};

export const profilePhoneModel: PathModel = {
  name: 'profilePhone',
  machine: profilePhoneMachine.provide({
    actors: { otpMachine: otpMachine.provide({ actors: { ticker: silentTicker } }) },
  }),
  serialize: serializeState,
  starts: [{ label: 'the phone form opens', world: plainWorld((client) => ({ client })) }],
  events: (snapshot) => {
    if (snapshot.matches('editing')) return [{ type: 'phone.submit', phone: '12', password: '' }, phoneForm];
    if (snapshot.matches('requesting'))
      return [
        { type: 'xstate.done.actor.request', output: challenge },
        {
          type: 'xstate.error.actor.request',
          error: apiError('wrong_password', 'Kata sandi saat ini salah.', {
            errors: { password: 'Kata sandi saat ini salah.' },
          }),
        },
        { type: 'xstate.error.actor.request', error: apiError('phone_taken', 'Nomor sudah dipakai') },
        { type: 'xstate.error.actor.request', error: networkError },
      ];
    return [phoneConfirmed, phoneRestarted, { type: 'phone.back' }];
  },
  simple: {
    events: (snapshot) => {
      if (snapshot.matches('editing')) return [phoneForm];
      if (snapshot.matches('requesting')) return [{ type: 'xstate.done.actor.request', output: challenge }];
      return [phoneConfirmed];
    },
    toState: (snapshot) => snapshot.matches('editing') && contextOf(snapshot)['challenge'] === null,
  },
  scenarios: [
    {
      start: 0,
      events: [phoneForm, { type: 'xstate.done.actor.request', output: challenge }, { type: 'phone.back' }],
    },
    {
      start: 0,
      events: [phoneForm, { type: 'xstate.done.actor.request', output: challenge }, phoneConfirmed],
    },
    {
      start: 0,
      events: [phoneForm, { type: 'xstate.done.actor.request', output: challenge }, phoneRestarted],
    },
  ],
  actorActs: { request: 'profile_phone_change' },
  drivers: { 'xstate.done.actor.otp': finishPhoneStep },
  observe: announce,
  describeEvent: (event) =>
    (event.type === 'xstate.done.actor.otp'
      ? (event['output'] as OtpOutput).status === 'confirmed'
        ? 'the code is confirmed (otp child confirmed)'
        : 'the code locks and the user starts over (otp child restart)'
      : null) ??
    describeSettled(event, { request: 'profile_phone_change' }) ??
    {
      'phone.submit':
        event['password'] === '' ? 'the user submits an incomplete form' : 'the user submits the new phone',
      'phone.back': 'the user goes back to the form',
    }[event.type] ??
    event.type,
  describeState: (snapshot) =>
    `${describeForm(snapshot)}${snapshot.matches('code') ? ', the code step shows' : ''}`,
};
