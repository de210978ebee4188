/**
 * Meta's rules for a template draft (issue 15), run the same in the editor (before submitting),
 * the contract (`templateDraftField`'s `superRefine`) and the server. Each broken rule is a
 * `TemplateProblem`: where (the draft's field path), a short code, and the limit broken if any;
 * its text is `template.rule.<code>` in the catalogue (`templateProblemMessage`).
 *
 * Sources: Meta's template docs (components, template-management, guidelines) and the rejection
 * reasons seen in practice (`INVALID_FORMAT`). Where Meta is vague the rule is the stricter
 * reading, so that what passes here is not rejected for its form: a variable counts as "next to"
 * another when only spaces, punctuation, symbols or emoji stand between (no letter or digit). It
 * starts or ends the body only when nothing but white space stands before or after it: Meta's own
 * documented example ends with `{{3}}.`, so a closing full stop is allowed.
 */
import {
  TEMPLATE_BODY_MAX,
  TEMPLATE_BUTTON_TEXT_MAX,
  TEMPLATE_BUTTONS_MAX,
  TEMPLATE_FOOTER_MAX,
  TEMPLATE_HEADER_TEXT_MAX,
  TEMPLATE_NAME_MAX,
  TEMPLATE_PHONE_BUTTONS_MAX,
  TEMPLATE_URL_BUTTONS_MAX,
  TEMPLATE_URL_MAX,
  TEMPLATE_VALUE_MAX,
} from '../constants.ts';
import type { TemplateButton, TemplateDraft } from '../contract/templateTypes.ts';
import type { MessageKey, MessageParams } from '../i18n/translate.ts';
import { normalizePhone } from '../validation/phone.ts';
import { templateTokens, templateVariableNames } from './variables.ts';
import type { TemplateToken } from './variables.ts';

/** Every problem code; the text of each is `template.rule.<code>`. */
export const templateProblemCodes = [
  // Any field
  'required',
  'too_long',
  'single_line',
  'no_variables',
  // Name
  'name_format',
  // Variables in the body and the header
  'variable_format',
  'variable_sequence',
  'variable_at_start',
  'variable_at_end',
  'variables_adjacent',
  'header_variables',
  // Examples
  'example_required',
  'example_format',
  'media_example_required',
  // Buttons
  'buttons_max',
  'url_buttons_max',
  'phone_buttons_max',
  'button_text_duplicate',
  'quick_replies_grouped',
  'url_invalid',
  'url_variable',
  'url_variables_max',
  'url_example',
  'phone_invalid',
  // A send's values
  'value_required',
  'value_format',
  'value_extra',
  'url_value_format',
  'media_required',
] as const;

/** Why a draft or a send's values break one of Meta's rules; its text is `template.rule.<code>`. */
export type TemplateProblemCode = (typeof templateProblemCodes)[number];

export interface TemplateProblem {
  /** Where, as the draft's field path (`['body']`, `['buttons', 1, 'url']`, `['bodyExamples', 0]`). */
  path: (string | number)[];
  code: TemplateProblemCode;
  /** The limit broken, when there is one (a length, a count). */
  limit?: number;
}

/** The catalogue key and parameters of a problem's text (`{limit}` when it has one). */
export function templateProblemMessage(problem: TemplateProblem): { key: MessageKey; params: MessageParams } {
  return {
    key: `template.rule.${problem.code}`,
    params: problem.limit === undefined ? {} : { limit: problem.limit },
  };
}

/** Meta's template name: lowercase letters, digits and underscores. */
const NAME = /^[a-z0-9_]+$/;
/** A letter or a digit: what "text" between or around variables must contain. */
const WORDY = /[\p{L}\p{N}]/u;
/** What Meta refuses in a parameter (and so in an example): a new line, a tab, more than 4 spaces in a row. */
const PARAMETER_FORBIDDEN = /[\n\r\t]| {5,}/;
/** A new line (text headers, footers and buttons are one line). */
const NEW_LINE = /[\n\r]/;
/** Braces that are not a well-formed variable. */
const STRAY_BRACES = /\{\{|\}\}/;

