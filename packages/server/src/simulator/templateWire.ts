import { graphErrors } from './graphErrors.ts';
import type { GraphErrorAnswer } from './graphErrors.ts';

/**
 * Message templates as Meta's Business Management API carries them: the body of
 * `POST /{waba-id}/message_templates` (create-request-*.json), checked the way Meta checks it at
 * once, and the checks its review makes later (a template that breaks them is created, then
 * `REJECTED` with `INVALID_FORMAT`). The simulator keeps its own checks because it plays Meta:
 * it judges the wire body, whoever built it.
 */

export const TEMPLATE_CATEGORY_NAMES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export type TemplateCategoryName = (typeof TEMPLATE_CATEGORY_NAMES)[number];

/** The states a template can be put in (`setTemplateStatus`); only `APPROVED` can be sent. */
export const TEMPLATE_STATUS_NAMES = [
  'PENDING',
  'APPROVED',
  'REJECTED',
  'PAUSED',
  'DISABLED',
  'IN_APPEAL',
  'PENDING_DELETION',
  'LIMIT_EXCEEDED',
] as const;
export type TemplateStatusName = (typeof TEMPLATE_STATUS_NAMES)[number];

export type ParameterFormat = 'POSITIONAL' | 'NAMED';

export interface NamedExample {
  param_name: string;
  example: string;
}

export type MediaFormat = 'IMAGE' | 'VIDEO' | 'DOCUMENT';

/** Components as `GET …/message_templates` answers them: `type` and `format` UPPERCASE. */
export type WireHeader =
  | {
      type: 'HEADER';
      format: 'TEXT';
      text: string;
      example?: { header_text: string[] } | { header_text_named_params: NamedExample[] };
    }
  | { type: 'HEADER'; format: MediaFormat; example: { header_handle: string[] } }
  | { type: 'HEADER'; format: 'LOCATION' };

export interface WireBody {
  type: 'BODY';
  text: string;
  example?: { body_text: string[][] } | { body_text_named_params: NamedExample[] };
}

export interface WireFooter {
  type: 'FOOTER';
  text: string;
}

export type WireButton =
  | { type: 'QUICK_REPLY'; text: string }
  | { type: 'URL'; text: string; url: string; example?: string[] }
  | { type: 'PHONE_NUMBER'; text: string; phone_number: string };

export interface WireButtons {
  type: 'BUTTONS';
  buttons: WireButton[];
}

export type WireComponent = WireHeader | WireBody | WireFooter | WireButtons;

/** A template as submitted, normalised (UPPERCASE category, types and formats). */
export interface TemplateDefinition {
  name: string;
  language: string;
  category: TemplateCategoryName;
  parameterFormat: ParameterFormat;
  components: WireComponent[];
}

/** Meta's limits on a template (create-request-*.json `_notes`). */
export const TEMPLATE_LIMITS = {
  name: 512,
  body: 1024,
  headerText: 60,
  footer: 60,
  buttonText: 25,
  phoneNumber: 20,
  url: 2000,
  buttons: 10,
  urlButtons: 2,
  phoneButtons: 1,
} as const;

/** `{{1}}` or `{{first_name}}`: what is between the braces. */
const VARIABLE = /\{\{([^{}]*)\}\}/g;
const POSITIONAL_NAME = /^[1-9]\d*$/;
const NAMED_NAME = /^[a-z_][a-z0-9_]*$/;

/** The variable names of a text in order of appearance (repeats kept): `['1', '2']`, `['first_name']`. */
export function variablesOf(text: string): string[] {
  return [...text.matchAll(VARIABLE)].map((match) => match[1] ?? '');
}

/** The distinct variable names of a text, in order of first appearance. */
export function distinctVariables(text: string): string[] {
  return [...new Set(variablesOf(text))];
}

class Refusal extends Error {
  constructor(readonly answer: GraphErrorAnswer) {
    super(answer.body.error.error_user_msg ?? answer.body.error.message);
  }
}

function refuse(title: string, message: string): never {
  throw new Refusal(graphErrors.templateRefused(title, message));
}

function required(name: string): never {
  throw new Refusal(graphErrors.requiredParameter(name));
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown, name: string): string {
  if (value === undefined || value === null || value === '') required(name);
  if (typeof value !== 'string') refuse('Invalid Parameter', `${name} must be a string.`);
  return value;
}

function upper(value: unknown, name: string): string {
  return text(value, name).toUpperCase();
}

export type ParsedCreate =
  { ok: true; definition: TemplateDefinition } | { ok: false; error: GraphErrorAnswer };

