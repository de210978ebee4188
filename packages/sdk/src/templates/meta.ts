/**
 * Templates as Meta's Graph API writes them: the body of a template send's `components`, the
 * body of `POST /{waba}/message_templates`, a template of `GET /{waba}/message_templates` read
 * back into Sapa's shape, and Meta's template error codes as the thread explains them.
 */
import { templateCategories, templateStatuses } from '../contract/templateTypes.ts';
import type {
  MessageTemplate,
  TemplateButton,
  TemplateCategory,
  TemplateDraft,
  TemplateHeader,
  TemplateStatus,
  TemplateValues,
} from '../contract/templateTypes.ts';
import type { MessageKey } from '../i18n/translate.ts';
import { normalizePhone } from '../validation/phone.ts';
import { isWebUrl } from './rules.ts';
import type { TemplateContent } from './values.ts';
import { templateValueSlots } from './values.ts';
import { isNamedVariable, templateTokens, templateVariableNames } from './variables.ts';

// ---------------------------------------------------------------------------------------------
// Sending

/** A text parameter of a send; `parameter_name` only for a template with named variables. */
export interface MetaTextParameter {
  type: 'text';
  text: string;
  parameter_name?: string;
}

/** A media header's file: Meta's media id (uploaded to the number) or a public https link. */
export type MetaMediaObject = ({ id: string } | { link: string }) & { filename?: string };

export type MetaSendParameter =
  | MetaTextParameter
  | { type: 'image'; image: MetaMediaObject }
  | { type: 'video'; video: MetaMediaObject }
  | { type: 'document'; document: MetaMediaObject };

export type MetaSendComponent =
  | { type: 'header'; parameters: MetaSendParameter[] }
  | { type: 'body'; parameters: MetaTextParameter[] }
  | { type: 'button'; sub_type: 'url'; index: string; parameters: MetaTextParameter[] };

function textParameter(name: string, text: string): MetaTextParameter {
  return isNamedVariable(name) ? { type: 'text', parameter_name: name, text } : { type: 'text', text };
}

/**
 * The `template.components` of a send (`POST /{phone-number-id}/messages`, `type: 'template'`) of
 * `template` with `values` (placeholders already filled, see `fillTemplatePlaceholders`): the
 * header's parameter (its text variable, or the media file `media`, by id or link; a document's
 * `filename` shows as its name), the body's parameters in slot order, and the link button's
 * suffix (`sub_type: 'url'`, `index` its position among the buttons, as a string). Parameters are
 * positional; a template with named variables (made outside Sapa) names each (`parameter_name`).
 * Components without variables are left out; a template without any gives `[]` (then leave
 * `components` out). A media header without `media` is left out too: Meta then answers 132012.
 */
export function templateSendComponents(
  template: TemplateContent,
  values: TemplateValues,
  media?: MetaMediaObject,
): MetaSendComponent[] {
  const slots = templateValueSlots(template);
  const components: MetaSendComponent[] = [];
  if (slots.header !== null) {
    components.push({ type: 'header', parameters: [textParameter(slots.header, values.header ?? '')] });
  } else if (slots.headerMedia !== null && media !== undefined) {
    const parameter: MetaSendParameter =
      slots.headerMedia === 'IMAGE'
        ? { type: 'image', image: media }
        : slots.headerMedia === 'VIDEO'
          ? { type: 'video', video: media }
          : { type: 'document', document: media };
    components.push({ type: 'header', parameters: [parameter] });
  }
  if (slots.body.length > 0) {
    components.push({
      type: 'body',
      parameters: slots.body.map((name, index) => textParameter(name, values.body[index] ?? '')),
    });
  }
  if (slots.buttonUrl !== null) {
    components.push({
      type: 'button',
      sub_type: 'url',
      index: String(slots.buttonUrl.index),
      parameters: [{ type: 'text', text: values.buttonUrl ?? '' }],
    });
  }
  return components;
}

// ---------------------------------------------------------------------------------------------
// Creating

export type MetaCreateComponent =
  | { type: 'HEADER'; format: 'TEXT'; text: string; example?: { header_text: string[] } }
  | { type: 'HEADER'; format: 'IMAGE' | 'VIDEO' | 'DOCUMENT'; example?: { header_handle: string[] } }
  | { type: 'BODY'; text: string; example?: { body_text: string[][] } }
  | { type: 'FOOTER'; text: string }
  | { type: 'BUTTONS'; buttons: MetaCreateButton[] };

export type MetaCreateButton =
  | { type: 'QUICK_REPLY'; text: string }
  | { type: 'URL'; text: string; url: string; example?: string[] }
  | { type: 'PHONE_NUMBER'; text: string; phone_number: string };

/** The body of `POST /{waba}/message_templates`. */
export interface MetaTemplateCreateBody {
  name: string;
  language: string;
  category: TemplateCategory;
  parameter_format: 'POSITIONAL';
  components: MetaCreateComponent[];
}

