/**
 * Template messages (issue 15): a send checked against the number's approved template, what is
 * stored with it (the rendered body as its caption, the header's file, the `SentTemplate` the
 * thread renders), and the send job's part (the template and values its Graph body is built from).
 * The rules themselves are the SDK's (`packages/sdk/src/templates`), the same as the picker's.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/openDatabase.ts';
import { waTemplates } from '../db/schema.ts';
import type { MediaRow, TemplateContent, TemplateRow } from '../db/schema.ts';
import {
  fillTemplatePlaceholders,
  mediaKindOf,
  sentTemplateOf,
  templateSendComponents,
  templateValueProblems,
} from '../sdk.ts';
import type {
  SentTemplate,
  TemplateCategory,
  TemplateHeaderFormat,
  TemplateProblem,
  TemplateValues,
} from '../sdk.ts';
import type { TemplateComponent, TemplateMedia } from '../channels/whatsapp/sendRequest.ts';
import type { MessageContent } from './messageContent.ts';

const isObject = (value: unknown): boolean => typeof value === 'object' && value !== null;

/** What the send job builds a template message's Graph body from, kept in its payload. */
export const templateJobSchema = z.object({
  name: z.string().min(1),
  language: z.string().min(1),
  content: z.custom<TemplateContent>(isObject),
  values: z.custom<TemplateValues>(isObject),
});
export type TemplateJob = z.output<typeof templateJobSchema>;

/**
 * A template of the number's WhatsApp Business Account in this project, or `null` (unknown,
 * another project's or another WABA's; a number added before issue 15 has no WABA, so none).
 */
export async function templateOfAccount(
  db: Db,
  projectId: string,
  wabaId: string | null,
  templateId: string,
): Promise<TemplateRow | null> {
  if (wabaId === null) return null;
  const [row] = await db
    .select()
    .from(waTemplates)
    .where(
      and(
        eq(waTemplates.id, templateId),
        eq(waTemplates.projectId, projectId),
        eq(waTemplates.wabaId, wabaId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Who a template goes to and who sends it: what `{nama}`, `{nomor}`, `{agen}` and custom fields fill. */
export interface TemplateRecipient {
  name: string;
  /** As the sender sees it (masked for those who do not see phone numbers). */
  phone: string;
  agent: string | undefined;
  customFields: Readonly<Record<string, string>>;
}

/**
 * `values` with their placeholders filled for `recipient`, and what they break of Meta's rules for
 * `template` (`[]`: they fill it as Meta accepts).
 */
export function checkTemplateValues(
  template: TemplateRow,
  values: TemplateValues,
  recipient: TemplateRecipient,
): { values: TemplateValues; problems: TemplateProblem[] } {
  const filled = fillTemplatePlaceholders(values, {
    name: recipient.name,
    phone: recipient.phone,
    agent: recipient.agent,
    customFields: recipient.customFields,
  });
  return { values: filled, problems: templateValueProblems(template.content, filled) };
}

/** The MIME types Meta takes for a media header of each kind (images: JPEG and PNG only). */
export function fitsHeader(format: Exclude<TemplateHeaderFormat, 'TEXT'>, file: MediaRow): boolean {
  if (format === 'IMAGE') return file.mimeType === 'image/jpeg' || file.mimeType === 'image/png';
  if (format === 'VIDEO') return mediaKindOf(file.mimeType) === 'video';
  return mediaKindOf(file.mimeType) === 'document';
}

/** A template message as stored: its content fields, and its part of the send job's payload. */
export interface TemplateMessage {
  content: MessageContent & { mediaFileId: string | null; template: SentTemplate };
  job: TemplateJob;
}

/**
 * The message `template` sent with `values` (placeholders filled, checked) makes: type
 * `template`, the rendered body as its caption, the header's file (`file`, a document's name
 * kept) and how it was built; the job keeps the template's content and the values.
 */
export function templateMessage(
  template: TemplateRow,
  values: TemplateValues,
  file: MediaRow | null,
): TemplateMessage {
  const sent = sentTemplateOf(
    {
      id: template.id,
      name: template.name,
      language: template.language,
      category: template.category as TemplateCategory,
      ...template.content,
    },
    values,
  );
  return {
    content: {
      type: 'template',
      caption: sent.caption,
      url: null,
      mediaId: null,
      filename: file !== null && template.content.header?.format === 'DOCUMENT' ? file.filename : null,
      name: null,
      phone: null,
      mediaFileId: file?.id ?? null,
      template: sent.template,
    },
    job: { name: template.name, language: template.language, content: template.content, values },
  };
}

/**
 * The `components` of a template send (SDK `templateSendComponents`): the header's file goes as
 * `media` (uploaded to the number, by id), a document with its name.
 */
export function sendComponents(job: TemplateJob, media: TemplateMedia | null): TemplateComponent[] {
  return templateSendComponents(job.content, job.values, media ?? undefined);
}
