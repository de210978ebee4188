/**
 * The test models of the machines: what events the graph may take (with payloads), how a
 * state is told apart, which act each invoked actor calls, and how each step reads in words.
 * Model-based tests and `pnpm paths` both build on these.
 */
import { fromCallback } from 'xstate';
import type { Actor, AnyMachineSnapshot, AnyStateMachine, AnyEventObject } from 'xstate';
import { forgotPasswordMachine } from '../forgotPasswordMachine.ts';
import { loginMachine } from '../loginMachine.ts';
import { otpMachine } from '../otpMachine.ts';
import type { OtpClock, OtpOutput, OtpResume } from '../otpMachine.ts';
import { registerMachine } from '../registerMachine.ts';
import type { ActName } from '../sdk.ts';
import type { TickerInbox } from '../ticker.ts';
import { sessionMachine } from '../sessionMachine.ts';
import { projectListMachine } from '../projectListMachine.ts';
import { conversationListModel } from './conversationListModel.ts';
import { threadModel } from './threadModel.ts';
import { connectionModel } from './connectionModel.ts';
import { projectModel } from './projectModel.ts';
import { conversationModel } from './conversationModel.ts';
import { composerModel } from './composerModel.ts';
import { accountsModel } from './accountsModel.ts';
import { accountFormModel } from './accountFormModel.ts';
import { templatesModel } from './templatesModel.ts';
import { templateEditorModel } from './templateEditorModel.ts';
import { uploadModel } from './uploadModel.ts';
import { uploadQueueModel } from './uploadQueueModel.ts';
import { galleryModel } from './galleryModel.ts';
import { labelsModel } from './labelsModel.ts';
import { customerLabelsModel } from './customerLabelsModel.ts';
import { labelOptionsModel } from './labelOptionsModel.ts';
import { tableModel } from './tableModel.ts';
import { quickReplyModel } from './quickReplyModel.ts';
import { quickReplyMenuModel } from './quickReplyMenuModel.ts';
import { stagesModel } from './stagesModel.ts';
import { boardModel } from './boardModel.ts';
import { customerStageModel } from './customerStageModel.ts';
import { customerOptOutModel } from './customerOptOutModel.ts';
import { customerFollowUpsModel } from './customerFollowUpsModel.ts';
import { customersModel } from './customersModel.ts';
import { customerFormModel } from './customerFormModel.ts';
import { customerImportModel } from './customerImportModel.ts';
import { divisionsModel } from './divisionsModel.ts';
import { divisionMembersModel } from './divisionMembersModel.ts';
import { conversationDivisionModel } from './conversationDivisionModel.ts';
import { notificationsModel } from './notificationsModel.ts';
import { sessionsListModel } from './sessionsListModel.ts';
import {
  profileAvatarModel,
  profileFormModel,
  profilePasswordModel,
  profilePhoneModel,
} from './profileModels.ts';
import { notificationBellModel } from './notificationBellModel.ts';
import { invitePageModel } from './invitePageModel.ts';
import { leaveProjectModel } from './leaveProjectModel.ts';
import { permissionEditorModel } from './permissionEditorModel.ts';
import { projectSettingsModel } from './projectSettingsModel.ts';
import { membersModel } from './membersModel.ts';
import { invitesModel } from './invitesModel.ts';
import { openConversationModel } from './openConversationModel.ts';
import { templatePickerModel } from './templatePickerModel.ts';
import { startConversationModel } from './startConversationModel.ts';
import { projectBillingModel } from './projectBillingModel.ts';
import { payModel } from './payModel.ts';
import { billingThresholdModel } from './billingThresholdModel.ts';
import { saldoModel } from './saldoModel.ts';
import { topUpModel } from './topUpModel.ts';
import { broadcastComposerModel } from './broadcastComposerModel.ts';
import { broadcastsModel } from './broadcastsModel.ts';
import { broadcastDetailModel } from './broadcastDetailModel.ts';
import { automationRulesModel } from './automationRulesModel.ts';
import { automationRuleEditorModel } from './automationRuleEditorModel.ts';
import { createFakeBrowser, createFakeClient } from './fakes.ts';
import type { FakeBrowser, FakeClient } from './fakes.ts';
import {
  apiError,
  challenge,
  networkError,
  newChallenge,
  newProject,
  project,
  signedIn,
  user,
} from './fixtures.ts';

export const machineNames = [
  'session',
  'login',
  'register',
  'otp',
  'forgotPassword',
  'projectList',
  'conversationList',
  'thread',
  'connection',
  'project',
  'conversation',
  'composer',
  'accounts',
  'accountForm',
  'templates',
  'templateEditor',
  'gallery',
  'labels',
  'customerLabels',
  'labelOptions',
  'upload',
  'uploadQueue',
  'table',
  'quickReply',
  'quickReplyMenu',
  'stages',
  'board',
  'customerStage',
  'customerOptOut',
  'customerFollowUps',
  'customers',
  'customerForm',
  'customerImport',
  'divisions',
  'divisionMembers',
  'conversationDivision',
  'profileForm',
  'profileAvatar',
  'profilePassword',
  'profilePhone',
  'sessionsList',
  'notifications',
  'notificationBell',
  'invitePage',
  'permissionEditor',
  'projectSettings',
  'members',
  'invites',
  'leaveProject',
  'openConversation',
  'templatePicker',
  'startConversation',
  'saldo',
  'topUp',
  'projectBilling',
  'pay',
  'billingThreshold',
  'broadcastComposer',
  'broadcasts',
  'broadcastDetail',
  'automationRules',
  'automationRuleEditor',
] as const;
export type MachineName = (typeof machineNames)[number];

