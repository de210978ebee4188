/**
 * A broadcast audience uploaded as a CSV of phones (papaparse). The phones are in the column
 * whose header is a phone header (`phone`, `nomor`, `hp`, `telepon`, `no_hp`, `whatsapp`, `wa`,
 * …, as the customer import reads them), or, when the first row has no such header, in the first
 * column with no header row at all (a plain list of numbers, one a line). Each row is checked on
 * its own: a phone that is not one (`normalizePhone`), the same phone again (`duplicate`, naming
 * the line it first came on) or a customer who opted out (`opted_out`, the caller's predicate).
 */
import Papa from 'papaparse';
import { normalizePhone } from '../sdk.ts';

/** The most rows one upload may hold (the customer export's limit, so an export can come back). */
export const AUDIENCE_CSV_MAX_ROWS = 50_000;

const PHONE_HEADERS: ReadonlySet<string> = new Set([
  'phone',
  'phone_number',
  'nomor',
  'nomor_hp',
  'nomor_wa',
  'nomor_telepon',
  'hp',
  'no_hp',
  'no_wa',
  'telepon',
  'whatsapp',
  'wa',
]);

export type AudienceCsvProblem = 'phone' | 'duplicate' | 'opted_out';

export interface AudienceCsvRow {
  /** The row's number in the file, from 1 (the header row, when there is one, is 1). */
  line: number;
  /** The cell as written, trimmed. */
  input: string;
  /** E.164, or null when the cell is not a phone number. */
  phone: string | null;
  /** Null: the row joins the audience. */
  problem: AudienceCsvProblem | null;
  /** A duplicate: the line the phone first came on. */
  firstLine?: number;
}

export interface AudienceCsv {
  /** Every data row, in file order (rows with no cell filled are skipped). */
  rows: AudienceCsvRow[];
  /** The phones that join the audience: valid, each once, not opted out, in file order. */
  phones: string[];
  /** The file has more than `AUDIENCE_CSV_MAX_ROWS` rows: nothing was read. */
  tooMany: boolean;
}

const headerName = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** Reads an uploaded audience CSV; `isOptedOut` is asked about each valid, new phone (E.164). */
export function readAudienceCsv(
  csv: string,
  options: { isOptedOut: (phone: string) => boolean },
): AudienceCsv {
  const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { header: false });
  const records = parsed.data
    .map((cells, index) => ({ cells, line: index + 1 }))
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
  if (records.length > AUDIENCE_CSV_MAX_ROWS + 1) return { rows: [], phones: [], tooMany: true };
  const headerColumn = records[0]?.cells.findIndex((cell) => PHONE_HEADERS.has(headerName(cell))) ?? -1;
  const column = Math.max(0, headerColumn);
  const data = headerColumn >= 0 ? records.slice(1) : records;
  if (data.length > AUDIENCE_CSV_MAX_ROWS) return { rows: [], phones: [], tooMany: true };
  const rows: AudienceCsvRow[] = [];
  const phones: string[] = [];
  const seen = new Map<string, number>();
  for (const { cells, line } of data) {
    const input = (cells[column] ?? '').trim();
    const phone = normalizePhone(input);
    const row = { line, input, phone };
    if (phone === null) {
      rows.push({ ...row, problem: 'phone' });
      continue;
    }
    const firstLine = seen.get(phone);
    if (firstLine !== undefined) {
      rows.push({ ...row, problem: 'duplicate', firstLine });
      continue;
    }
    seen.set(phone, line);
    if (options.isOptedOut(phone)) {
      rows.push({ ...row, problem: 'opted_out' });
      continue;
    }
    rows.push({ ...row, problem: null });
    phones.push(phone);
  }
  return { rows, phones, tooMany: false };
}
