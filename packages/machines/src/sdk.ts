/**
 * The one place where @sapa/machines meets @sapa/sdk.
 *
 * The machines need little of the SDK: something that calls acts, a token store and the phone
 * rule. They are typed structurally here so that any `ActClient` (or a test double) fits.
 */
import type {
  ActClient,
  ActInput,
  ActName,
  ActOutput,
  FailureReason,
  OtpChallenge,
  Project,
  SignedIn,
  TokenStore,
  User,
} from '@sapa/sdk';

export { normalizePhone } from '@sapa/sdk';
export type { FailureReason, OtpChallenge, Project, SignedIn, User };

/** What an act resolves with: the success envelope, typed from the contract. */
export interface ActResult<N extends ActName> {
  code: '1';
  msg: string;
  data: ActOutput<N>;
}

/** How one act call may be cut short: aborting `signal` cancels the request. */
export interface ActCallOptions {
  signal?: AbortSignal;
}

/**
 * The part of the SDK's `ActClient` the machines use: `act(name, fields, { signal })` resolves the
 * success envelope and rejects with an `ApiError` (`message`, `reason`, `errors`, `data`) on
 * `code: "0"`, or with any other error when the network fails or `signal` aborts the request.
 * Promise actors pass the `signal` XState gives them, so a request ends with its actor.
 */
export interface ActCaller {
  act<N extends ActName>(name: N, fields: ActInput<N>, options?: ActCallOptions): Promise<ActResult<N>>;
}

/** The SDK's auth token store, as the session machine uses it. */
export interface TokenStoreLike {
  get(): string | null;
  set(token: string | null): void;
}

export type { ActInput, ActName, ActOutput };

/** Compile-time proof that the SDK's real client and token store fit the shapes above. */
export type SdkFits = [
  ActClient extends ActCaller ? true : never,
  TokenStore extends TokenStoreLike ? true : never,
];
export const sdkFits: SdkFits = [true, true];