export function isMachineName(name: string): name is MachineName {
  return (machineNames as readonly string[]).includes(name);
}

/** The collaborators of one run: the machine's input and the fakes behind it. */
export interface World {
  input: unknown;
  client: FakeClient;
  browser: FakeBrowser | null;
  /** What the run did besides its state, in words (emitted events, uploads), when there is no browser. */
  effects?: string[];
}

export interface ModelStart {
  /** How the start reads: 'token stored, on /auth/login'. */
  label: string;
  world: () => World;
}

export interface StepDriver {
  (run: { actor: Actor<AnyStateMachine>; world: World; event: AnyEventObject }): Promise<void> | void;
}

export interface PathModel {
  name: MachineName;
  machine: AnyStateMachine;
  starts: ModelStart[];
  /** A state's identity in the graph (default `serializeState`: value and data context). */
  serialize: (snapshot: AnyMachineSnapshot) => string;
  /** Every event (with its payload) the graph tries in `snapshot`. */
  events: (snapshot: AnyMachineSnapshot) => AnyEventObject[];
  /** A smaller event set for `getSimplePaths`, and the states those paths must reach. */
  simple: {
    events: (snapshot: AnyMachineSnapshot) => AnyEventObject[];
    toState: (snapshot: AnyMachineSnapshot) => boolean;
  };
  /** Event sequences for transitions that leave the state unchanged (shortest paths skip those). */
  scenarios: Array<{ start: number; events: AnyEventObject[] }>;
  /**
   * Action implementations for the graph only: actions that talk to a child the graph does not
   * run (the `otp` child of login and register) become no-ops there.
   */
  graphActions?: Record<string, () => void>;
  /** The act each invoked actor calls, by invoke id: its done/error events settle that call. */
  actorActs: Record<string, ActName>;
  /** Steps that need more than sending the event or settling an act. */
  drivers: Record<string, StepDriver>;
  /** Listens to the replayed actor before it starts (its emitted events, written to `world.effects`). */
  observe?: (actor: Actor<AnyStateMachine>, world: World) => void;
  describeEvent: (event: AnyEventObject) => string;
  describeState: (snapshot: AnyMachineSnapshot) => string;
}

/**
 * For the code machines: the value, the error's reason and what the guards read (code complete,
 * seconds left, attempts used up), so paths differ by behaviour rather than by every number.
 */
export function serializeCodeState(snapshot: AnyMachineSnapshot): string {
  const context = contextOf(snapshot);
  const error = context['error'];
  return JSON.stringify({
    value: snapshot.value,
    codeReady: typeof context['code'] === 'string' && context['code'].length === 6,
    expiresIn: context['expiresIn'],
    resendIn: context['resendIn'],
    noAttemptsLeft: context['attemptsLeft'] === 0,
    error: typeof error === 'object' && error !== null && 'reason' in error ? error.reason : null,
    fields: context['fieldErrors'] === undefined ? null : Object.keys(context['fieldErrors'] as object),
    challenge: (context['challenge'] as { challenge?: unknown } | null)?.challenge ?? null,
  });
}

/** A ticker that never ticks: the model sends the tick events itself. */
export const silentTicker = fromCallback<TickerInbox>(() => undefined);

const DEPENDENCIES = new Set(['client', 'tokens', 'redirectStore', 'location']);

/** A state's identity in the graph: its value and its context without the collaborators. */
export function serializeState(snapshot: AnyMachineSnapshot): string {
  const context: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(snapshot.context as Record<string, unknown>)) {
    if (!DEPENDENCIES.has(key)) context[key] = value;
  }
  return JSON.stringify({ value: snapshot.value, context });
}

function plainWorld(input: (client: FakeClient) => unknown): () => World {
  return () => {
    const client = createFakeClient();
    return { input: input(client), client, browser: null };
  };
}

function payload(event: AnyEventObject): Record<string, unknown> {
  return event as unknown as Record<string, unknown>;
}

function reasonIn(event: AnyEventObject): string {
  const error = payload(event)['error'];
  if (typeof error === 'object' && error !== null && 'reason' in error) return String(error.reason);
  return 'network down';
}

/** 'the user check succeeds' / 'the user check fails (unauthenticated)'. */
function describeActor(event: AnyEventObject, names: Record<string, string>): string | null {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
  if (done?.[1] !== undefined) return `${names[done[1]] ?? done[1]} succeeds`;
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  if (failed?.[1] !== undefined) return `${names[failed[1]] ?? failed[1]} fails (${reasonIn(event)})`;
  return null;
}

function contextOf(snapshot: AnyMachineSnapshot): Record<string, unknown> {
  return snapshot.context as Record<string, unknown>;
}

function errorNote(snapshot: AnyMachineSnapshot): string {
  const error = contextOf(snapshot)['error'];
  if (typeof error === 'object' && error !== null && 'message' in error)
    return `, shows "${String(error.message)}"`;
  return '';
}