/**
 * Checks a create body as Meta does at once (HTTP 400, code 100: missing or malformed fields,
 * name format, limits, button counts, examples for every variable); answers the normalised
 * template. Rules Meta's review catches later are `reviewProblem`'s.
 */
export function parseTemplateCreate(json: unknown): ParsedCreate {
  try {
    return { ok: true, definition: parseDefinition(json) };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, error: error.answer };
    throw error;
  }
}

function parseDefinition(json: unknown): TemplateDefinition {
  if (!isObject(json)) required('name');
  const name = text(json.name, 'name');
  if (name.length > TEMPLATE_LIMITS.name || !/^[a-z0-9_]+$/.test(name)) {
    refuse(
      'Invalid Message Template Name',
      `Message template names can only contain lowercase letters, numbers and underscores, at most ${TEMPLATE_LIMITS.name} characters (got "${name.slice(0, 80)}").`,
    );
  }
  const language = text(json.language, 'language');
  if (!/^[a-z]{2,3}(_[A-Z]{2,4})?$/.test(language)) {
    refuse('Invalid Language', `The language ${language} is not supported for message templates.`);
  }
  const category = upper(json.category, 'category');
  if (!(TEMPLATE_CATEGORY_NAMES as readonly string[]).includes(category)) {
    throw new Refusal(
      graphErrors.invalidParameter(
        `Param category must be one of {${TEMPLATE_CATEGORY_NAMES.join(', ')}} - got "${category}".`,
      ),
    );
  }
  const format =
    json.parameter_format === undefined ? 'POSITIONAL' : upper(json.parameter_format, 'parameter_format');
  if (format !== 'POSITIONAL' && format !== 'NAMED') {
    throw new Refusal(
      graphErrors.invalidParameter(
        `Param parameter_format must be one of {NAMED, POSITIONAL} - got "${format}".`,
      ),
    );
  }
  if (!Array.isArray(json.components) || json.components.length === 0) required('components');
  const components = parseComponents(json.components, format);
  return { name, language, category: category as TemplateCategoryName, parameterFormat: format, components };
}

function parseComponents(raw: unknown[], format: ParameterFormat): WireComponent[] {
  const seen = new Set<string>();
  const components: WireComponent[] = [];
  for (const item of raw) {
    if (!isObject(item)) required('components[].type');
    const type = upper(item.type, 'components[].type');
    if (seen.has(type)) refuse('Invalid Components', `A template can have only one ${type} component.`);
    seen.add(type);
    if (type === 'HEADER') components.push(parseHeader(item, format));
    else if (type === 'BODY') components.push(parseBody(item, format));
    else if (type === 'FOOTER') components.push(parseFooter(item));
    else if (type === 'BUTTONS') components.push(parseButtons(item));
    else refuse('Invalid Components', `Component type ${type} is not supported.`);
  }
  if (!seen.has('BODY')) refuse('Message Body Required', 'A message template needs a BODY component.');
  const order = ['HEADER', 'BODY', 'FOOTER', 'BUTTONS'];
  return components.sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type));
}

/** The variables of a text checked against the parameter format; answers the distinct names. */
function checkVariables(value: string, format: ParameterFormat, where: string): string[] {
  const names = variablesOf(value);
  for (const name of names) {
    const valid = format === 'NAMED' ? NAMED_NAME.test(name) : POSITIONAL_NAME.test(name);
    if (!valid) {
      refuse(
        'Invalid Parameter Format',
        format === 'NAMED'
          ? `The ${where} has the parameter {{${name}}}: named parameters are lowercase letters, numbers and underscores.`
          : `The ${where} has the parameter {{${name}}}: positional parameters are numbers ({{1}}, {{2}} …); use parameter_format NAMED for names.`,
      );
    }
  }
  return [...new Set(names)];
}

function namedExamples(raw: unknown, names: string[], where: string): NamedExample[] {
  if (!Array.isArray(raw)) missingSamples(where);
  const examples = raw.map((item): NamedExample => {
    if (!isObject(item) || typeof item.param_name !== 'string' || typeof item.example !== 'string') {
      return missingSamples(where);
    }
    return { param_name: item.param_name, example: item.example };
  });
  const given = examples.map((example) => example.param_name);
  if (
    given.length !== names.length ||
    names.some((name) => !given.includes(name)) ||
    examples.some((e) => e.example === '')
  ) {
    missingSamples(where);
  }
  return examples;
}

function missingSamples(where: string): never {
  return refuse(
    'Variable Samples Required',
    `Add a sample for each variable in the ${where}, so the reviewers can see what the message will look like.`,
  );
}

