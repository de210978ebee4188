/**
 * A project's opt-out settings as the settings page reads and writes them (`project_settings_get`,
 * `project_update`'s `optOut`): the words stay `null` while they are the defaults, and the answer
 * `null` while it is the catalogue's text, so both follow the product's defaults until the project
 * writes its own. The rules are the SDK's (`optOutWordsProblem`, `optOutReplyProblem`).
 */
import { eq } from 'drizzle-orm';
import { ActError } from '../acts/ActError.ts';
import type { Db } from '../db/openDatabase.ts';
import { waAccounts } from '../db/schema.ts';
import type { ProjectRow } from '../db/schema.ts';
import type { AccountRoutes } from '../inbox/AccountRoutes.ts';
import { translate } from '../i18n/translate.ts';
import type { Locale } from '../i18n/translate.ts';
import {
  isDefaultOptOutWords,
  normalizeOptOutWords,
  OPT_OUT_DEFAULT_REPLY_KEY,
  optOutProblemLimit,
  optOutSettingsProblems,
  optOutWordsOf,
} from '../sdk.ts';
import type { OptOutSettings } from '../sdk.ts';

/** The answer a project sends while it has not written its own: the catalogue's, in Indonesian. */
export function defaultOptOutReply(): string {
  return translate('id', OPT_OUT_DEFAULT_REPLY_KEY);
}

/** The settings as the page shows them: the words and the answer in force. */
export function optOutSettingsOf(
  project: Pick<ProjectRow, 'optOutWords' | 'optOutReply' | 'optOutReplyEnabled'>,
): OptOutSettings {
  return {
    words: [...optOutWordsOf(project.optOutWords)],
    reply: project.optOutReply ?? defaultOptOutReply(),
    replyEnabled: project.optOutReplyEnabled,
  };
}

/** The columns a change of the settings writes. */
export type OptOutColumns = Pick<ProjectRow, 'optOutWords' | 'optOutReply' | 'optOutReplyEnabled'>;

/**
 * The columns for `settings` once checked (`optOutSettingsProblems`); a broken rule answers
 * `invalid_input` on `optOut.words` or `optOut.reply`, worded as the form words it.
 */
export function optOutColumns(settings: OptOutSettings, locale: Locale): OptOutColumns {
  const problems = optOutSettingsProblems(settings);
  const errors: Record<string, string> = {};
  if (problems.words !== undefined) {
    errors['optOut.words'] = translate(locale, `settings.optOut.words.${problems.words}`, {
      max: optOutProblemLimit(problems.words, 'words'),
    });
  }
  if (problems.reply !== undefined) {
    errors['optOut.reply'] = translate(locale, `settings.optOut.reply.${problems.reply}`, {
      max: optOutProblemLimit(problems.reply, 'reply'),
    });
  }
  if (Object.keys(errors).length > 0) throw new ActError('invalid_input', { errors });
  const reply = settings.reply.trim();
  return {
    optOutWords: isDefaultOptOutWords(settings.words) ? null : normalizeOptOutWords(settings.words),
    // Empty (the answer switched off) or the catalogue's text: the catalogue's, as it changes.
    optOutReply: reply === '' || reply === defaultOptOutReply() ? null : reply,
    optOutReplyEnabled: settings.replyEnabled,
  };
}

/**
 * Forgets the routes of the project's numbers in this process, so its next messages are matched
 * against the words just saved (other processes see them within the routes' few seconds).
 */
export async function forgetProjectRoutes(db: Db, routes: AccountRoutes, projectId: string): Promise<void> {
  const numbers = await db
    .select({ phoneNumberId: waAccounts.phoneNumberId })
    .from(waAccounts)
    .where(eq(waAccounts.projectId, projectId));
  for (const { phoneNumberId } of numbers) routes.forget(phoneNumberId);
}
