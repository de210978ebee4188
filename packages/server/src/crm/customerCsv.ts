/**
 * Customers to and from CSV (papaparse). Import: a header row names the columns (`name`/`nama`,
 * `phone`/`nomor`/`hp`/`telepon`, `notes`/`catatan`; the export's `labels`, `stage` and `created_at`
 * are read past; any other column is a custom field). Each
 * row is checked on its own; a bad row is reported with its line and field and stores nothing,
 * the good rows are all stored in one transaction (created, or updated by phone). Export: the
 * rows the table's filters keep, with labels, stage and every custom field as columns.
 */
import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/openDatabase.ts';
import { customers } from '../db/schema.ts';
import { normalizePhone } from '../sdk.ts';
import type { Customer, CustomerImport, ImportProblem } from '../sdk.ts';

export const IMPORT_MAX_ROWS = 10_000;
export const EXPORT_MAX_ROWS = 50_000;
const PREVIEW_ROWS = 10;

/** Columns the export writes that an import reads past (labels and stages have their own screens). */
const EXPORT_ONLY = new Set(['labels', 'stage', 'created_at']);

const COLUMN_OF: Readonly<Record<string, 'name' | 'phone' | 'notes'>> = {
  name: 'name',
  nama: 'name',
  phone: 'phone',
  nomor: 'phone',
  hp: 'phone',
  telepon: 'phone',
  no_hp: 'phone',
  notes: 'notes',
  catatan: 'notes',
};

/** What a message of a problem says, in the caller's language. */
export type ImportTexts = (
  key: 'required' | 'phone' | 'duplicate' | 'too_long' | 'header' | 'too_many',
) => string;

interface ImportRow {
  line: number;
  name: string;
  phone: string;
  notes: string;
  customFields: Record<string, string>;
}

function readRows(csv: string, texts: ImportTexts): { rows: ImportRow[]; problems: ImportProblem[] } {
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim().toLowerCase().replace(/\s+/g, '_'),
  });
  const problems: ImportProblem[] = [];
  const fields = parsed.meta.fields ?? [];
  if (
    !fields.some((field) => COLUMN_OF[field] === 'name') ||
    !fields.some((field) => COLUMN_OF[field] === 'phone')
  ) {
    return { rows: [], problems: [{ line: 1, field: 'header', message: texts('header') }] };
  }
  if (parsed.data.length > IMPORT_MAX_ROWS) {
    return { rows: [], problems: [{ line: 1, field: 'file', message: texts('too_many') }] };
  }
  const rows: ImportRow[] = [];
  const seen = new Map<string, number>();
  parsed.data.forEach((record, index) => {
    const line = index + 2;
    const row: ImportRow = { line, name: '', phone: '', notes: '', customFields: {} };
    for (const [field, raw] of Object.entries(record)) {
      const value = (raw ?? '').trim();
      const column = COLUMN_OF[field];
      if (column !== undefined) row[column] = value;
      else if (field !== '__parsed_extra' && !EXPORT_ONLY.has(field) && value !== '') {
        row.customFields[field] = value.slice(0, 1000);
      }
    }
    const problem = (field: string, message: string) => problems.push({ line, field, message });
    if (row.name === '') return problem('name', texts('required'));
    if (row.name.length > 100) return problem('name', texts('too_long'));
    const phone = normalizePhone(row.phone);
    if (phone === null) return problem('phone', texts('phone'));
    const earlier = seen.get(phone);
    if (earlier !== undefined) return problem('phone', `${texts('duplicate')} (${earlier})`);
    seen.set(phone, line);
    rows.push({ ...row, phone, notes: row.notes.slice(0, 5000) });
  });
  for (const error of parsed.errors) {
    if (error.row !== undefined && error.code !== 'TooFewFields' && error.code !== 'TooManyFields') {
      problems.push({ line: error.row + 2, field: 'file', message: error.message });
    }
  }
  problems.sort((a, b) => a.line - b.line);
  return { rows, problems };
}

export async function importCustomers(
  db: Db,
  projectId: string,
  csv: string,
  options: { preview: boolean; now: Date; texts: ImportTexts },
): Promise<CustomerImport> {
  const { rows, problems } = readRows(csv, options.texts);
  const preview = rows
    .slice(0, PREVIEW_ROWS)
    .map(({ name, phone, notes, customFields }) => ({ name, phone, notes, customFields }));
  if (options.preview || rows.length === 0) {
    return {
      imported: rows.length,
      created: 0,
      updated: 0,
      problems,
      preview: options.preview ? preview : [],
    };
  }
  let created = 0;
  await db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += 500) {
      const batch = rows.slice(start, start + 500);
      const stored = await tx
        .insert(customers)
        .values(
          batch.map((row) => ({
            id: randomUUID(),
            projectId,
            name: row.name,
            phone: row.phone,
            notes: row.notes,
            customFields: row.customFields,
            createdAt: options.now,
          })),
        )
        .onConflictDoUpdate({
          target: [customers.projectId, customers.phone],
          set: {
            name: sql`excluded.name`,
            notes: sql`CASE WHEN excluded.notes = '' THEN ${customers.notes} ELSE excluded.notes END`,
            customFields: sql`${customers.customFields} || excluded.custom_fields`,
          },
        })
        .returning({ createdAt: customers.createdAt });
      created += stored.filter((row) => row.createdAt.getTime() === options.now.getTime()).length;
    }
  });
  return { imported: rows.length, created, updated: rows.length - created, problems, preview: [] };
}

/** The rows as CSV: fixed columns, then every custom field any row has, sorted. */
export function customersCsv(rows: Customer[]): string {
  const custom = [...new Set(rows.flatMap((row) => Object.keys(row.customFields)))].sort();
  // Cells starting with = or @ are written as text, so a spreadsheet never runs them as formulas
  // (phones start with +, which stays as it is).
  return Papa.unparse(
    {
      fields: ['name', 'phone', 'notes', 'labels', 'stage', 'created_at', ...custom],
      data: rows.map((row) => [
        row.name,
        row.phone,
        row.notes,
        row.labels.map((label) => label.name).join('; '),
        row.stage?.name ?? '',
        row.createdAt,
        ...custom.map((field) => row.customFields[field] ?? ''),
      ]),
    },
    { escapeFormulae: /^[=@\t\r]/ },
  );
}
