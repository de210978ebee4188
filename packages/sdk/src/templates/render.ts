/**
 * A template as the customer sees it: the editor's preview (with the examples), the picker's
 * (with the values being typed) and the server's rendering of a sent template (the message's
 * caption and its `SentTemplate`).
 */
import type {
  MessageTemplate,
  SentTemplate,
  TemplateButton,
  TemplateHeaderFormat,
  TemplateValues,
} from '../contract/templateTypes.ts';
import type { TemplateContent } from './values.ts';
import { replaceTemplateVariables, templateTokens } from './variables.ts';

export interface RenderedTemplate {
  /** A text header's text, or a media header's kind (`text: null`) and, with the examples, its sample link. */
  header: { format: TemplateHeaderFormat; text: string | null; mediaUrl: string | null } | null;
  body: string;
  footer: string | null;
  buttons: RenderedTemplateButton[];
}

export interface RenderedTemplateButton {
  type: TemplateButton['type'];
  text: string;
  /** A link button's link (its variable filled when a value or example is there). */
  url?: string;
  /** A phone button's number. */
  phoneNumber?: string;
}

function given(value: string | null | undefined): string | undefined {
  return value === null || value === undefined || value === '' ? undefined : value;
}

/**
 * `content` as the customer sees it, its variables filled from `values`, or from the examples
 * (`'examples'`: the editor's preview; a link button then shows its example link). A variable
 * with nothing to fill it (no value or example yet) stays as written (`{{2}}`). An empty footer is
 * no footer.
 */
export function renderTemplate(
  content: TemplateContent,
  values: TemplateValues | 'examples',
): RenderedTemplate {
  const examples = values === 'examples';
  const bodyValue = (slot: number): string | undefined =>
    given(examples ? content.bodyExamples[slot] : values.body[slot]);
  const header = content.header;
  return {
    header:
      header === null
        ? null
        : header.format === 'TEXT'
          ? {
              format: 'TEXT',
              text: replaceTemplateVariables(header.text, () =>
                given(examples ? header.example : values.header),
              ),
              mediaUrl: null,
            }
          : {
              format: header.format,
              text: null,
              mediaUrl: examples ? (given(header.exampleUrl) ?? null) : null,
            },
    body: replaceTemplateVariables(content.body, (_name, slot) => bodyValue(slot)),
    footer: given(content.footer?.trim()) === undefined ? null : (content.footer ?? null),
    buttons: content.buttons.map((button): RenderedTemplateButton => {
      if (button.type === 'QUICK_REPLY') return { type: button.type, text: button.text };
      if (button.type === 'PHONE_NUMBER')
        return { type: button.type, text: button.text, phoneNumber: button.phoneNumber };
      const dynamic = templateTokens(button.url).length > 0;
      if (!dynamic) return { type: button.type, text: button.text, url: button.url };
      const example = examples ? given(button.example) : undefined;
      return {
        type: button.type,
        text: button.text,
        url:
          example ??
          replaceTemplateVariables(button.url, () => (examples ? undefined : given(values.buttonUrl))),
      };
    }),
  };
}

/**
 * What is stored with a message sent with `template` and `values` (placeholders already filled):
 * the `SentTemplate` the thread renders, and the rendered body, the message's `caption`.
 */
export function sentTemplateOf(
  template: Pick<MessageTemplate, 'name' | 'language' | 'category'> &
    TemplateContent & { id?: string | null },
  values: TemplateValues,
): { template: SentTemplate; caption: string } {
  const rendered = renderTemplate(template, values);
  return {
    template: {
      templateId: template.id ?? null,
      name: template.name,
      language: template.language,
      category: template.category,
      header:
        rendered.header === null ? null : { format: rendered.header.format, text: rendered.header.text },
      footer: rendered.footer,
      buttons: rendered.buttons.map((button) => ({ type: button.type, text: button.text })),
    },
    caption: rendered.body,
  };
}