function parseHeader(item: Json, format: ParameterFormat): WireHeader {
  const headerFormat = upper(item.format, 'components[HEADER].format');
  const example = isObject(item.example) ? item.example : undefined;
  if (headerFormat === 'TEXT') {
    const value = text(item.text, 'components[HEADER].text');
    if (value.length > TEMPLATE_LIMITS.headerText) {
      refuse('Header Too Long', `The header text can have at most ${TEMPLATE_LIMITS.headerText} characters.`);
    }
    const names = checkVariables(value, format, 'header');
    if (variablesOf(value).length > 1)
      refuse('Too Many Header Variables', 'A text header can have only one variable.');
    if (names.length === 0) return { type: 'HEADER', format: 'TEXT', text: value };
    if (format === 'NAMED') {
      return {
        type: 'HEADER',
        format: 'TEXT',
        text: value,
        example: {
          header_text_named_params: namedExamples(example?.header_text_named_params, names, 'header'),
        },
      };
    }
    const samples = example?.header_text;
    if (
      !Array.isArray(samples) ||
      samples.length !== 1 ||
      typeof samples[0] !== 'string' ||
      samples[0] === ''
    ) {
      missingSamples('header');
    }
    return { type: 'HEADER', format: 'TEXT', text: value, example: { header_text: [samples[0]] } };
  }
  if (headerFormat === 'IMAGE' || headerFormat === 'VIDEO' || headerFormat === 'DOCUMENT') {
    const handles = example?.header_handle;
    if (
      !Array.isArray(handles) ||
      handles.length === 0 ||
      handles.some((handle) => typeof handle !== 'string' || handle === '')
    ) {
      refuse(
        'Media Sample Required',
        `A ${headerFormat.toLowerCase()} header needs a sample: example.header_handle.`,
      );
    }
    return { type: 'HEADER', format: headerFormat, example: { header_handle: handles as string[] } };
  }
  if (headerFormat === 'LOCATION') return { type: 'HEADER', format: 'LOCATION' };
  return refuse('Invalid Header Format', `Header format ${headerFormat} is not supported.`);
}

function parseBody(item: Json, format: ParameterFormat): WireBody {
  const value = text(item.text, 'components[BODY].text');
  if (value.trim() === '') required('components[BODY].text');
  if (value.length > TEMPLATE_LIMITS.body) {
    refuse('Message Body Too Long', `The body can have at most ${TEMPLATE_LIMITS.body} characters.`);
  }
  const names = checkVariables(value, format, 'body');
  if (names.length === 0) return { type: 'BODY', text: value };
  const example = isObject(item.example) ? item.example : undefined;
  if (format === 'NAMED') {
    return {
      type: 'BODY',
      text: value,
      example: { body_text_named_params: namedExamples(example?.body_text_named_params, names, 'body') },
    };
  }
  const rows = example?.body_text;
  const row = Array.isArray(rows) && rows.length === 1 ? rows[0] : undefined;
  if (
    !Array.isArray(row) ||
    row.length !== names.length ||
    row.some((sample) => typeof sample !== 'string' || sample === '')
  ) {
    missingSamples('body');
  }
  return { type: 'BODY', text: value, example: { body_text: [row as string[]] } };
}

function parseFooter(item: Json): WireFooter {
  const value = text(item.text, 'components[FOOTER].text');
  if (value.length > TEMPLATE_LIMITS.footer) {
    refuse('Footer Too Long', `The footer can have at most ${TEMPLATE_LIMITS.footer} characters.`);
  }
  if (variablesOf(value).length > 0)
    refuse('Footer Variables Not Allowed', 'The footer cannot have variables.');
  return { type: 'FOOTER', text: value };
}

function parseButtons(item: Json): WireButtons {
  if (!Array.isArray(item.buttons) || item.buttons.length === 0) required('components[BUTTONS].buttons');
  if (item.buttons.length > TEMPLATE_LIMITS.buttons) {
    refuse('Too Many Buttons', `A template can have at most ${TEMPLATE_LIMITS.buttons} buttons.`);
  }
  const buttons = item.buttons.map(parseButton);
  const count = (type: WireButton['type']) => buttons.filter((button) => button.type === type).length;
  if (count('URL') > TEMPLATE_LIMITS.urlButtons) {
    refuse('Too Many Buttons', `A template can have at most ${TEMPLATE_LIMITS.urlButtons} URL buttons.`);
  }
  if (count('PHONE_NUMBER') > TEMPLATE_LIMITS.phoneButtons) {
    refuse(
      'Too Many Buttons',
      `A template can have at most ${TEMPLATE_LIMITS.phoneButtons} phone number button.`,
    );
  }
  const labels = buttons.map((button) => button.text);
  if (new Set(labels).size !== labels.length)
    refuse('Duplicate Button Text', 'Each button needs its own text.');
  const quickReplies = buttons.flatMap((button, index) => (button.type === 'QUICK_REPLY' ? [index] : []));
  const first = quickReplies[0];
  const last = quickReplies.at(-1);
  if (first !== undefined && last !== undefined && last - first + 1 !== quickReplies.length) {
    refuse(
      'Invalid Button Order',
      'Quick reply buttons must be grouped together, before or after the other buttons.',
    );
  }
  return { type: 'BUTTONS', buttons };
}

