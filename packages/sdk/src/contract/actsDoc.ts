/**
 * Renders docs/acts.md from the act contract, so the reference can never drift from the code.
 * `pnpm docs:acts` writes it; a test fails when the committed file is stale.
 */
import { z } from 'zod';
import { acts } from './acts.ts';
import type { ActAccess } from './defineAct.ts';

function describeAccess(access: ActAccess): string {
  if (access === 'public') return 'anyone';
  if (access === 'user') return 'signed-in user';
  if (access === 'member') return 'member of the project `key`';
  if (access === 'owner') return 'the owner of the project `key`';
  if ('anyOf' in access) {
    return `member of the project \`key\` with ${access.anyOf.map((key) => `\`${key}\``).join(' or ')}`;
  }
  return `member of the project \`key\` with \`${access.permission}\``;
}

/** The JSON Schema of one field, as far as the reference reads it. */
interface FieldSchema {
  type?: string;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  items?: FieldSchema;
  anyOf?: FieldSchema[];
  enum?: unknown[];
}

/** Readable names of the string formats zod writes as a `format` (beside a long `pattern`). */
const FORMAT_NAMES: Record<string, string> = {
  uuid: 'uuid',
  email: 'email',
  uri: 'url',
  url: 'url',
  e164: 'E.164 phone',
  'date-time': 'datetime (ISO 8601)',
  datetime: 'datetime (ISO 8601)',
  date: 'date (`YYYY-MM-DD`)',
  time: 'time (`HH:MM[:SS]`)',
};

/** Readable names of well-known patterns that carry no `format`. */
const PATTERN_NAMES: Record<string, string> = {
  '^\\d{4}-\\d{2}-\\d{2}$': 'date (`YYYY-MM-DD`)',
  '^#[0-9a-fA-F]{6}$': 'colour (`#rrggbb`)',
};

/** A field's kind in words: its format's name when it has one, else its type and pattern. */
function describeKind(field: FieldSchema): string[] {
  if (field.anyOf !== undefined)
    return [field.anyOf.map((option) => describeKind(option).join(', ')).join(' or ')];
  if (field.enum !== undefined)
    return [`one of ${field.enum.map((value) => `\`${String(value)}\``).join(', ')}`];
  const named = field.format === undefined ? undefined : FORMAT_NAMES[field.format];
  const facts = [named ?? PATTERN_NAMES[field.pattern ?? ''] ?? field.type ?? 'value'];
  if (field.type === 'array' && field.items !== undefined && (field.items.format ?? field.items.pattern))
    facts[0] = `array of ${describeKind(field.items).join(', ')}`;
  if (field.minLength !== undefined) facts.push(`min ${field.minLength}`);
  if (field.maxLength !== undefined) facts.push(`max ${field.maxLength}`);
  if (field.format === 'starts_with' && field.pattern?.endsWith('.*'))
    facts.push(`starting with \`${field.pattern.slice(1, -2)}\``);
  else if (
    named === undefined &&
    PATTERN_NAMES[field.pattern ?? ''] === undefined &&
    field.pattern !== undefined
  )
    facts.push(`pattern \`${field.pattern}\``);
  return facts;
}

function describeFields(schema: z.ZodType): string[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, FieldSchema>;
    required?: string[];
  };
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(
    ([name, field]) =>
      `\`${name}\`${required.has(name) ? '' : ' (optional)'}: ${describeKind(field).join(', ')}`,
  );
}

export function renderActsDoc(): string {
  const lines = [
    '# Act reference',
    '',
    '<!-- Generated from packages/sdk/src/contract/acts.ts by `pnpm docs:acts`. Do not edit by hand. -->',
    '',
    'Every call is `POST /api` with a JSON (or multipart) body `{ act, token, fcm, ...fields }`.',
    'Success answers `{ code: "1", msg, data }`; failure answers HTTP 200 `{ code: "0", msg, reason }`',
    '(see docs/architecture.md). Phone numbers are accepted as `08…`, `628…` or `+628…` and stored in E.164.',
    '',
  ];
  for (const [name, definition] of Object.entries(acts)) {
    const fields = describeFields(definition.input);
    lines.push(
      `## \`${name}\``,
      '',
      definition.summary,
      '',
      `- Access: ${describeAccess(definition.access)}`,
    );
    lines.push(
      `- Answers: ${definition.shape === 'page' ? 'a page `{ data: [...], total_page }`' : '`data`'}`,
    );
    lines.push(fields.length === 0 ? '- Fields: none' : '- Fields:');
    for (const field of fields) lines.push(`  - ${field}`);
    lines.push('');
  }
  return lines.join('\n');
}
