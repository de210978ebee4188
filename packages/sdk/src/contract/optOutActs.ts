/**
 * Opting customers out of broadcasts (issue 17): an agent opts a customer out or back in. A
 * customer opts themselves out by writing one of the project's words (`isOptOutMessage`), which
 * the server handles as the message arrives; the words and the answer are project settings
 * (`project_update`'s `optOut`, `optOutSettingsField`). Spread into `acts` (acts.ts).
 */
import { z } from 'zod';
import { defineAct } from './defineAct.ts';
import type { CustomerOptOut } from './crmTypes.ts';
import { OPT_OUT_REPLY_MAX } from '../broadcasts/optOutSettings.ts';
import { OPT_OUT_WORD_MAX_LENGTH, OPT_OUT_WORDS_MAX } from '../broadcasts/optOut.ts';

const projectKey = z.string().min(1).max(64);
const id = z.uuid();

/**
 * A project's opt-out settings as `project_update` takes them. The sizes here only bound the
 * request; the rules (`optOutWordsProblem`, `optOutReplyProblem`) are checked by the handler, so
 * their errors read as the form's do.
 */
export const optOutSettingsField = z.object({
  words: z.array(z.string().max(OPT_OUT_WORD_MAX_LENGTH * 4)).max(OPT_OUT_WORDS_MAX * 2),
  reply: z.string().max(OPT_OUT_REPLY_MAX * 2),
  replyEnabled: z.boolean(),
});

export const optOutActs = {
  customer_opt_out: defineAct<CustomerOptOut>()({
    input: z.object({ key: projectKey, customerId: id, optedOut: z.boolean() }),
    access: { permission: 'crm.customer.edit' },
    summary:
      "Opts a customer of the project out of broadcasts (`optedOut: true`, recorded as done by an agent) or back in (`false`): an opted-out customer is left out of every later broadcast. Asking for what is already so answers it unchanged (an opt-out keeps its time and how it was made). Announced as `conversation.updated` for the customer's conversations (their panel shows it).",
  }),
};
