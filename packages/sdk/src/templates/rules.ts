/**
 * Meta's rules for a template draft (issue 15), run the same in the editor, the contract and the
 * server. TO BE IMPLEMENTED (helper H1): see packages/sdk/src/templates/README section in the plan.
 */
import type { TemplateDraft } from '../contract/templateTypes.ts';

/** Why a draft or a send's values break one of Meta's rules; `message` keys are `template.rule.<code>`. */
export type TemplateProblemCode = string;

export interface TemplateProblem {
  /** Where, as the draft's field path (`['body']`, `['buttons', 1, 'url']`, `['bodyExamples', 0]`). */
  path: (string | number)[];
  code: TemplateProblemCode;
  /** The limit broken, when there is one (a length, a count). */
  limit?: number;
}

export function templateDraftProblems(_draft: TemplateDraft): TemplateProblem[] {
  return [];
}
