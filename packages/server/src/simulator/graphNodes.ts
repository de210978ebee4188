import type { SimulatedTemplate } from './TemplateStore.ts';
import type { WireComponent } from './templateWire.ts';
import type { SimulatorAccount } from './types.ts';

/**
 * The Graph objects the simulated API answers, as Meta renders them: a phone number
 * (`GET /{phone-number-id}`, `GET /{waba-id}/phone_numbers`), a message template
 * (`GET /{waba-id}/message_templates`, list-response.json), `?fields=` selection and cursors.
 */

export const DEFAULT_VERIFIED_NAME = 'Sapa Simulator';

/** The fields `GET /{phone-number-id}` answers when none are asked for (Meta's defaults). */
const DEFAULT_PHONE_FIELDS = [
  'verified_name',
  'code_verification_status',
  'display_phone_number',
  'quality_rating',
  'platform_type',
  'throughput',
];

/**
 * A number as `GET /{phone-number-id}` and `GET /{waba-id}/phone_numbers` answer it: the fields
 * asked for (unknown ones left out; the messaging limit only on request), and the id.
 */
export function phoneNumberNode(
  account: SimulatorAccount,
  fieldsParam: string | null,
): Record<string, unknown> {
  const tier = account.messagingLimit ?? 'TIER_250';
  const all: Record<string, unknown> = {
    verified_name: account.verifiedName ?? DEFAULT_VERIFIED_NAME,
    code_verification_status: 'VERIFIED',
    display_phone_number: displayPhoneNumber(account.displayPhone),
    quality_rating: account.qualityRating ?? 'GREEN',
    platform_type: 'CLOUD_API',
    throughput: { level: 'STANDARD' },
    // v24+ (a business portfolio's limit), and the deprecated field of v23 and before.
    whatsapp_business_manager_messaging_limit: tier,
    messaging_limit_tier: tier,
  };
  const asked = fieldList(fieldsParam).filter((field) => field in all);
  const fields = asked.length > 0 ? asked : DEFAULT_PHONE_FIELDS;
  return { ...pick(all, fields), id: account.phoneNumberId };
}

/** The order of a template's fields in list-response.json (`id` always last). */
const TEMPLATE_FIELDS = [
  'name',
  'parameter_format',
  'components',
  'language',
  'status',
  'category',
  'sub_category',
  'previous_category',
  'rejected_reason',
] as const;
const DEFAULT_TEMPLATE_FIELDS = [
  'name',
  'parameter_format',
  'components',
  'language',
  'status',
  'category',
  'sub_category',
];

/**
 * A template as `GET …/message_templates` answers it (list-response.json): the fields asked for
 * (default: name, parameter_format, components, language, status, category, sub_category) in
 * Meta's order, then the id. `sub_category` is marketing's only; `previous_category` only after a
 * recategorisation; `rejected_reason` `NONE` unless rejected. Unknown fields are left out.
 */
export function templateNode(template: SimulatedTemplate, asked: string[]): Record<string, unknown> {
  const wanted = asked.length > 0 ? asked : DEFAULT_TEMPLATE_FIELDS;
  const all: Record<string, unknown> = {
    name: template.name,
    parameter_format: template.parameterFormat,
    components: listedComponents(template),
    language: template.language,
    status: template.status,
    category: template.category,
    ...(template.category === 'MARKETING' ? { sub_category: 'CUSTOM' } : {}),
    ...(template.previousCategory === null ? {} : { previous_category: template.previousCategory }),
    rejected_reason: template.rejectedReason,
  };
  const fields = TEMPLATE_FIELDS.filter((field) => wanted.includes(field) && field in all);
  return { ...pick(all, fields), id: template.id };
}

/** A media header's sample comes back as a link on Meta's CDN, not the upload handle given. */
function listedComponents(template: SimulatedTemplate): WireComponent[] {
  return template.components.map((component): WireComponent => {
    if (component.type !== 'HEADER' || component.format === 'TEXT' || component.format === 'LOCATION') {
      return component;
    }
    const header_handle = component.example.header_handle.map((handle, index) =>
      /^https?:\/\//.test(handle)
        ? handle
        : `https://scontent.whatsapp.net/v/t61.29466-34/${template.id}_${index}_header_sample`,
    );
    return { ...component, example: { header_handle } };
  });
}

/** `?fields=a,b{c}` → `['a', 'b']` (sub-field selections are not modelled). */
export function fieldList(param: string | null): string[] {
  if (param === null) return [];
  return param
    .replace(/\{[^}]*\}/g, '')
    .split(',')
    .map((field) => field.trim())
    .filter((field) => field !== '');
}

export function pick(all: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((field) => field in all).map((field) => [field, all[field]]));
}

/** An opaque Graph cursor for an item id. */
export function cursor(id: string): string {
  return Buffer.from(`sapa-sim:${id}`, 'utf8').toString('base64url');
}

/** Digits as Meta shows a number: `6281210009000` -> `+62 812-1000-9000` (others: `+` and the digits). */
function displayPhoneNumber(digits: string): string {
  const bare = digits.replace(/^\+/, '');
  if (!/^62\d{9,12}$/.test(bare)) return `+${bare}`;
  return `+62 ${bare.slice(2, 5)}-${bare.slice(5, 9)}-${bare.slice(9)}`;
}