/** True when `value` breaks Meta's parameter format (new line, tab, more than 4 spaces in a row). */
export function isBadParameter(value: string): boolean {
  return PARAMETER_FORBIDDEN.test(value);
}

/** True for an absolute `http:` or `https:` link with a host. */
export function isWebUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
}

/** True when `text` has braces outside well-formed variables (`{{ 1 }}`, `{{1}`, `{{}}`). */
function hasStrayBraces(text: string, tokens: readonly TemplateToken[]): boolean {
  let rest = '';
  let at = 0;
  for (const token of tokens) {
    rest += `${text.slice(at, token.start)}\u0000`;
    at = token.end;
  }
  rest += text.slice(at);
  return STRAY_BRACES.test(rest);
}

/** A draft's variables are positional numbers written without a leading zero. */
function isDraftVariable(token: TemplateToken): boolean {
  return /^(0|[1-9]\d*)$/.test(token.name);
}

/**
 * The problems of a body or text header's variables: malformed, numbered out of order or with a
 * gap. `[]` when they are fine.
 */
function variableProblems(text: string, path: (string | number)[]): TemplateProblem[] {
  const tokens = templateTokens(text);
  if (hasStrayBraces(text, tokens) || !tokens.every(isDraftVariable)) {
    return [{ path, code: 'variable_format' }];
  }
  const names = templateVariableNames(text);
  if (names.some((name, index) => Number(name) !== index + 1)) {
    return [{ path, code: 'variable_sequence' }];
  }
  return [];
}

/** Where the body's variables stand: at its start or end, or next to each other. */
function placementProblems(body: string): TemplateProblem[] {
  const tokens = templateTokens(body);
  const first = tokens[0];
  const last = tokens.at(-1);
  if (first === undefined || last === undefined) return [];
  const problems: TemplateProblem[] = [];
  if (body.slice(0, first.start).trim() === '') problems.push({ path: ['body'], code: 'variable_at_start' });
  if (body.slice(last.end).trim() === '') problems.push({ path: ['body'], code: 'variable_at_end' });
  const adjacent = tokens.some((token, index) => {
    const next = tokens[index + 1];
    return next !== undefined && !WORDY.test(body.slice(token.end, next.start));
  });
  if (adjacent) problems.push({ path: ['body'], code: 'variables_adjacent' });
  return problems;
}

/** An example's problems (required, one line without tabs or runs of spaces, not too long). */
function exampleProblems(example: string | null | undefined, path: (string | number)[]): TemplateProblem[] {
  if (example === null || example === undefined || example.trim() === '') {
    return [{ path, code: 'example_required' }];
  }
  if (isBadParameter(example)) return [{ path, code: 'example_format' }];
  if (example.length > TEMPLATE_VALUE_MAX) return [{ path, code: 'too_long', limit: TEMPLATE_VALUE_MAX }];
  return [];
}

/** A text that must be present, at most `limit` long. */
function textProblems(text: string, path: (string | number)[], limit: number): TemplateProblem[] {
  if (text.trim() === '') return [{ path, code: 'required' }];
  if (text.length > limit) return [{ path, code: 'too_long', limit }];
  return [];
}

function nameProblems(name: string): TemplateProblem[] {
  const path = ['name'];
  if (name.trim() === '') return [{ path, code: 'required' }];
  if (name.length > TEMPLATE_NAME_MAX) return [{ path, code: 'too_long', limit: TEMPLATE_NAME_MAX }];
  if (!NAME.test(name)) return [{ path, code: 'name_format' }];
  return [];
}

function bodyProblems(draft: TemplateDraft): TemplateProblem[] {
  const own = textProblems(draft.body, ['body'], TEMPLATE_BODY_MAX);
  if (own.length > 0) return own;
  const variables = variableProblems(draft.body, ['body']);
  if (variables.length > 0) return variables;
  const problems = placementProblems(draft.body);
  const count = templateVariableNames(draft.body).length;
  for (let index = 0; index < count; index++) {
    problems.push(...exampleProblems(draft.bodyExamples[index], ['bodyExamples', index]));
  }
  return problems;
}

