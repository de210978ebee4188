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
  if ('anyOf' in access) {
    return `member of the project \`key\` with ${access.anyOf.map((key) => `\`${key}\``).join(' or ')}`;
  }
  return `member of the project \`key\` with \`${access.permission}\``;
}

function describeFields(schema: z.ZodType): string[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { type?: string; pattern?: string; minLength?: number; maxLength?: number }>;
    required?: string[];
  };
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, field]) => {
    const facts = [field.type ?? 'value'];
    if (field.minLength !== undefined) facts.push(`min ${field.minLength}`);
    if (field.maxLength !== undefined) facts.push(`max ${field.maxLength}`);
    if (field.pattern !== undefined) facts.push(`pattern \`${field.pattern}\``);
    return `\`${name}\`${required.has(name) ? '' : ' (optional)'}: ${facts.join(', ')}`;
  });
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