function fieldNote(snapshot: AnyMachineSnapshot): string {
  const fields = contextOf(snapshot)['fieldErrors'];
  if (typeof fields !== 'object' || fields === null) return '';
  const parts = Object.entries(fields).map(([field, error]) => {
    const text =
      typeof error === 'object' && error !== null && 'key' in error
        ? String(error.key)
        : typeof error === 'object' && error !== null && 'message' in error
          ? `"${String(error.message)}"`
          : '?';
    return `${field}: ${text}`;
  });
  return parts.length > 0 ? `, field errors ${parts.join(', ')}` : '';
}

function countdownNote(snapshot: AnyMachineSnapshot): string {
  const context = contextOf(snapshot);
  return ` (expires in ${String(context['expiresIn'])} s, resend in ${String(context['resendIn'])} s, ${String(context['attemptsLeft'])} attempts left)`;
}

function stateName(snapshot: AnyMachineSnapshot): string {
  return typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
}

const sessionModel: PathModel = {
  name: 'session',
  machine: sessionMachine,
  serialize: serializeState,
  starts: [
    { label: 'token stored, on /auth/login', world: () => sessionWorld('tok-1', '/auth/login') },
    { label: 'token stored, on /crm/chat/k1', world: () => sessionWorld('tok-1', '/crm/chat/k1') },
    { label: 'no token, on /saldo', world: () => sessionWorld(null, '/saldo') },
  ],
  events: () => [
    { type: 'xstate.done.actor.checkToken', output: user },
    { type: 'xstate.error.actor.checkToken', error: apiError('unauthenticated', 'Sesi berakhir') },
    { type: 'xstate.error.actor.checkToken', error: networkError },
    { type: 'xstate.done.actor.logout', output: undefined },
    { type: 'xstate.error.actor.logout', error: networkError },
    { type: 'session.signedIn', token: 'tok-2', user },
    { type: 'session.signOut' },
    { type: 'session.expired' },
    { type: 'session.ended' },
    { type: 'session.userChanged', user: { ...user, name: 'Sari Wulan' } },
    { type: 'session.recheck' },
    { type: 'session.retry' },
    { type: 'session.pathChanged' },
  ],
  simple: {
    events: () => [
      { type: 'xstate.done.actor.checkToken', output: user },
      { type: 'xstate.error.actor.checkToken', error: networkError },
      { type: 'session.retry' },
      { type: 'session.signOut' },
      { type: 'xstate.done.actor.logout', output: undefined },
    ],
    toState: (snapshot) => snapshot.matches('signedOut'),
  },
  scenarios: [
    {
      start: 0,
      events: [{ type: 'xstate.done.actor.checkToken', output: user }, { type: 'session.pathChanged' }],
    },
    {
      start: 1,
      events: [{ type: 'xstate.done.actor.checkToken', output: user }, { type: 'session.expired' }],
    },
    {
      start: 1,
      events: [
        { type: 'xstate.done.actor.checkToken', output: user },
        { type: 'session.signOut' },
        { type: 'xstate.error.actor.logout', error: networkError },
      ],
    },
    {
      start: 1,
      events: [{ type: 'xstate.done.actor.checkToken', output: user }, { type: 'session.ended' }],
    },
    { start: 2, events: [{ type: 'session.pathChanged' }] },
    {
      start: 1,
      events: [
        { type: 'xstate.error.actor.checkToken', error: networkError },
        { type: 'session.retry' },
        { type: 'xstate.done.actor.checkToken', output: user },
      ],
    },
  ],
  actorActs: { checkToken: 'user_check_token', logout: 'auth_logout' },
  drivers: {
    // The user opens another page: an auth page when signed in, an app page when signed out.
    'session.pathChanged': ({ actor, world, event }) => {
      world.browser?.location.visit(actor.getSnapshot().matches('signedIn') ? '/auth/register' : '/profile');
      actor.send(event);
    },
  },
  describeEvent: (event) =>
    describeActor(event, { checkToken: 'the user check', logout: 'the logout call' }) ??
    {
      'session.signedIn': 'a login or register flow finishes (session.signedIn)',
      'session.signOut': 'the user signs out (session.signOut)',
      'session.expired': 'an act answers unauthenticated (session.expired)',
      'session.ended': 'the server ends this session over the socket (session.ended)',
      'session.userChanged': 'the user saves their profile (session.userChanged)',
      'session.recheck': 'the app asks to check the user again (session.recheck)',
      'session.retry': 'the user retries (session.retry)',
      'session.pathChanged': 'the user opens another page (session.pathChanged)',
    }[event.type] ??
    event.type,
  describeState: (snapshot) =>
    snapshot.matches('signedIn')
      ? `signedIn as ${String((contextOf(snapshot)['user'] as { name?: unknown } | null)?.name)}`
      : `${stateName(snapshot)}${errorNote(snapshot)}`,
};

function sessionWorld(token: string | null, path: string): World {
  const client = createFakeClient();
  const browser = createFakeBrowser({ token, path });
  return {
    client,
    browser,
    input: {
      client,
      tokens: browser.tokens,
      redirectStore: browser.redirectStore,
      location: browser.location,
    },
  };
}

