/**
 * The variables of a template's text. Sapa writes positional variables, `{{1}}`, `{{2}}` …,
 * numbered from 1 in order of first appearance. Templates made elsewhere (WhatsApp Manager, another
 * tool) may use named ones, `{{first_name}}`: Sapa keeps their text as Meta has it, and each
 * distinct name is one slot, in order of first appearance, exactly like a number. Sends then name
 * their parameters (`parameter_name`), as Meta requires for such templates.
 */

/** A well-formed variable: `{{12}}` or `{{first_name}}` (Meta: lowercase letters, digits, underscores). */
const VARIABLE = /\{\{(\d+|[a-z][a-z0-9_]*)\}\}/g;

export interface TemplateToken {
  /** As written between the braces: `'1'`, `'first_name'`. */
  name: string;
  /** Where `{{` starts and where `}}` ends (exclusive). */
  start: number;
  end: number;
}

/** Every well-formed variable of `text`, in order, repeats included. */
export function templateTokens(text: string): TemplateToken[] {
  return [...text.matchAll(VARIABLE)].map((match) => ({
    name: match[1] ?? '',
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/**
 * The numbers of the positional variables of `text`, in order of appearance, repeats included
 * (`'Hi {{1}}, {{2}} and {{1}}'` → `[1, 2, 1]`). Named variables are not numbers and are left out.
 */
export function templateVariables(text: string): number[] {
  return templateTokens(text)
    .filter((token) => /^\d+$/.test(token.name))
    .map((token) => Number(token.name));
}

/**
 * The distinct variables of `text` in order of first appearance, as written (`['1', '2']` or
 * `['first_name', 'end_date']`): the slots a send fills, in that order.
 */
export function templateVariableNames(text: string): string[] {
  return [...new Set(templateTokens(text).map((token) => token.name))];
}

/** True when `text` is a named variable's name (not a number). */
export function isNamedVariable(name: string): boolean {
  return !/^\d+$/.test(name);
}

/**
 * `text` with each variable replaced by `valueOf(name, slot)` (`slot`: its index among the distinct
 * names); `undefined` keeps the variable as written (`{{2}}`).
 */
export function replaceTemplateVariables(
  text: string,
  valueOf: (name: string, slot: number) => string | undefined,
): string {
  const names = templateVariableNames(text);
  return text.replace(VARIABLE, (match, name: string) => valueOf(name, names.indexOf(name)) ?? match);
}

/**
 * The next number the editor's "add variable" inserts: one more than the highest positional
 * variable of `text` (1 when it has none).
 */
export function nextTemplateVariable(text: string): number {
  return Math.max(0, ...templateVariables(text)) + 1;
}
