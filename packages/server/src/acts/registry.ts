import type { ActName, ActOutput, ActParsed, Acts } from '../sdk.ts';
import type { ActContext } from './context.ts';
import { signInHandlers } from './handlers/signIn.ts';
import { otpHandlers } from './handlers/otp.ts';
import { sessionHandlers } from './handlers/session.ts';
import { projectHandlers } from './handlers/projects.ts';
import { accountHandlers } from './handlers/accounts.ts';
import { templateHandlers } from './handlers/templates.ts';
import { inboxHandlers } from './handlers/inbox.ts';
import { galleryHandlers } from './handlers/gallery.ts';
import { labelHandlers } from './handlers/labels.ts';
import { quickReplyHandlers } from './handlers/quickReplies.ts';
import { stageHandlers } from './handlers/stages.ts';
import { customerHandlers } from './handlers/customers.ts';
import { divisionHandlers } from './handlers/divisions.ts';
import { teamHandlers } from './handlers/team.ts';
import { personalHandlers } from './handlers/personal.ts';
import { billingHandlers } from './handlers/billing.ts';
import { topupHandlers } from './handlers/topups.ts';
import { broadcastHandlers } from '../broadcasts/acts.ts';
import { optOutHandlers } from '../broadcasts/optOutHandlers.ts';
import { automationHandlers } from '../automation/acts.ts';

/** What a `page` act's handler answers: its rows and the number of pages. */
export interface PageResult<Row> {
  data: Row[];
  total_page: number;
}

/** A handler answers the act's `data`, or for a `page` act the rows with `total_page`. */
export type HandlerResult<N extends ActName> = Acts[N]['shape'] extends 'page'
  ? ActOutput<N> extends (infer Row)[]
    ? PageResult<Row>
    : never
  : ActOutput<N>;

export type ActHandler<N extends ActName> = (
  input: ActParsed<N>,
  ctx: ActContext,
) => Promise<HandlerResult<N>>;

/** One handler per act of the contract: leaving one out is a type error. */
export type ActHandlers = { [N in ActName]: ActHandler<N> };

export const handlers: ActHandlers = {
  ...signInHandlers,
  ...otpHandlers,
  ...sessionHandlers,
  ...projectHandlers,
  ...accountHandlers,
  ...templateHandlers,
  ...inboxHandlers,
  ...galleryHandlers,
  ...labelHandlers,
  ...quickReplyHandlers,
  ...stageHandlers,
  ...customerHandlers,
  ...divisionHandlers,
  ...teamHandlers,
  ...personalHandlers,
  ...billingHandlers,
  ...topupHandlers,
  ...broadcastHandlers,
  ...optOutHandlers,
  ...automationHandlers,
};
