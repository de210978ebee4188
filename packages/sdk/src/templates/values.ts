/**
 * What a send of a template fills, and the checks and helpers of the template picker and the
 * server: which slots a template has (`templateValueSlots`), whether values fill them as Meta
 * accepts (`templateValueProblems`), the picker's starting values (`prefillTemplateValues`), and
 * the `{nama}`-style placeholders an agent may type, resolved before sending
 * (`fillTemplatePlaceholders`).
 */
import { TEMPLATE_VALUE_MAX } from '../constants.ts';
import type { TemplateDraft, TemplateHeaderFormat, TemplateValues } from '../contract/templateTypes.ts';
import { fillQuickReply } from '../chat/quickReplies.ts';
import { isBadParameter } from './rules.ts';
import type { TemplateProblem } from './rules.ts';
import { templateTokens, templateVariableNames } from './variables.ts';

/** What a template is made of (a draft without its name, language and category; a stored template's content). */
export type TemplateContent = Pick<TemplateDraft, 'header' | 'body' | 'bodyExamples' | 'footer' | 'buttons'>;

/** The slots a send of a template fills. */
export interface TemplateValueSlots {
  /** The body's variables in slot order, as written (`['1', '2']`, or `['first_name']` for a named template): `values.body[i]` fills `body[i]`. */
  body: string[];
  /** The text header's variable (`'1'`, or its name), or `null` when the header has none: `values.header`. */
  header: string | null;
  /** The media header's kind, or `null`: `values.headerMediaId`. */
  headerMedia: Exclude<TemplateHeaderFormat, 'TEXT'> | null;
  /** The link button whose URL ends with a variable (its index among the buttons), or `null`: `values.buttonUrl`. */
  buttonUrl: { index: number; text: string; url: string } | null;
}

/** What a send of `template` must fill. */
export function templateValueSlots(template: TemplateContent): TemplateValueSlots {
  const header = template.header;
  const headerNames = header?.format === 'TEXT' ? templateVariableNames(header.text) : [];
  const urlIndex = template.buttons.findIndex(
    (button) => button.type === 'URL' && templateTokens(button.url).length > 0,
  );
  const urlButton = template.buttons[urlIndex];
  return {
    body: templateVariableNames(template.body),
    header: headerNames[0] ?? null,
    headerMedia: header === null || header.format === 'TEXT' ? null : header.format,
    buttonUrl:
      urlButton?.type === 'URL' ? { index: urlIndex, text: urlButton.text, url: urlButton.url } : null,
  };
}

/** The problems of one text value (required, one line, no tabs or runs of spaces, not too long). */
function valueProblems(value: string | undefined, path: (string | number)[]): TemplateProblem[] {
  if (value === undefined || value.trim() === '') return [{ path, code: 'value_required' }];
  if (isBadParameter(value)) return [{ path, code: 'value_format' }];
  if (value.length > TEMPLATE_VALUE_MAX) return [{ path, code: 'too_long', limit: TEMPLATE_VALUE_MAX }];
  return [];
}

function isGiven(value: string | undefined): value is string {
  return value !== undefined && value !== '';
}

/**
 * Whether `values` fill every slot of `template` as Meta accepts (`[]` when they do): each body
 * variable (`['body', i]`) and the header's (`['header']`) filled with one line of text, without
 * tabs or more than 4 spaces in a row (Meta's parameter rule); a media header's file
 * (`['headerMediaId']`); the link button's suffix (`['buttonUrl']`, no spaces). A value the
 * template has no slot for is refused (`value_extra`); an empty one counts as not given.
 */
export function templateValueProblems(template: TemplateContent, values: TemplateValues): TemplateProblem[] {
  const slots = templateValueSlots(template);
  const problems: TemplateProblem[] = [];
  slots.body.forEach((_name, index) => problems.push(...valueProblems(values.body[index], ['body', index])));
  values.body.forEach((_value, index) => {
    if (index >= slots.body.length) problems.push({ path: ['body', index], code: 'value_extra' });
  });
  if (slots.header !== null) problems.push(...valueProblems(values.header, ['header']));
  else if (isGiven(values.header)) problems.push({ path: ['header'], code: 'value_extra' });
  if (slots.headerMedia !== null) {
    if (!isGiven(values.headerMediaId)) problems.push({ path: ['headerMediaId'], code: 'media_required' });
  } else if (isGiven(values.headerMediaId)) {
    problems.push({ path: ['headerMediaId'], code: 'value_extra' });
  }
  if (slots.buttonUrl !== null) {
    const own = valueProblems(values.buttonUrl, ['buttonUrl']);
    if (own.length > 0) problems.push(...own);
    else if (/\s/.test(values.buttonUrl ?? ''))
      problems.push({ path: ['buttonUrl'], code: 'url_value_format' });
  } else if (isGiven(values.buttonUrl)) {
    problems.push({ path: ['buttonUrl'], code: 'value_extra' });
  }
  return problems;
}