const codeEvents = (
  snapshot: AnyMachineSnapshot,
  actor: 'verify' | 'confirm' = 'verify',
): AnyEventObject[] => {
  const attemptsLeft = Number(contextOf(snapshot)['attemptsLeft']);
  return [
    {
      type: `xstate.error.actor.${actor}`,
      error: apiError('otp_invalid', 'Kode salah', { data: { attemptsLeft: attemptsLeft - 1 } }),
    },
  ];
};

/** The user of a confirmed phone change. */
const phoneChanged = { ...user, phone: '+6281299990000' };

/** Five wrong codes in a row, the server counting the attempts down to 0. */
function fiveWrongCodes(): AnyEventObject[] {
  return [4, 3, 2, 1, 0].flatMap((attemptsLeft): AnyEventObject[] => [
    { type: 'otp.change', code: '123456' },
    { type: 'otp.submit' },
    {
      type: 'xstate.error.actor.verify',
      error: apiError('otp_invalid', 'Kode salah', { data: { attemptsLeft } }),
    },
  ]);
}

const otpEvents = (snapshot: AnyMachineSnapshot): AnyEventObject[] => [
  { type: 'otp.change', code: '12-34 56' },
  { type: 'otp.submit' },
  { type: 'otp.resend' },
  { type: 'otp.tick' },
  { type: 'otp.restart' },
  { type: 'xstate.done.actor.verify', output: signedIn },
  ...codeEvents(snapshot),
  { type: 'xstate.error.actor.verify', error: apiError('otp_locked', 'Kode terkunci') },
  { type: 'xstate.error.actor.verify', error: apiError('otp_expired', 'Kode kedaluwarsa') },
  { type: 'xstate.error.actor.verify', error: networkError },
  { type: 'xstate.done.actor.confirm', output: phoneChanged },
  ...codeEvents(snapshot, 'confirm'),
  { type: 'xstate.error.actor.confirm', error: apiError('otp_locked', 'Kode terkunci') },
  { type: 'xstate.error.actor.confirm', error: apiError('otp_expired', 'Kode kedaluwarsa') },
  { type: 'xstate.done.actor.resend', output: newChallenge },
  {
    type: 'xstate.error.actor.resend',
    error: apiError('otp_cooldown', 'Tunggu sebentar', { data: { retryAfter: 1 } }),
  },
  { type: 'xstate.error.actor.resend', error: apiError('otp_locked', 'Kode terkunci') },
  { type: 'xstate.error.actor.resend', error: apiError('otp_expired', 'Kode kedaluwarsa') },
];

const testOtpMachine = otpMachine.provide({ actors: { ticker: silentTicker } });

const otpModel: PathModel = {
  name: 'otp',
  machine: testOtpMachine,
  serialize: serializeCodeState,
  starts: [
    {
      label: 'a login challenge (expires in 2 s, resend after 1 s)',
      world: plainWorld((client) => ({ client, challenge, purpose: 'login' })),
    },
    {
      label: 'a phone change challenge',
      world: plainWorld((client) => ({ client, challenge, purpose: 'phone' })),
    },
    {
      label: 'a password reset challenge (the reset checks the code)',
      world: plainWorld((client) => ({ client, challenge, purpose: 'reset' })),
    },
    {
      label: 'a reset challenge back expired (the reset said otp_expired)',
      world: plainWorld((client) => ({
        client,
        challenge,
        purpose: 'reset',
        resume: {
          attemptsLeft: 4,
          expiresIn: 0,
          resendIn: 0,
          step: 'expired',
          error: { reason: 'otp_expired', message: 'Kode kedaluwarsa' },
        },
      })),
    },
    {
      label: 'a reset challenge back locked (the reset said otp_locked)',
      world: plainWorld((client) => ({
        client,
        challenge,
        purpose: 'reset',
        resume: {
          attemptsLeft: 0,
          expiresIn: 1,
          resendIn: 0,
          step: 'locked',
          error: { reason: 'otp_locked', message: 'Kode terkunci' },
        },
      })),
    },
  ],
  // A finished step takes no more events (the graph would keep counting down).
  events: (snapshot) => (snapshot.status === 'done' ? [] : otpEvents(snapshot)),
  simple: {
    events: (snapshot) => [
      { type: 'otp.change', code: '123456' },
      { type: 'otp.submit' },
      { type: 'xstate.done.actor.verify', output: signedIn },
      ...codeEvents(snapshot),
      { type: 'xstate.done.actor.confirm', output: phoneChanged },
    ],
    toState: (snapshot) =>
      snapshot.matches('verified') || snapshot.matches('entered') || snapshot.matches('locked'),
  },
  scenarios: [{ start: 0, events: fiveWrongCodes() }],
  actorActs: { verify: 'auth_verify_otp', confirm: 'profile_phone_confirm', resend: 'auth_resend_otp' },
  drivers: {},
  describeEvent: (event) =>
    describeActor(event, {
      verify: 'the code check',
      confirm: 'the phone confirmation',
      resend: 'the resend',
    }) ??
    (event.type === 'otp.change'
      ? `the user types "${String(payload(event)['code'])}"`
      : ({
          'otp.submit': 'the user submits the code',
          'otp.resend': 'the user asks for a new code',
          'otp.tick': 'a second passes',
          'otp.restart': 'the user starts over',
        }[event.type] ?? event.type)),
  describeState: (snapshot) =>
    snapshot.status === 'done'
      ? `${stateName(snapshot)}, output ${(snapshot.output as OtpOutput).status}`
      : `${stateName(snapshot)}${countdownNote(snapshot)}${errorNote(snapshot)}`,
};