function headerProblems(header: TemplateDraft['header']): TemplateProblem[] {
  if (header === null) return [];
  if (header.format !== 'TEXT') {
    const path = ['header', 'exampleUrl'];
    if (header.exampleUrl === null || header.exampleUrl.trim() === '') {
      return [{ path, code: 'media_example_required' }];
    }
    if (!isWebUrl(header.exampleUrl)) return [{ path, code: 'url_invalid' }];
    if (header.exampleUrl.length > TEMPLATE_URL_MAX)
      return [{ path, code: 'too_long', limit: TEMPLATE_URL_MAX }];
    return [];
  }
  const path = ['header', 'text'];
  const own = textProblems(header.text, path, TEMPLATE_HEADER_TEXT_MAX);
  if (own.length > 0) return own;
  if (NEW_LINE.test(header.text)) return [{ path, code: 'single_line' }];
  const variables = variableProblems(header.text, path);
  if (variables.length > 0) return variables;
  const names = templateVariableNames(header.text);
  if (names.length > 1) return [{ path, code: 'header_variables', limit: 1 }];
  return names.length === 1 ? exampleProblems(header.example, ['header', 'example']) : [];
}

function footerProblems(footer: string | null): TemplateProblem[] {
  if (footer === null || footer.trim() === '') return [];
  const path = ['footer'];
  if (footer.length > TEMPLATE_FOOTER_MAX) return [{ path, code: 'too_long', limit: TEMPLATE_FOOTER_MAX }];
  if (NEW_LINE.test(footer)) return [{ path, code: 'single_line' }];
  if (STRAY_BRACES.test(footer)) return [{ path, code: 'no_variables' }];
  return [];
}

/** The problems of a link button's URL and its example. */
function urlButtonProblems(
  button: Extract<TemplateButton, { type: 'URL' }>,
  index: number,
): TemplateProblem[] {
  const path = ['buttons', index, 'url'];
  if (button.url.trim() === '') return [{ path, code: 'required' }];
  if (button.url.length > TEMPLATE_URL_MAX) return [{ path, code: 'too_long', limit: TEMPLATE_URL_MAX }];
  const tokens = templateTokens(button.url);
  const dynamic = tokens.length > 0;
  const wellPlaced =
    !hasStrayBraces(button.url, tokens) &&
    (tokens.length === 0 ||
      (tokens.length === 1 && tokens[0]?.name === '1' && tokens[0].end === button.url.length));
  if (!wellPlaced) return [{ path, code: 'url_variable' }];
  const prefix = dynamic ? button.url.slice(0, -'{{1}}'.length) : button.url;
  if (!isWebUrl(dynamic ? `${prefix}x` : prefix)) return [{ path, code: 'url_invalid' }];
  if (!dynamic) return [];
  const examplePath = ['buttons', index, 'example'];
  const example = button.example;
  if (example === null || example.trim() === '') return [{ path: examplePath, code: 'example_required' }];
  if (example.length > TEMPLATE_URL_MAX)
    return [{ path: examplePath, code: 'too_long', limit: TEMPLATE_URL_MAX }];
  if (
    !isWebUrl(example) ||
    !example.startsWith(prefix) ||
    example.length === prefix.length ||
    /\s/.test(example)
  ) {
    return [{ path: examplePath, code: 'url_example' }];
  }
  return [];
}

