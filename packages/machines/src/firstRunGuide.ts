/**
 * The inbox's first-run guide (`/crm/chat/{key}`): a project with no WhatsApp number (so no
 * conversation either) shows, instead of an empty inbox, what to do first. Which steps, by the
 * viewer's permissions:
 *
 * - `connect`: connect a number on `/project/account/{key}` (`project.account.view`; the form
 *   there asks `project.account.add`); without that screen, `askOwner`: ask who manages the
 *   project's numbers;
 * - `invite`: invite the team on `/project/user/{key}` (`project.user.create_invite`);
 * - `simulator`: try Sapa without a real number (the demo project, or `pnpm simulate` with its
 *   test number): for everyone, as a development hint.
 */
import { can } from '@sapa/sdk';

export type FirstRunStep = 'connect' | 'askOwner' | 'invite' | 'simulator';

export interface FirstRunFacts {
  permissions: readonly string[];
  /** Where the project's numbers are (`selectAccountsStatus`). */
  accounts: 'loading' | 'failed' | 'empty' | 'ready';
  /** Whether the inbox holds any conversation now. */
  anyConversation: boolean;
}

/** The guide's steps in order, or `null` when the inbox shows instead (numbers, conversations, or not known yet). */
export function firstRunSteps(facts: FirstRunFacts): FirstRunStep[] | null {
  if (facts.accounts !== 'empty' || facts.anyConversation) return null;
  const steps: FirstRunStep[] = [can(facts.permissions, 'project.account.view') ? 'connect' : 'askOwner'];
  if (can(facts.permissions, 'project.user.create_invite')) steps.push('invite');
  steps.push('simulator');
  return steps;
}

/** The simulator's test number, as `pnpm simulate` serves it by default (its README). */
export const SIMULATOR_NUMBER = {
  wabaId: '102938475610293',
  phoneNumberId: '109876543210987',
  displayPhone: '+6281210009000',
  accessToken: 'sapa-dev-access-token',
  graphBaseUrl: 'http://127.0.0.1:3210',
} as const;