const childOtp = otpMachine.provide({ actors: { ticker: silentTicker } });

/** Finishes the real `otp` child: verified with the output's session, or locked then restarted. */
const finishOtpChild: StepDriver = async ({ actor, world, event }) => {
  const child = actor.getSnapshot().children['otp'];
  if (child === undefined) throw new Error('No otp child to finish');
  const output = payload(event)['output'] as OtpOutput;
  child.send({ type: 'otp.change', code: '123456' });
  child.send({ type: 'otp.submit' });
  await Promise.resolve();
  if (output.status === 'verified') {
    world.client.settle('auth_verify_otp', { data: output.signedIn });
  } else {
    world.client.settle('auth_verify_otp', { error: apiError('otp_locked', 'Kode terkunci') });
    await new Promise((resolve) => setTimeout(resolve, 0));
    child.send({ type: 'otp.restart' });
  }
};

const otpOutcomes: AnyEventObject[] = [
  { type: 'xstate.done.actor.otp', output: { status: 'verified', signedIn } },
  { type: 'xstate.done.actor.otp', output: { status: 'restart' } },
];

const describeOtpChild = (event: AnyEventObject): string | null =>
  event.type === 'xstate.done.actor.otp'
    ? (payload(event)['output'] as OtpOutput).status === 'verified'
      ? 'the code is confirmed (otp child verified)'
      : 'the code locks and the user restarts (otp child restart)'
    : null;

const goodLogin = { type: 'login.submit', phone: '0812 3456 789', password: 'rahasia123' };

const loginModel: PathModel = {
  name: 'login',
  serialize: serializeState,
  machine: loginMachine.provide({ actors: { otpMachine: childOtp } }),
  starts: [{ label: 'an empty form', world: plainWorld((client) => ({ client })) }],
  events: () => [
    goodLogin,
    { type: 'login.submit', phone: '12', password: '' },
    { type: 'xstate.done.actor.submit', output: challenge },
    {
      type: 'xstate.error.actor.submit',
      error: apiError('invalid_credentials', 'Nomor atau kata sandi salah'),
    },
    {
      type: 'xstate.error.actor.submit',
      error: apiError('invalid_input', 'Periksa isian', { errors: { phone: 'Nomor HP tidak valid' } }),
    },
    { type: 'xstate.error.actor.submit', error: networkError },
    ...otpOutcomes,
    { type: 'login.back' },
    { type: 'login.restart' },
  ],
  simple: {
    events: () => [goodLogin, { type: 'xstate.done.actor.submit', output: challenge }, ...otpOutcomes],
    toState: (snapshot) => snapshot.matches('done'),
  },
  scenarios: [
    {
      start: 0,
      events: [goodLogin, { type: 'xstate.done.actor.submit', output: challenge }, { type: 'login.restart' }],
    },
  ],
  graphActions: { restartChallenge: () => undefined },
  actorActs: { submit: 'auth_login' },
  drivers: { 'xstate.done.actor.otp': finishOtpChild },
  describeEvent: (event) =>
    describeOtpChild(event) ??
    describeActor(event, { submit: 'the login call' }) ??
    (event.type === 'login.submit'
      ? `the user submits phone "${String(payload(event)['phone'])}" and ${payload(event)['password'] === '' ? 'no password' : 'a password'}`
      : ({
          'login.back': 'the user goes back to the form (login.back)',
          'login.restart': 'the user asks for a new challenge (login.restart)',
        }[event.type] ?? event.type)),
  describeState: (snapshot) =>
    snapshot.status === 'done'
      ? `done, signed in as ${(snapshot.output as { user: { name: string } }).user.name}`
      : `${stateName(snapshot)}${errorNote(snapshot)}${fieldNote(snapshot)}`,
};

const goodRegister = {
  type: 'register.submit',
  name: 'Sari',
  phone: '0812 3456 789',
  password: 'rahasia123',
  confirmPassword: 'rahasia123',
};

const registerModel: PathModel = {
  name: 'register',
  serialize: serializeState,
  machine: registerMachine.provide({ actors: { otpMachine: childOtp } }),
  starts: [{ label: 'an empty form', world: plainWorld((client) => ({ client })) }],
  events: () => [
    goodRegister,
    {
      type: 'register.submit',
      name: ' ',
      phone: '0812 3456 789',
      password: 'pendek',
      confirmPassword: 'lain',
    },
    { type: 'xstate.done.actor.submit', output: challenge },
    { type: 'xstate.error.actor.submit', error: apiError('phone_taken', 'Nomor sudah terdaftar') },
    { type: 'xstate.error.actor.submit', error: apiError('rate_limited', 'Terlalu banyak percobaan') },
    { type: 'xstate.error.actor.submit', error: networkError },
    ...otpOutcomes,
    { type: 'register.back' },
    { type: 'register.restart' },
  ],
  simple: {
    events: () => [goodRegister, { type: 'xstate.done.actor.submit', output: challenge }, ...otpOutcomes],
    toState: (snapshot) => snapshot.matches('done'),
  },
  scenarios: [
    {
      start: 0,
      events: [
        goodRegister,
        { type: 'xstate.done.actor.submit', output: challenge },
        { type: 'register.restart' },
      ],
    },
  ],
  graphActions: { restartChallenge: () => undefined },
  actorActs: { submit: 'auth_register' },
  drivers: { 'xstate.done.actor.otp': finishOtpChild },
  describeEvent: (event) =>
    describeOtpChild(event) ??
    describeActor(event, { submit: 'the register call' }) ??
    (event.type === 'register.submit'
      ? payload(event)['password'] === 'rahasia123'
        ? 'the user submits a valid form'
        : 'the user submits a blank name, a short password and a different confirmation'
      : ({
          'register.back': 'the user goes back to the form (register.back)',
          'register.restart': 'the user asks for a new challenge (register.restart)',
        }[event.type] ?? event.type)),
  describeState: (snapshot) =>
    snapshot.status === 'done'
      ? `done, signed in as ${(snapshot.output as { user: { name: string } }).user.name}`
      : `${stateName(snapshot)}${errorNote(snapshot)}${fieldNote(snapshot)}`,
};