/** Who a template is sent to and by whom: what placeholders are filled from. */
export interface TemplateContext {
  /** The customer's name (`{nama}`). */
  name: string;
  /** The customer's phone as the sender sees it (`{nomor}`). */
  phone: string;
  /** The agent's own name (`{agen}`); absent, `{agen}` stays as written. */
  agent?: string | undefined;
  /** The customer's custom fields by name (`{Kota}` is the field `Kota`, letter case aside). */
  customFields: Readonly<Record<string, string>>;
}

/** A placeholder (`{nama}`, `{Kota Asal}`) or a doubled brace (`{{`, `}}`, one brace written). */
const PLACEHOLDER = /\{\{|\}\}|\{([\p{L}\p{N}_ ]+)\}/gu;

/** The value of a placeholder in `context`, or `undefined` when it names nothing known. */
function placeholderValue(name: string, context: TemplateContext): string | undefined {
  const standard = fillQuickReply(`{${name}}`, {
    nama: context.name,
    nomor: context.phone,
    ...(context.agent === undefined ? {} : { agen: context.agent }),
  });
  if (standard !== `{${name}}`) return standard;
  if (Object.hasOwn(context.customFields, name)) return context.customFields[name];
  const wanted = name.trim().toLocaleLowerCase();
  const field = Object.keys(context.customFields).find((key) => key.trim().toLocaleLowerCase() === wanted);
  return field === undefined ? undefined : context.customFields[field];
}

/**
 * `text` with its placeholders filled from `context`, as quick replies fill theirs (`{nama}`,
 * `{nomor}`, `{agen}`, via `fillQuickReply`) plus the customer's custom fields by name
 * (`{Kota}`); `{{` and `}}` write a brace; an unknown placeholder stays as written.
 */
export function fillTemplatePlaceholder(text: string, context: TemplateContext): string {
  return text.replace(PLACEHOLDER, (match, name: string | undefined) => {
    if (name === undefined) return match === '{{' ? '{' : '}';
    return placeholderValue(name, context) ?? match;
  });
}

/**
 * `values` with the placeholders of their texts filled from `context` (`fillTemplatePlaceholder`
 * on the body, header and link values; the media id is left alone): what the server sends.
 */
export function fillTemplatePlaceholders(values: TemplateValues, context: TemplateContext): TemplateValues {
  return {
    body: values.body.map((value) => fillTemplatePlaceholder(value, context)),
    ...(values.header === undefined ? {} : { header: fillTemplatePlaceholder(values.header, context) }),
    ...(values.headerMediaId === undefined ? {} : { headerMediaId: values.headerMediaId }),
    ...(values.buttonUrl === undefined
      ? {}
      : { buttonUrl: fillTemplatePlaceholder(values.buttonUrl, context) }),
  };
}

/** True when `text` has at least one placeholder and every one of them is known in `context`. */
function isFillable(text: string, context: TemplateContext): boolean {
  const names = [...text.matchAll(PLACEHOLDER)].flatMap((match) =>
    match[1] === undefined ? [] : [match[1]],
  );
  return names.length > 0 && names.every((name) => placeholderValue(name, context) !== undefined);
}

/** An example turned into a starting value: filled when it is made of known placeholders, else empty. */
function prefill(example: string | null | undefined, context: TemplateContext): string {
  return example !== null && example !== undefined && isFillable(example, context)
    ? fillTemplatePlaceholder(example, context)
    : '';
}

/**
 * The picker's starting values for `template`: a slot whose example holds placeholders
 * (`{nama}`, `Kak {nama}`, `{nomor}`, `{agen}`, `{<custom field>}`) starts filled from `context`;
 * any other example is only a sample for Meta's review and is not used (the slot starts empty),
 * nor is one whose placeholder is unknown here (a custom field the customer lacks). The media
 * header and the link suffix start empty.
 */
export function prefillTemplateValues(template: TemplateContent, context: TemplateContext): TemplateValues {
  const slots = templateValueSlots(template);
  const header = template.header?.format === 'TEXT' ? template.header.example : null;
  return {
    body: slots.body.map((_name, index) => prefill(template.bodyExamples[index], context)),
    ...(slots.header === null ? {} : { header: prefill(header, context) }),
    ...(slots.headerMedia === null ? {} : { headerMediaId: '' }),
    ...(slots.buttonUrl === null ? {} : { buttonUrl: '' }),
  };
}
