/**
 * The template editor's form (templateEditorMachine): what the owner types, field by field, and
 * how it becomes the `TemplateDraft` that Meta's rules (`templateDraftProblems`), the preview
 * (`renderTemplate`) and `template_create` take. Every rule is the SDK's; this file only shapes
 * the form and places each problem beside its field.
 */
import {
  TEMPLATE_BUTTONS_MAX,
  TEMPLATE_PHONE_BUTTONS_MAX,
  TEMPLATE_URL_BUTTONS_MAX,
  nextTemplateVariable,
  templateDraftProblems,
  templateProblemMessage,
  templateVariableNames,
} from '@sapa/sdk';
import type {
  MessageKey,
  MessageParams,
  TemplateButton,
  TemplateCategory,
  TemplateDraft,
  TemplateHeaderFormat,
  TemplateLanguage,
  TemplateProblem,
} from '@sapa/sdk';
import { fieldErrorsOf } from './actError.ts';

export type TemplateButtonKind = TemplateButton['type'];
export type TemplateHeaderChoice = 'NONE' | TemplateHeaderFormat;

/** A button as the form holds it: every field of every kind, with an id for the list. */
export interface TemplateFormButton {
  id: number;
  type: TemplateButtonKind;
  text: string;
  url: string;
  example: string;
  phoneNumber: string;
}

export type TemplateButtonField = 'text' | 'url' | 'example' | 'phoneNumber';

export interface TemplateForm {
  name: string;
  language: TemplateLanguage;
  category: TemplateCategory;
  headerFormat: TemplateHeaderChoice;
  headerText: string;
  headerExample: string;
  headerExampleUrl: string;
  body: string;
  /** One per body variable; kept past the last variable while the body is edited. */
  bodyExamples: string[];
  footer: string;
  buttons: TemplateFormButton[];
}

/** The parts of the form, each touched as the owner edits it (its problems show from then on). */
export const templateFormAreas = [
  'name',
  'language',
  'category',
  'header',
  'body',
  'bodyExamples',
  'footer',
  'buttons',
] as const;
export type TemplateFormArea = (typeof templateFormAreas)[number];

export function emptyTemplateForm(language: TemplateLanguage): TemplateForm {
  return {
    name: '',
    language,
    category: 'MARKETING',
    headerFormat: 'NONE',
    headerText: '',
    headerExample: '',
    headerExampleUrl: '',
    body: '',
    bodyExamples: [],
    footer: '',
    buttons: [],
  };
}

function orNull(value: string): string | null {
  return value.trim() === '' ? null : value;
}

/** The body's variables (`['1', '2']`): one example each. */
export function bodyVariables(form: TemplateForm): string[] {
  return templateVariableNames(form.body);
}

function hasVariable(text: string): boolean {
  return templateVariableNames(text).length > 0;
}

/** The draft the form stands for: empty parts left out, examples only where a variable wants one. */
export function templateDraftOf(form: TemplateForm): TemplateDraft {
  const header: TemplateDraft['header'] =
    form.headerFormat === 'NONE'
      ? null
      : form.headerFormat === 'TEXT'
        ? {
            format: 'TEXT',
            text: form.headerText,
            example: hasVariable(form.headerText) ? form.headerExample : null,
          }
        : { format: form.headerFormat, exampleUrl: orNull(form.headerExampleUrl.trim()) };
  return {
    name: form.name.trim(),
    language: form.language,
    category: form.category,
    header,
    body: form.body,
    bodyExamples: bodyVariables(form).map((_, index) => form.bodyExamples[index] ?? ''),
    footer: orNull(form.footer),
    buttons: form.buttons.map((button): TemplateButton => {
      switch (button.type) {
        case 'QUICK_REPLY':
          return { type: 'QUICK_REPLY', text: button.text };
        case 'URL':
          return {
            type: 'URL',
            text: button.text,
            url: button.url.trim(),
            example: hasVariable(button.url) ? button.example.trim() : null,
          };
        case 'PHONE_NUMBER':
          return { type: 'PHONE_NUMBER', text: button.text, phoneNumber: button.phoneNumber.trim() };
      }
    }),
  };
}

/** Where a problem shows: its path as dotted text (`body`, `bodyExamples.0`, `buttons.1.url`). */
export function problemKey(path: readonly (string | number)[]): string {
  return path.map(String).join('.');
}