function buttonsProblems(buttons: readonly TemplateButton[]): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  if (buttons.length > TEMPLATE_BUTTONS_MAX) {
    problems.push({ path: ['buttons'], code: 'buttons_max', limit: TEMPLATE_BUTTONS_MAX });
  }
  const urls = buttons.filter((button) => button.type === 'URL');
  if (urls.length > TEMPLATE_URL_BUTTONS_MAX) {
    problems.push({ path: ['buttons'], code: 'url_buttons_max', limit: TEMPLATE_URL_BUTTONS_MAX });
  }
  const phones = buttons.filter((button) => button.type === 'PHONE_NUMBER');
  if (phones.length > TEMPLATE_PHONE_BUTTONS_MAX) {
    problems.push({ path: ['buttons'], code: 'phone_buttons_max', limit: TEMPLATE_PHONE_BUTTONS_MAX });
  }
  // Quick replies and call-to-action buttons each stay together: the kind changes at most once.
  const changes = buttons.flatMap((button, index) => {
    const previous = buttons[index - 1];
    return previous !== undefined && (previous.type === 'QUICK_REPLY') !== (button.type === 'QUICK_REPLY')
      ? [index]
      : [];
  });
  if (changes.length > 1)
    problems.push({ path: ['buttons', changes[1] ?? 0], code: 'quick_replies_grouped' });

  const seen = new Set<string>();
  let dynamicUrls = 0;
  buttons.forEach((button, index) => {
    const path = ['buttons', index, 'text'];
    const text = textProblems(button.text, path, TEMPLATE_BUTTON_TEXT_MAX);
    if (text.length > 0) problems.push(...text);
    else if (NEW_LINE.test(button.text)) problems.push({ path, code: 'single_line' });
    else if (STRAY_BRACES.test(button.text)) problems.push({ path, code: 'no_variables' });
    else {
      const key = button.text.trim().toLocaleLowerCase();
      if (seen.has(key)) problems.push({ path, code: 'button_text_duplicate' });
      seen.add(key);
    }
    if (button.type === 'URL') {
      problems.push(...urlButtonProblems(button, index));
      if (templateTokens(button.url).length > 0 && ++dynamicUrls > 1) {
        // One link suffix per send (`TemplateValues.buttonUrl`).
        problems.push({ path: ['buttons', index, 'url'], code: 'url_variables_max', limit: 1 });
      }
    } else if (button.type === 'PHONE_NUMBER' && normalizePhone(button.phoneNumber) === null) {
      problems.push({ path: ['buttons', index, 'phoneNumber'], code: 'phone_invalid' });
    }
  });
  return problems;
}

/**
 * Every rule of Meta's that `draft` breaks, in the order of the editor's fields (`[]` when it
 * may be submitted):
 * - name: lowercase letters, digits and underscores, at most `TEMPLATE_NAME_MAX`;
 * - body: required, at most `TEMPLATE_BODY_MAX`; variables `{{1}}` … `{{n}}` numbered in order of
 *   first appearance without gaps (a variable may repeat); not at the very start or end, not two
 *   side by side (only spaces or punctuation between); one example per variable, one line, no
 *   tabs or runs of more than 4 spaces (examples past the last variable are ignored);
 * - text header: at most `TEMPLATE_HEADER_TEXT_MAX`, one line, at most one variable, `{{1}}`,
 *   with its example; a media header needs its sample (`exampleUrl`, an http(s) link);
 * - footer: at most `TEMPLATE_FOOTER_MAX`, one line, no variables (empty means none);
 * - buttons: at most `TEMPLATE_BUTTONS_MAX`, `TEMPLATE_URL_BUTTONS_MAX` links and
 *   `TEMPLATE_PHONE_BUTTONS_MAX` phone; texts required, at most `TEMPLATE_BUTTON_TEXT_MAX`,
 *   different from each other; quick replies grouped together (all before or all after the
 *   others); a link is an http(s) URL that may end with `{{1}}` (one such link per template) and
 *   then has an example, the full link; a phone number is a valid number.
 */
export function templateDraftProblems(draft: TemplateDraft): TemplateProblem[] {
  return [
    ...nameProblems(draft.name),
    ...headerProblems(draft.header),
    ...bodyProblems(draft),
    ...footerProblems(draft.footer),
    ...buttonsProblems(draft.buttons),
  ];
}