const goodPassword = {
  type: 'forgot.submitPassword',
  password: 'rahasia-baru',
  confirmPassword: 'rahasia-baru',
};

/** The forgot-password state's identity: what its guards and the code step's start read. */
function serializeForgotState(snapshot: AnyMachineSnapshot): string {
  const context = contextOf(snapshot);
  const clock = context['clock'] as OtpClock;
  const resume = context['resume'] as OtpResume | null;
  const error = context['error'] as { reason?: string } | null;
  return JSON.stringify({
    value: snapshot.value,
    code: context['code'],
    clock,
    resume:
      resume === null
        ? null
        : { step: resume.step, attemptsLeft: resume.attemptsLeft, error: resume.error?.reason ?? null },
    error: error?.reason ?? null,
    fields: Object.keys(context['fieldErrors'] as object),
    challenge: (context['challenge'] as { challenge?: unknown } | null)?.challenge ?? null,
  });
}

/** The code step can end with a code: it is open on the code, not on a notice. */
function forgotStepTakesCode(snapshot: AnyMachineSnapshot): boolean {
  const resume = contextOf(snapshot)['resume'] as OtpResume | null;
  return snapshot.matches('code') && (resume === null || resume.step === 'code');
}

/** The clock the `otp` child starts with (and ends with, as nothing ticks it in the model). */
function forgotStepClock(snapshot: AnyMachineSnapshot): OtpClock {
  const context = contextOf(snapshot);
  const resume = context['resume'] as OtpResume | null;
  const clock = context['clock'] as OtpClock;
  return resume === null
    ? clock
    : { attemptsLeft: resume.attemptsLeft, expiresIn: resume.expiresIn, resendIn: resume.resendIn };
}

const codeEntered = (clock: OtpClock): AnyEventObject => ({
  type: 'xstate.done.actor.otp',
  output: { status: 'entered', code: '123456', challenge, clock },
});

const resetCodeEvents = (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
  const attemptsLeft = (contextOf(snapshot)['clock'] as OtpClock).attemptsLeft;
  return [
    {
      type: 'xstate.error.actor.reset',
      error: apiError('otp_invalid', 'Kode salah', { data: { attemptsLeft: attemptsLeft - 1 } }),
    },
  ];
};

/** Five codes the reset refuses in a row, the server counting the attempts down to 0. */
const fiveRefusedResets: AnyEventObject[] = [4, 3, 2, 1, 0].flatMap((attemptsLeft): AnyEventObject[] => [
  codeEntered({
    attemptsLeft: attemptsLeft + 1,
    expiresIn: challenge.expiresIn,
    resendIn: challenge.resendIn,
  }),
  goodPassword,
  {
    type: 'xstate.error.actor.reset',
    error: apiError('otp_invalid', 'Kode salah', { data: { attemptsLeft } }),
  },
]);

/** Ends the real `otp` child: the code entered, or the challenge run out and restarted. */
const finishForgotStep: StepDriver = async ({ actor, event }) => {
  const child = actor.getSnapshot().children['otp'];
  if (child === undefined) throw new Error('No otp child to finish');
  const output = payload(event)['output'] as OtpOutput;
  if (output.status === 'entered') {
    child.send({ type: 'otp.change', code: output.code });
    child.send({ type: 'otp.submit' });
    return;
  }
  for (let tick = 0; tick < 10 && child.getSnapshot().hasTag('step:code'); tick += 1)
    child.send({ type: 'otp.tick' });
  child.send({ type: 'otp.restart' });
  await Promise.resolve();
};

