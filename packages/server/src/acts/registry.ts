import type { ActName, ActOutput, ActParsed } from '../sdk.ts';
import type { ActContext } from './context.ts';
import { signInHandlers } from './handlers/signIn.ts';
import { otpHandlers } from './handlers/otp.ts';
import { sessionHandlers } from './handlers/session.ts';
import { projectHandlers } from './handlers/projects.ts';

export type ActHandler<N extends ActName> = (input: ActParsed<N>, ctx: ActContext) => Promise<ActOutput<N>>;

/** One handler per act of the contract: leaving one out is a type error. */
export type ActHandlers = { [N in ActName]: ActHandler<N> };

export const handlers: ActHandlers = {
  ...signInHandlers,
  ...otpHandlers,
  ...sessionHandlers,
  ...projectHandlers,
};