/** The part of the form a field path belongs to. */
export function areaOf(key: string): TemplateFormArea | null {
  const head = key.split('.')[0] ?? '';
  return (templateFormAreas as readonly string[]).includes(head) ? (head as TemplateFormArea) : null;
}

/** Every rule of Meta's the form breaks now. */
export function templateFormProblems(form: TemplateForm): TemplateProblem[] {
  return templateDraftProblems(templateDraftOf(form));
}

/** A problem beside its field: a catalogue text (the SDK's rule) or the server's message. */
export type TemplateFieldProblem = { key: MessageKey; params: MessageParams } | { message: string };

/**
 * The problems to show beside the fields: the rules broken in the parts already touched (the
 * first one per field), and what the server refused, until that part is edited again.
 */
export function visibleProblems(
  problems: readonly TemplateProblem[],
  touched: readonly TemplateFormArea[],
  serverErrors: Readonly<Record<string, string>>,
): Record<string, TemplateFieldProblem> {
  const out: Record<string, TemplateFieldProblem> = {};
  for (const [key, message] of Object.entries(serverErrors)) out[key] = { message };
  for (const problem of problems) {
    const key = problemKey(problem.path);
    const area = areaOf(key);
    if (key in out || area === null || !touched.includes(area)) continue;
    out[key] = templateProblemMessage(problem);
  }
  return out;
}

/**
 * The server's field errors of a refused `template_create`, keyed as the problems are
 * (`template.buttons.0.url` -> `buttons.0.url`; a duplicate name may come as `name`). What is
 * not a part of the form (the account, the project) is left to the form's error.
 */
export function templateServerErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
    const key = field.startsWith('template.') ? field.slice('template.'.length) : field;
    if (areaOf(key) !== null) out[key] = message;
  }
  return out;
}

/** Drops the server's errors of one part of the form (it was edited). */
export function withoutServerErrors(
  errors: Readonly<Record<string, string>>,
  area: TemplateFormArea,
): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => areaOf(key) !== area));
}

/**
 * `body` with the next variable (`{{n}}`, one more than the highest) inserted at `at` (the
 * caret; the end when absent), and where the caret goes after it.
 */
export function insertBodyVariable(body: string, at?: number): { body: string; caret: number } {
  const position = at === undefined || at < 0 || at > body.length ? body.length : at;
  const variable = `{{${nextTemplateVariable(body)}}}`;
  const before = body.slice(0, position);
  // A variable glued to a word reads as one: keep a space on the left.
  const spaced = before === '' || /\s$/.test(before) ? variable : ` ${variable}`;
  return { body: before + spaced + body.slice(position), caret: position + spaced.length };
}

/** How many more buttons of `kind` Meta takes (in all, links, phone numbers). */
export function mayAddButton(buttons: readonly TemplateFormButton[], kind: TemplateButtonKind): boolean {
  if (buttons.length >= TEMPLATE_BUTTONS_MAX) return false;
  const count = buttons.filter((button) => button.type === kind).length;
  if (kind === 'URL') return count < TEMPLATE_URL_BUTTONS_MAX;
  if (kind === 'PHONE_NUMBER') return count < TEMPLATE_PHONE_BUTTONS_MAX;
  return true;
}

/**
 * `buttons` with a new empty one of `kind`. Meta wants quick replies together (all before or all
 * after the others): a quick reply joins the group, any other button goes on the group's other side.
 */
export function withButton(
  buttons: readonly TemplateFormButton[],
  kind: TemplateButtonKind,
  id: number,
): TemplateFormButton[] {
  const button: TemplateFormButton = { id, type: kind, text: '', url: '', example: '', phoneNumber: '' };
  const firstQuickReply = buttons.findIndex((item) => item.type === 'QUICK_REPLY');
  const lastQuickReply = buttons.findLastIndex((item) => item.type === 'QUICK_REPLY');
  if (firstQuickReply === -1) return [...buttons, button];
  // A quick reply right after the group; another button after a group that leads, before one that does not.
  const at =
    kind === 'QUICK_REPLY' ? lastQuickReply + 1 : firstQuickReply === 0 ? buttons.length : firstQuickReply;
  return [...buttons.slice(0, at), button, ...buttons.slice(at)];
}
