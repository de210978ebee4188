/**
 * The code step every one-time-code flow shares (sign-in and register `otpMachine`, the forgotten
 * password, the profile's phone change): the expiry and resend countdowns, a wrong code counting
 * down the attempts, an expired code, a refused resend keeping the challenge. The guards and
 * actions are spread into each machine's `setup`, the way `debouncedSearch.ts` shares its region.
 */
import { assign } from 'xstate';
import type { EventObject } from 'xstate';
import { reasonOf, dataNumber, toFlowError } from './actError.ts';
import type { FlowError } from './actError.ts';
import { attemptsLeftAfter, countDown, isChallengeDead } from './challenge.ts';

/** What the step keeps in its machine's context. */
export interface ChallengeStepContext {
  /** Digits typed so far. */
  code: string;
  /** Wrong codes the challenge still accepts. */
  attemptsLeft: number;
  /** Seconds until the code expires. */
  expiresIn: number;
  /** Seconds until a resend is allowed. */
  resendIn: number;
  error: FlowError | null;
}

type Args = { context: ChallengeStepContext };

export const challengeGuards = {
  canResend: ({ context }: Args) => context.resendIn === 0,
  /** The next tick expires the code. */
  codeRunsOut: ({ context }: Args) => context.expiresIn <= 1,
  codeStillLive: ({ context }: Args) => context.expiresIn > 0,
  /** Five wrong codes (or the server says so): the challenge takes no more. */
  challengeDead: ({ context }: Args, params: { error: unknown }) =>
    isChallengeDead(params.error, context.attemptsLeft),
  challengeExpired: (_: Args, params: { error: unknown }) => reasonOf(params.error) === 'otp_expired',
};

/** The step's actions, for a machine whose context is `Context` and events `Event`. */
export function challengeActions<Context extends ChallengeStepContext, Event extends EventObject>() {
  return {
    /** One second passed (the `ticker`). */
    countDown: assign<Context, Event, undefined, Event, never>(
      ({ context }) =>
        ({
          expiresIn: countDown(context.expiresIn),
          resendIn: countDown(context.resendIn),
        }) as Partial<Context>,
    ),
    /** A wrong code: one attempt fewer, the digits cleared. */
    rejectCode: assign<Context, Event, { error: unknown }, Event, never>(
      ({ context }, params) =>
        ({
          error: toFlowError(params.error),
          attemptsLeft: attemptsLeftAfter(params.error, context.attemptsLeft),
          code: '',
        }) as Partial<Context>,
    ),
    /** The server says the code expired. */
    expireCode: assign<Context, Event, { error: unknown }, Event, never>(
      (_, params) => ({ error: toFlowError(params.error), expiresIn: 0, code: '' }) as Partial<Context>,
    ),
    /** A refused resend: the challenge stays, with the server's wait when it gives one. */
    keepChallenge: assign<Context, Event, { error: unknown }, Event, never>(
      ({ context }, params) =>
        ({
          error: toFlowError(params.error),
          resendIn: dataNumber(params.error, 'retryAfter') ?? context.resendIn,
        }) as Partial<Context>,
    ),
  };
}