const forgotModel: PathModel = {
  name: 'forgotPassword',
  serialize: serializeForgotState,
  machine: forgotPasswordMachine.provide({ actors: { ticker: silentTicker, otpMachine: childOtp } }),
  starts: [{ label: 'the phone step', world: plainWorld((client) => ({ client })) }],
  events: (snapshot) => [
    { type: 'forgot.submitPhone', phone: '0812 3456 789' },
    { type: 'forgot.submitPhone', phone: 'abc' },
    { type: 'xstate.done.actor.request', output: challenge },
    { type: 'xstate.error.actor.request', error: apiError('rate_limited', 'Terlalu banyak percobaan') },
    ...(forgotStepTakesCode(snapshot) ? [codeEntered(forgotStepClock(snapshot))] : []),
    { type: 'xstate.done.actor.otp', output: { status: 'restart' } },
    { type: 'forgot.tick' },
    { type: 'forgot.back' },
    { type: 'forgot.restart' },
    goodPassword,
    { type: 'forgot.submitPassword', password: 'pendek', confirmPassword: 'lain' },
    { type: 'xstate.done.actor.reset', output: undefined },
    ...resetCodeEvents(snapshot),
    { type: 'xstate.error.actor.reset', error: apiError('otp_locked', 'Kode terkunci') },
    { type: 'xstate.error.actor.reset', error: apiError('otp_expired', 'Kode kedaluwarsa') },
    {
      type: 'xstate.error.actor.reset',
      error: apiError('invalid_input', 'Periksa isian', { errors: { password: 'Terlalu umum' } }),
    },
  ],
  simple: {
    events: (snapshot) => [
      { type: 'forgot.submitPhone', phone: '0812 3456 789' },
      { type: 'xstate.done.actor.request', output: challenge },
      ...(forgotStepTakesCode(snapshot) ? [codeEntered(forgotStepClock(snapshot))] : []),
      goodPassword,
      { type: 'xstate.done.actor.reset', output: undefined },
      ...resetCodeEvents(snapshot),
    ],
    toState: (snapshot) => snapshot.matches('done'),
  },
  scenarios: [
    {
      start: 0,
      events: [
        { type: 'forgot.submitPhone', phone: '0812 3456 789' },
        { type: 'xstate.done.actor.request', output: challenge },
        ...fiveRefusedResets,
        { type: 'forgot.restart' },
      ],
    },
    {
      start: 0,
      events: [
        { type: 'forgot.submitPhone', phone: '0812 3456 789' },
        { type: 'xstate.done.actor.request', output: challenge },
        { type: 'forgot.back' },
      ],
    },
    {
      start: 0,
      events: [
        { type: 'forgot.submitPhone', phone: '0812 3456 789' },
        { type: 'xstate.done.actor.request', output: challenge },
        { type: 'xstate.done.actor.otp', output: { status: 'restart' } },
      ],
    },
  ],
  actorActs: { request: 'auth_forgot_password', reset: 'auth_reset_password' },
  drivers: { 'xstate.done.actor.otp': finishForgotStep },
  describeEvent: (event) =>
    (event.type === 'xstate.done.actor.otp'
      ? (payload(event)['output'] as OtpOutput).status === 'entered'
        ? 'the user enters the code "123456" (otp child entered)'
        : 'the code runs out and the user starts over (otp child restart)'
      : null) ??
    describeActor(event, { request: 'the reset request', reset: 'the password reset' }) ??
    (event.type === 'forgot.submitPhone'
      ? `the user submits phone "${String(payload(event)['phone'])}"`
      : event.type === 'forgot.submitPassword'
        ? payload(event)['password'] === 'pendek'
          ? 'the user submits a short password and a different confirmation'
          : 'the user submits a new password, confirmed'
        : ({
            'forgot.tick': 'a second passes',
            'forgot.back': 'the user goes back',
            'forgot.restart': 'the user starts over',
          }[event.type] ?? event.type)),
  describeState: (snapshot) => {
    if (snapshot.status === 'done') return 'done, the web goes to /auth/login with a success toast';
    const resume = contextOf(snapshot)['resume'] as OtpResume | null;
    const clock = contextOf(snapshot)['clock'] as OtpClock;
    const step =
      snapshot.matches('code') && resume !== null
        ? `, the code step back on ${resume.step} (${resume.attemptsLeft} attempts left)`
        : '';
    const timed = snapshot.matches('changing') ? ` (code expires in ${clock.expiresIn} s)` : '';
    return `${stateName(snapshot)}${timed}${step}${errorNote(snapshot)}${fieldNote(snapshot)}`;
  },
};

const goodCreate = { type: 'projects.create', name: '  Toko Sapa ' };
const blankCreate = { type: 'projects.create', name: '   ' };
const nameRefused = apiError('invalid_input', 'Periksa kembali isian Anda.', {
  errors: { name: 'Wajib diisi.' },
});

function projectNote(snapshot: AnyMachineSnapshot): string {
  const projects = contextOf(snapshot)['projects'] as Array<{ name: string }>;
  return projects.length === 0 ? ', no projects' : `, lists ${projects.map((p) => `"${p.name}"`).join(', ')}`;
}

function createErrorNote(snapshot: AnyMachineSnapshot): string {
  const error = contextOf(snapshot)['createError'];
  if (typeof error === 'object' && error !== null && 'message' in error)
    return `, create failed: "${String(error.message)}"`;
  return '';
}

