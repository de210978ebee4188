import { graphErrors } from './graphErrors.ts';
import type { GraphErrorAnswer } from './graphErrors.ts';
import type { SimulatedTemplate, TemplateStore } from './TemplateStore.ts';
import { TEMPLATE_LIMITS, distinctVariables } from './templateWire.ts';
import type { WireBody, WireButtons, WireHeader } from './templateWire.ts';

/** The `template` object of a send body (send-request-template*.json). */
export interface TemplateSendPart {
  name: string;
  language: { code: string };
  components?: unknown;
}

interface Parameter {
  type: string;
  text?: unknown;
  parameter_name?: unknown;
  [key: string]: unknown;
}

interface GivenButton {
  subType: string;
  parameters: Parameter[];
}

interface Given {
  header: Parameter[] | undefined;
  body: Parameter[] | undefined;
  buttons: Map<number, GivenButton>;
}

class SendRefusal extends Error {
  constructor(readonly answer: GraphErrorAnswer) {
    super(answer.body.error.message);
  }
}

function fail(answer: GraphErrorAnswer): never {
  throw new SendRefusal(answer);
}

/**
 * Checks a template send against the WABA's template as Meta does, synchronously: the name must
 * exist in that language and be `APPROVED` (else 132001; paused 132015, disabled 132016), each
 * component must carry as many parameters as the template has variables (132000), of the right
 * kind (132012: a media header's file, text for the body, named or positional as created), with
 * text Meta accepts (131008 empty, 100 newline/tab/5 spaces, 132005 body too long).
 */