function createHeader(header: TemplateHeader): MetaCreateComponent {
  if (header.format !== 'TEXT') {
    return header.exampleUrl === null || header.exampleUrl === ''
      ? { type: 'HEADER', format: header.format }
      : { type: 'HEADER', format: header.format, example: { header_handle: [header.exampleUrl] } };
  }
  return templateTokens(header.text).length > 0 && header.example !== null
    ? { type: 'HEADER', format: 'TEXT', text: header.text, example: { header_text: [header.example] } }
    : { type: 'HEADER', format: 'TEXT', text: header.text };
}

function createButton(button: TemplateButton): MetaCreateButton {
  if (button.type === 'QUICK_REPLY') return { type: 'QUICK_REPLY', text: button.text };
  if (button.type === 'PHONE_NUMBER') {
    return {
      type: 'PHONE_NUMBER',
      text: button.text,
      phone_number: normalizePhone(button.phoneNumber) ?? button.phoneNumber,
    };
  }
  return templateTokens(button.url).length > 0 && button.example !== null
    ? { type: 'URL', text: button.text, url: button.url, example: [button.example] }
    : { type: 'URL', text: button.text, url: button.url };
}

/**
 * The body of `POST /{waba}/message_templates` for `draft` (checked first with
 * `templateDraftProblems`): positional variables; the examples Meta reviews (`header_text`,
 * `body_text: [[…]]` with one example per body variable, the link button's full example link);
 * a media header's sample is its `exampleUrl` as `header_handle` (Meta's own API wants a handle
 * from its resumable upload there; Sapa passes the public link, which the simulator accepts).
 * An empty footer and an empty button list are left out.
 */
export function templateCreateBody(draft: TemplateDraft): MetaTemplateCreateBody {
  const components: MetaCreateComponent[] = [];
  if (draft.header !== null) components.push(createHeader(draft.header));
  const count = templateVariableNames(draft.body).length;
  components.push(
    count > 0
      ? { type: 'BODY', text: draft.body, example: { body_text: [draft.bodyExamples.slice(0, count)] } }
      : { type: 'BODY', text: draft.body },
  );
  if (draft.footer !== null && draft.footer.trim() !== '')
    components.push({ type: 'FOOTER', text: draft.footer });
  if (draft.buttons.length > 0)
    components.push({ type: 'BUTTONS', buttons: draft.buttons.map(createButton) });
  return {
    name: draft.name,
    language: draft.language,
    category: draft.category,
    parameter_format: 'POSITIONAL',
    components,
  };
}

// ---------------------------------------------------------------------------------------------
// Reading back

/** A template of `GET /{waba}/message_templates` (`data[]`), as far as Sapa reads it; unknown parts are ignored. */
export interface MetaTemplate {
  id?: string | number;
  name?: string;
  language?: string;
  status?: string;
  category?: string;
  parameter_format?: string;
  rejected_reason?: string | null;
  components?: readonly MetaTemplateComponent[];
}

export interface MetaTemplateComponent {
  type?: string;
  format?: string;
  text?: string;
  example?: {
    header_text?: readonly string[];
    header_text_named_params?: readonly { param_name?: string; example?: string }[];
    header_handle?: readonly string[];
    body_text?: readonly (readonly string[])[];
    body_text_named_params?: readonly { param_name?: string; example?: string }[];
  };
  buttons?: readonly {
    type?: string;
    text?: string;
    url?: string;
    phone_number?: string;
    example?: readonly string[] | string;
  }[];
}

/** A Meta template in Sapa's terms (what the server stores for it). */
export interface TemplateFromMeta {
  metaId: string;
  name: string;
  language: string;
  category: TemplateCategory;
  status: TemplateStatus;
  /** Why it is not approved (Meta's `rejected_reason`, or the raw status Sapa has no name for); `null` for `NONE`. */
  reason: string | null;
  content: TemplateContent;
  /**
   * The parts Sapa cannot show or fill, left out of `content` (`'header:LOCATION'`,
   * `'button:COPY_CODE'`, `'component:CAROUSEL'`): such a template should not be offered for
   * sending, since its send would lack their parameters (and a left-out button shifts the index
   * of the link button's parameter). Empty for templates Sapa can make.
   */
  unsupported: string[];
}

/** Meta's status in Sapa's terms: a known one as it is (any letter case), anything else `null`. */
export function templateStatusOf(raw: string | null | undefined): TemplateStatus | null {
  const status = (raw ?? '').toUpperCase();
  return (templateStatuses as readonly string[]).includes(status) ? (status as TemplateStatus) : null;
}

/** Meta's category in Sapa's terms (any letter case), or `null` for one Sapa does not know. */
export function templateCategoryOf(raw: string | null | undefined): TemplateCategory | null {
  const category = (raw ?? '').toUpperCase();
  return (templateCategories as readonly string[]).includes(category) ? (category as TemplateCategory) : null;
}

/** Named examples in the order of the text's variables. */
function namedExamples(
  text: string,
  params: readonly { param_name?: string; example?: string }[] | undefined,
): string[] {
  return templateVariableNames(text).map(
    (name) => params?.find((param) => param.param_name === name)?.example ?? '',
  );
}