const projectListModel: PathModel = {
  name: 'projectList',
  machine: projectListMachine,
  serialize: serializeState,
  starts: [{ label: 'the project list opens', world: plainWorld((client) => ({ client })) }],
  events: () => [
    { type: 'xstate.done.actor.list', output: [] },
    { type: 'xstate.done.actor.list', output: [project] },
    { type: 'xstate.error.actor.list', error: networkError },
    { type: 'projects.retry' },
    goodCreate,
    blankCreate,
    { type: 'xstate.done.actor.create', output: newProject },
    { type: 'xstate.error.actor.create', error: nameRefused },
    { type: 'xstate.error.actor.create', error: networkError },
    { type: 'projects.refresh' },
    { type: 'xstate.done.actor.refresh', output: [project] },
    { type: 'xstate.error.actor.refresh', error: networkError },
  ],
  simple: {
    events: () => [
      { type: 'xstate.done.actor.list', output: [] },
      goodCreate,
      { type: 'xstate.done.actor.create', output: newProject },
    ],
    toState: (snapshot) =>
      snapshot.matches('ready') && (contextOf(snapshot)['projects'] as unknown[]).length > 0,
  },
  scenarios: [
    // A project's balance changes (billing.updated): its card shows the new one, nothing is fetched.
    {
      start: 0,
      events: [
        { type: 'xstate.done.actor.list', output: [{ ...project, balance: 20_000 }] },
        { type: 'projects.balance', key: project.key, balance: 19_285 },
      ],
    },
    {
      start: 0,
      events: [
        { type: 'xstate.error.actor.list', error: networkError },
        { type: 'projects.retry' },
        { type: 'xstate.done.actor.list', output: [project] },
        blankCreate,
        goodCreate,
        { type: 'xstate.error.actor.create', error: nameRefused },
        goodCreate,
        { type: 'xstate.done.actor.create', output: newProject },
      ],
    },
    {
      start: 0,
      events: [
        { type: 'xstate.done.actor.list', output: [] },
        { type: 'projects.refresh' },
        { type: 'projects.refresh' },
        { type: 'xstate.done.actor.refresh', output: [project] },
        { type: 'xstate.done.actor.refresh', output: [project] },
        { type: 'projects.refresh' },
        { type: 'xstate.error.actor.refresh', error: networkError },
        { type: 'projects.refresh' },
        blankCreate,
        goodCreate,
        { type: 'xstate.done.actor.create', output: newProject },
      ],
    },
  ],
  actorActs: { list: 'project_list', refresh: 'project_list', create: 'project_create' },
  drivers: {},
  describeEvent: (event) => {
    const done = event.type === 'xstate.done.actor.list' ? (payload(event)['output'] as unknown[]) : null;
    if (done !== null) return `the project list arrives with ${done.length} project(s)`;
    return (
      describeActor(event, {
        list: 'loading the list',
        refresh: 'refreshing the cards',
        create: 'creating the project',
      }) ??
      (event.type === 'projects.create'
        ? `the user creates a project named "${String(payload(event)['name'])}"`
        : event.type === 'projects.retry'
          ? 'the user retries (projects.retry)'
          : event.type === 'projects.refresh'
            ? 'something a card shows changed (projects.refresh)'
            : event.type === 'projects.balance'
              ? `a project's balance changes to ${String(payload(event)['balance'])} (billing.updated)`
              : event.type)
    );
  },
  describeState: (snapshot) =>
    `${stateName(snapshot)}${snapshot.matches('failed') ? errorNote(snapshot) : projectNote(snapshot)}${fieldNote(snapshot)}${createErrorNote(snapshot)}`,
};

export const models: Record<MachineName, PathModel> = {
  session: sessionModel,
  login: loginModel,
  register: registerModel,
  otp: otpModel,
  forgotPassword: forgotModel,
  projectList: projectListModel,
  conversationList: conversationListModel,
  thread: threadModel,
  connection: connectionModel,
  project: projectModel,
  conversation: conversationModel,
  composer: composerModel,
  accounts: accountsModel,
  accountForm: accountFormModel,
  templates: templatesModel,
  templateEditor: templateEditorModel,
  gallery: galleryModel,
  labels: labelsModel,
  customerLabels: customerLabelsModel,
  labelOptions: labelOptionsModel,
  upload: uploadModel,
  uploadQueue: uploadQueueModel,
  table: tableModel,
  quickReply: quickReplyModel,
  quickReplyMenu: quickReplyMenuModel,
  stages: stagesModel,
  board: boardModel,
  customerStage: customerStageModel,
  customerOptOut: customerOptOutModel,
  customerFollowUps: customerFollowUpsModel,
  customers: customersModel,
  customerForm: customerFormModel,
  customerImport: customerImportModel,
  divisions: divisionsModel,
  divisionMembers: divisionMembersModel,
  conversationDivision: conversationDivisionModel,
  profileForm: profileFormModel,
  profileAvatar: profileAvatarModel,
  profilePassword: profilePasswordModel,
  profilePhone: profilePhoneModel,
  sessionsList: sessionsListModel,
  notifications: notificationsModel,
  notificationBell: notificationBellModel,
  invitePage: invitePageModel,
  permissionEditor: permissionEditorModel,
  projectSettings: projectSettingsModel,
  members: membersModel,
  invites: invitesModel,
  leaveProject: leaveProjectModel,
  openConversation: openConversationModel,
  templatePicker: templatePickerModel,
  startConversation: startConversationModel,
  saldo: saldoModel,
  topUp: topUpModel,
  projectBilling: projectBillingModel,
  pay: payModel,
  billingThreshold: billingThresholdModel,
  broadcastComposer: broadcastComposerModel,
  broadcasts: broadcastsModel,
  broadcastDetail: broadcastDetailModel,
  automationRules: automationRulesModel,
  automationRuleEditor: automationRuleEditorModel,
};