function parseButton(raw: unknown): WireButton {
  if (!isObject(raw)) required('buttons[].type');
  const type = upper(raw.type, 'buttons[].type');
  const label = text(raw.text, 'buttons[].text');
  if (label.length > TEMPLATE_LIMITS.buttonText) {
    refuse('Button Text Too Long', `Button text can have at most ${TEMPLATE_LIMITS.buttonText} characters.`);
  }
  if (type === 'QUICK_REPLY') return { type, text: label };
  if (type === 'PHONE_NUMBER') {
    const phone = text(raw.phone_number, 'buttons[].phone_number');
    if (phone.length > TEMPLATE_LIMITS.phoneNumber || !/^\+?\d{5,}$/.test(phone)) {
      refuse('Invalid Phone Number', `The button's phone number ${phone} is not valid.`);
    }
    return { type, text: label, phone_number: phone };
  }
  if (type === 'URL') {
    const url = text(raw.url, 'buttons[].url');
    const names = variablesOf(url);
    const base = url.replace(VARIABLE, 'x');
    if (url.length > TEMPLATE_LIMITS.url || !/^https?:\/\/[^/\s]+/.test(base) || !URL.canParse(base)) {
      refuse('Invalid URL', `The button's URL ${url} is not valid.`);
    }
    if (names.length === 0) return { type, text: label, url };
    if (names.length > 1 || names[0] !== '1' || !url.endsWith('{{1}}')) {
      refuse('Invalid URL Variable', 'A URL button can have one variable, {{1}}, at the end of the URL.');
    }
    const example = raw.example;
    if (
      !Array.isArray(example) ||
      example.length !== 1 ||
      typeof example[0] !== 'string' ||
      example[0] === ''
    ) {
      missingSamples('URL button');
    }
    return { type, text: label, url, example: [example[0]] };
  }
  return refuse('Invalid Button Type', `Button type ${type} is not supported.`);
}

/** Why Meta's review rejects a template (`rejection_info`, only for `INVALID_FORMAT`). */
export interface ReviewProblem {
  reason: 'INVALID_FORMAT';
  rejectionInfo: { reason: string; recommendation: string };
}

/**
 * What Meta's review rejects with `INVALID_FORMAT` that the create call let through: a body that
 * starts or ends with a variable, two variables with nothing but spaces between them, positional
 * variables not numbered 1, 2, 3 … in order of appearance (body and text header). `null`: approved.
 */
export function reviewProblem(definition: TemplateDefinition): ReviewProblem | null {
  const body = definition.components.find((component): component is WireBody => component.type === 'BODY');
  const header = definition.components.find(
    (component): component is WireHeader => component.type === 'HEADER',
  );
  const value = body?.text.trim() ?? '';
  if (/\{\{[^{}]*\}\}\s*\{\{/.test(value)) {
    return {
      reason: 'INVALID_FORMAT',
      rejectionInfo: {
        reason:
          'Your template has parameters placed next to each other (like {{1}}{{2}}) without text or punctuation between them.',
        recommendation:
          'Separate parameters with descriptive text and ensure each parameter is clearly contextualized.',
      },
    };
  }
  if (/^\{\{[^{}]*\}\}/.test(value) || /\{\{[^{}]*\}\}$/.test(value)) {
    return {
      reason: 'INVALID_FORMAT',
      rejectionInfo: {
        reason: 'Your template starts or ends with a parameter.',
        recommendation: 'Add text before the first parameter and after the last one.',
      },
    };
  }
  if (definition.parameterFormat === 'POSITIONAL') {
    const sequential = (names: string[]) => names.every((name, index) => name === String(index + 1));
    const headerNames = header?.format === 'TEXT' ? distinctVariables(header.text) : [];
    if (!sequential(distinctVariables(body?.text ?? '')) || !sequential(headerNames)) {
      return {
        reason: 'INVALID_FORMAT',
        rejectionInfo: {
          reason: 'Your template has parameters that are not numbered in sequence (like {{1}}, {{3}}).',
          recommendation: 'Number the parameters {{1}}, {{2}}, {{3}} … in the order in which they appear.',
        },
      };
    }
  }
  return null;
}
