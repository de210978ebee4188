/**
 * Whether a broadcast's values fill its template as Meta accepts, whoever receives them: the
 * composer's checks and the server's (issue 17). Each body variable, the header's variable and
 * the link button's suffix has a value (`templateValueProblems`, run on what the values would
 * give: a name, phone or field stands for a short word); a fixed text and a fallback are valid
 * parameters; a custom field names its field and has a fallback for customers without it; and a
 * link's suffix never comes from a name (names hold spaces).
 */
import type { BroadcastValue, BroadcastValues, BroadcastValueSource } from '../contract/broadcastTypes.ts';
import { broadcastValueSources } from '../contract/broadcastTypes.ts';
import type { TemplateValues } from '../contract/templateTypes.ts';
import type { MessageKey, MessageParams } from '../i18n/translate.ts';
import { templateProblemMessage } from '../templates/rules.ts';
import type { TemplateProblem } from '../templates/rules.ts';
import { templateValueProblems } from '../templates/values.ts';
import type { TemplateContent } from '../templates/values.ts';

/** A slot a broadcast fills: a body variable, the header's variable, the link button's suffix. */
export type BroadcastSlot = 'body' | 'header' | 'buttonUrl';

/**
 * A problem of the values: where under `values` (`['body', 1]`: the slot; `['body', 1, 'value']`:
 * its fixed text or field; `['header', 'fallback']`; `['buttonUrl', 'source']`), and its text's
 * catalogue key and parameters.
 */
export interface BroadcastValueProblem {
  path: (string | number)[];
  key: MessageKey;
  params: MessageParams;
}

/** Where a slot's value may come from: any source, but a link's suffix not from a name. */
export function broadcastValueSourcesFor(slot: BroadcastSlot): readonly BroadcastValueSource[] {
  return slot === 'buttonUrl'
    ? broadcastValueSources.filter((source) => source !== 'name')
    : broadcastValueSources;
}

/** What a name, phone or field stands for while checking the template's slots: one short word. */
const SAMPLE = 'x';

/** The value at a problem's path (`['body', 1]`, `['header']`, `['buttonUrl']`), if given. */
function valueAt(values: BroadcastValues, path: readonly (string | number)[]): BroadcastValue | undefined {
  if (path[0] === 'body' && typeof path[1] === 'number') return values.body[path[1]];
  if (path[0] === 'header') return values.header;
  if (path[0] === 'buttonUrl') return values.buttonUrl;
  return undefined;
}

/** What `values` would send with each name, phone or field read as `other(value)`. */
function sampleOf(values: BroadcastValues, other: (value: BroadcastValue) => string): TemplateValues {
  const text = (value: BroadcastValue) => (value.source === 'fixed' ? value.value : other(value));
  return {
    body: values.body.map(text),
    ...(values.header === undefined ? {} : { header: text(values.header) }),
    ...(values.headerMediaId === undefined ? {} : { headerMediaId: values.headerMediaId }),
    ...(values.buttonUrl === undefined ? {} : { buttonUrl: text(values.buttonUrl) }),
  };
}

function problemAt(path: (string | number)[], problem: TemplateProblem): BroadcastValueProblem {
  const text = templateProblemMessage(problem);
  return { path, key: text.key, params: text.params };
}

/** A name, field or phone value's own fields: the field it names, its fallback, a link's source. */
function ownProblems(value: BroadcastValue, path: (string | number)[]): BroadcastValueProblem[] {
  const problems: BroadcastValueProblem[] = [];
  if (path[0] === 'buttonUrl' && value.source === 'name') {
    problems.push({ path: [...path, 'source'], key: 'field.broadcast_url_name', params: {} });
  }
  if (value.source === 'field' && value.value.trim() === '') {
    problems.push({ path: [...path, 'value'], key: 'field.broadcast_field_required', params: {} });
  }
  if (value.source === 'field' && value.fallback.trim() === '') {
    problems.push({ path: [...path, 'fallback'], key: 'field.broadcast_fallback_required', params: {} });
  }
  return problems;
}

/**
 * Whether `values` fill `template` as Meta accepts, whoever receives them (`[]` when they do),
 * each problem at its path under `values`: the slot's (`['body', 2]`: missing or one too many),
 * a fixed text's (`['body', 0, 'value']`), a fallback's (`['header', 'fallback']`) or a source's.
 */
export function broadcastValueProblems(
  template: TemplateContent,
  values: BroadcastValues,
): BroadcastValueProblem[] {
  const problems: BroadcastValueProblem[] = [];
  const refused = new Set<string>();
  // The slots, and the fixed texts: names, phones and fields stand for a word that fits.
  for (const problem of templateValueProblems(
    template,
    sampleOf(values, () => SAMPLE),
  )) {
    const value = valueAt(values, problem.path);
    const own = value?.source === 'fixed' && problem.code !== 'value_extra';
    if (!own) refused.add(problem.path.join('.'));
    problems.push(problemAt(own ? [...problem.path, 'value'] : problem.path, problem));
  }
  // The fallbacks, where a name, phone or field has one: sent as written when that is empty.
  for (const problem of templateValueProblems(
    template,
    sampleOf(values, (value) => (value.fallback === '' ? SAMPLE : value.fallback)),
  )) {
    const value = valueAt(values, problem.path);
    if (value === undefined || value.source === 'fixed' || value.fallback === '') continue;
    if (refused.has(problem.path.join('.'))) continue;
    problems.push(problemAt([...problem.path, 'fallback'], problem));
  }
  const slots: [BroadcastValue | undefined, (string | number)[]][] = [
    ...values.body.map((value, index): [BroadcastValue, (string | number)[]] => [value, ['body', index]]),
    [values.header, ['header']],
    [values.buttonUrl, ['buttonUrl']],
  ];
  for (const [value, path] of slots) {
    // A value the template has no slot for is refused as a whole already.
    if (value === undefined || value.source === 'fixed' || refused.has(path.join('.'))) continue;
    problems.push(...ownProblems(value, path));
  }
  return problems;
}