function readHeader(component: MetaTemplateComponent, unsupported: string[]): TemplateHeader | null {
  const format = (component.format ?? '').toUpperCase();
  if (format === 'TEXT') {
    const text = component.text ?? '';
    const example =
      component.example?.header_text?.[0] ??
      namedExamples(text, component.example?.header_text_named_params)[0];
    return { format: 'TEXT', text, example: example === undefined || example === '' ? null : example };
  }
  if (format === 'IMAGE' || format === 'VIDEO' || format === 'DOCUMENT') {
    const handle = component.example?.header_handle?.[0];
    return { format, exampleUrl: handle !== undefined && isWebUrl(handle) ? handle : null };
  }
  unsupported.push(`header:${format}`);
  return null;
}

function readButtons(component: MetaTemplateComponent, unsupported: string[]): TemplateButton[] {
  return (component.buttons ?? []).flatMap((button): TemplateButton[] => {
    const type = (button.type ?? '').toUpperCase();
    const text = button.text ?? '';
    if (type === 'QUICK_REPLY') return [{ type, text }];
    if (type === 'PHONE_NUMBER') {
      const phone = button.phone_number ?? '';
      return [{ type, text, phoneNumber: normalizePhone(phone) ?? phone }];
    }
    if (type === 'URL') {
      const url = button.url ?? '';
      const raw = Array.isArray(button.example) ? button.example[0] : button.example;
      // Meta's docs show both the full link and only the suffix: keep the full link.
      const example =
        raw === undefined || raw === ''
          ? null
          : isWebUrl(raw) || templateTokens(url).length === 0
            ? raw
            : url.replace(/\{\{[^{}]*\}\}$/, raw);
      return [{ type, text, url, example }];
    }
    unsupported.push(`button:${type}`);
    return [];
  });
}

/**
 * A template of `GET /{waba}/message_templates` in Sapa's terms. Component types and formats are
 * read in any letter case; a status Sapa has no name for (`ARCHIVED`, `LOCKED` …) is `DISABLED`
 * with the raw status as its reason; an unknown category is `MARKETING` (billed highest);
 * `rejected_reason` `NONE` is no reason. Named variables (`{{first_name}}`) are kept as written:
 * each distinct name is one slot, in order of first appearance, their examples put in that order
 * (see `./variables.ts`).
 */
export function templateFromMeta(meta: MetaTemplate): TemplateFromMeta {
  const unsupported: string[] = [];
  let header: TemplateHeader | null = null;
  let body = '';
  let bodyExamples: string[] = [];
  let footer: string | null = null;
  let buttons: TemplateButton[] = [];
  for (const component of meta.components ?? []) {
    const type = (component.type ?? '').toUpperCase();
    if (type === 'HEADER') header = readHeader(component, unsupported);
    else if (type === 'BODY') {
      body = component.text ?? '';
      const positional = component.example?.body_text?.[0];
      bodyExamples =
        component.example?.body_text_named_params !== undefined
          ? namedExamples(body, component.example.body_text_named_params)
          : [...(positional ?? [])];
    } else if (type === 'FOOTER') footer = component.text ?? null;
    else if (type === 'BUTTONS') buttons = readButtons(component, unsupported);
    else unsupported.push(`component:${type}`);
  }
  const rawStatus = meta.status ?? '';
  const status = templateStatusOf(rawStatus);
  const reason =
    meta.rejected_reason === undefined ||
    meta.rejected_reason === null ||
    meta.rejected_reason.toUpperCase() === 'NONE'
      ? null
      : meta.rejected_reason;
  return {
    metaId: String(meta.id ?? ''),
    name: meta.name ?? '',
    language: meta.language ?? '',
    category: templateCategoryOf(meta.category) ?? 'MARKETING',
    status: status ?? 'DISABLED',
    reason: status === null && rawStatus !== '' ? (reason ?? rawStatus.toUpperCase()) : reason,
    content: { header, body, bodyExamples, footer, buttons },
    unsupported,
  };
}

// ---------------------------------------------------------------------------------------------
// Status and errors

/** True when `template` may be sent: Meta approved it (and has not paused or disabled it since). */
export function isSendable(template: Pick<MessageTemplate, 'status'>): boolean {
  return template.status === 'APPROVED';
}

/** Meta's error codes about templates (and template sends) that have a text of their own. */
export const templateErrorCodes = [
  131026, 131047, 131049, 131050, 132000, 132001, 132005, 132007, 132008, 132012, 132015, 132016,
] as const;
export type TemplateErrorCode = (typeof templateErrorCodes)[number];

export type TemplateErrorKey = `template.error.${TemplateErrorCode}` | 'template.error.generic';

/**
 * The catalogue key explaining Meta's error `code` on a failed message (`template.error.132000`:
 * "Jumlah variabel tidak cocok dengan template"); `template.error.generic` for any other code.
 * Takes the code as a number or a string (as the message stores it).
 */
export function templateErrorKey(code: number | string | null | undefined): TemplateErrorKey & MessageKey {
  const number = typeof code === 'string' ? Number(code.trim()) : code;
  return (templateErrorCodes as readonly (number | null | undefined)[]).includes(number)
    ? (`template.error.${number as TemplateErrorCode}` as const)
    : 'template.error.generic';
}