export function checkTemplateSend(
  store: TemplateStore,
  wabaId: string,
  sent: TemplateSendPart,
): { ok: true; template: SimulatedTemplate } | { ok: false; error: GraphErrorAnswer } {
  const template = store.find(wabaId, sent.name, sent.language.code);
  if (template === undefined)
    return { ok: false, error: graphErrors.templateMissing(sent.name, sent.language.code) };
  if (template.status === 'PAUSED') return { ok: false, error: graphErrors.templatePaused() };
  if (template.status === 'DISABLED') return { ok: false, error: graphErrors.templateDisabled() };
  if (template.status !== 'APPROVED') {
    return { ok: false, error: graphErrors.templateMissing(sent.name, sent.language.code) };
  }
  try {
    const given = parseComponents(sent.components);
    checkHeader(template, given.header);
    checkBody(template, given.body);
    checkButtons(template, given.buttons);
    return { ok: true, template };
  } catch (error) {
    if (error instanceof SendRefusal) return { ok: false, error: error.answer };
    throw error;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseParameters(raw: unknown, where: string): Parameter[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) fail(graphErrors.invalidParameter(`${where}: parameters must be an array`));
  return raw.map((parameter, index) => {
    if (!isObject(parameter) || typeof parameter.type !== 'string') {
      return fail(graphErrors.invalidParameter(`${where}: parameters[${index}].type is required`));
    }
    return parameter as Parameter;
  });
}

function parseComponents(raw: unknown): Given {
  const given: Given = { header: undefined, body: undefined, buttons: new Map() };
  if (raw === undefined) return given;
  if (!Array.isArray(raw)) fail(graphErrors.invalidParameter('template.components must be an array'));
  for (const [index, component] of raw.entries()) {
    if (!isObject(component) || typeof component.type !== 'string') {
      fail(graphErrors.invalidParameter(`template.components[${index}].type is required`));
    }
    const type = component.type.toLowerCase();
    if (type === 'header' || type === 'body') {
      if (given[type] !== undefined)
        fail(graphErrors.invalidParameter(`template.components: more than one ${type}`));
      given[type] = parseParameters(component.parameters, type);
    } else if (type === 'button') {
      const position = Number(component.index);
      const subType = typeof component.sub_type === 'string' ? component.sub_type.toLowerCase() : '';
      if (
        !Number.isInteger(position) ||
        position < 0 ||
        position >= TEMPLATE_LIMITS.buttons ||
        subType === ''
      ) {
        fail(
          graphErrors.invalidParameter(
            `template.components[${index}]: a button needs sub_type and index (0-9)`,
          ),
        );
      }
      if (given.buttons.has(position)) {
        fail(graphErrors.invalidParameter(`template.components: more than one button at index ${position}`));
      }
      given.buttons.set(position, { subType, parameters: parseParameters(component.parameters, 'button') });
    } else {
      fail(
        graphErrors.invalidParameter(`template.components[${index}].type ${component.type} is not supported`),
      );
    }
  }
  return given;
}

/** A text parameter's value, checked as Meta checks it. */
function textOf(parameter: Parameter, where: string): string {
  const value = parameter.text;
  if (typeof value !== 'string' || value === '') {
    fail(graphErrors.parameterMissing(`${where}: Parameter of type text is missing text value`));
  }
  if (/[\n\t]/.test(value) || / {5,}/.test(value)) fail(graphErrors.parameterText());
  return value;
}

function received(parameter: Parameter | undefined): string {
  return parameter === undefined ? 'UNKNOWN' : parameter.type.toUpperCase();
}

function checkHeader(template: SimulatedTemplate, given: Parameter[] | undefined): void {
  const header = template.components.find(
    (component): component is WireHeader => component.type === 'HEADER',
  );
  const parameters = given ?? [];
  if (header === undefined || (header.format === 'TEXT' && distinctVariables(header.text).length === 0)) {
    if (parameters.length > 0) fail(graphErrors.templateParamCount('header', parameters.length, 0));
    return;
  }
  if (header.format === 'TEXT') {
    if (parameters.length !== 1) fail(graphErrors.templateParamCount('header', parameters.length, 1));
    const [parameter] = parameters as [Parameter];
    if (parameter.type !== 'text') {
      fail(
        graphErrors.templateFormat(`header: Format mismatch, expected TEXT, received ${received(parameter)}`),
      );
    }
    checkName(template, parameter, 'header');
    textOf(parameter, 'header');
    return;
  }
  if (parameters.length > 1) fail(graphErrors.templateParamCount('header', parameters.length, 1));
  const [parameter] = parameters;
  if (received(parameter) !== header.format) {
    fail(
      graphErrors.templateFormat(
        `header: Format mismatch, expected ${header.format}, received ${received(parameter)}`,
      ),
    );
  }
  if (header.format === 'LOCATION') return;
  const media = parameter?.[header.format.toLowerCase()];
  const source = isObject(media) ? media : {};
  const id = typeof source.id === 'string' && source.id !== '';
  const link = typeof source.link === 'string' && URL.canParse(source.link);
  if (!id && !link) {
    fail(graphErrors.parameterMissing(`header: ${header.format.toLowerCase()} needs an id or a link`));
  }
}

/** Named templates take `parameter_name` on every text parameter; positional ones none. */
function checkName(template: SimulatedTemplate, parameter: Parameter, where: string): void {
  const named = template.parameterFormat === 'NAMED';
  const name = parameter.parameter_name;
  if (named && (typeof name !== 'string' || name === '')) {
    fail(
      graphErrors.templateFormat(`${where}: the template has named parameters; parameter_name is required`),
    );
  }
  if (!named && name !== undefined) {
    fail(
      graphErrors.templateFormat(
        `${where}: the template has positional parameters; parameter_name is not expected`,
      ),
    );
  }
}

function checkBody(template: SimulatedTemplate, given: Parameter[] | undefined): void {
  const body = template.components.find((component): component is WireBody => component.type === 'BODY');
  const names = distinctVariables(body?.text ?? '');
  const parameters = given ?? [];
  if (parameters.length !== names.length) {
    fail(graphErrors.templateParamCount('body', parameters.length, names.length));
  }
  const values = new Map<string, string>();
  parameters.forEach((parameter, index) => {
    if (!['text', 'currency', 'date_time'].includes(parameter.type)) {
      fail(
        graphErrors.templateFormat(`body: Format mismatch, expected TEXT, received ${received(parameter)}`),
      );
    }
    checkName(template, parameter, 'body');
    const value = parameter.type === 'text' ? textOf(parameter, 'body') : fallbackText(parameter);
    const name = template.parameterFormat === 'NAMED' ? String(parameter.parameter_name) : String(index + 1);
    if (template.parameterFormat === 'NAMED' && !names.includes(name)) {
      fail(graphErrors.templateFormat(`body: parameter_name (${name}) is not a parameter of the template`));
    }
    values.set(name, value);
  });
  if (template.parameterFormat === 'NAMED' && values.size !== names.length) {
    fail(graphErrors.templateFormat('body: every named parameter must be given once'));
  }
  const rendered = (body?.text ?? '').replace(
    /\{\{([^{}]*)\}\}/g,
    (_, name: string) => values.get(name) ?? '',
  );
  if (rendered.length > TEMPLATE_LIMITS.body) fail(graphErrors.templateTooLong('body'));
}

/** Currency and date-time parameters carry a `fallback_value`. */
function fallbackText(parameter: Parameter): string {
  const inner = parameter[parameter.type];
  const fallback = isObject(inner) ? inner.fallback_value : undefined;
  if (typeof fallback !== 'string' || fallback === '') {
    fail(graphErrors.parameterMissing(`body: Parameter of type ${parameter.type} is missing fallback_value`));
  }
  return fallback;
}

function checkButtons(template: SimulatedTemplate, given: Map<number, GivenButton>): void {
  const buttons =
    template.components.find((component): component is WireButtons => component.type === 'BUTTONS')
      ?.buttons ?? [];
  for (const [index, button] of given) {
    const where = `button at index ${index}`;
    const defined = buttons[index];
    const expected = defined?.type ?? 'UNKNOWN';
    if (button.subType === 'url') {
      const variables = defined?.type === 'URL' ? distinctVariables(defined.url).length : 0;
      if (button.parameters.length !== variables) {
        fail(graphErrors.templateParamCount(where, button.parameters.length, variables));
      }
      if (variables > 0) {
        const [parameter] = button.parameters as [Parameter];
        if (parameter.type !== 'text') {
          fail(
            graphErrors.templateFormat(
              `${where}: Format mismatch, expected TEXT, received ${received(parameter)}`,
            ),
          );
        }
        textOf(parameter, where);
      }
    } else if (button.subType === 'quick_reply') {
      if (expected !== 'QUICK_REPLY') {
        fail(
          graphErrors.templateFormat(`${where}: Format mismatch, expected ${expected}, received QUICK_REPLY`),
        );
      }
      if (button.parameters.some((parameter) => parameter.type !== 'payload')) {
        fail(graphErrors.templateFormat(`${where}: a quick reply takes a payload parameter`));
      }
    } else {
      fail(
        graphErrors.templateFormat(
          `${where}: Format mismatch, expected ${expected}, received ${button.subType.toUpperCase()}`,
        ),
      );
    }
  }
  buttons.forEach((button, index) => {
    if (button.type !== 'URL' || distinctVariables(button.url).length === 0 || given.has(index)) return;
    fail(graphErrors.templateParamCount(`button at index ${index}`, 0, 1));
  });
}
