/**
 * The price table from the environment (docs/billing.md): `SAPA_PRICE_FILE`, the path of a JSON
 * file, or `SAPA_PRICES`, the same JSON inline; neither: the SDK's `defaultPriceTable`. The JSON
 * is an array of `{ "category", "price", "from" }` rows, checked with `priceTableProblems`, so a
 * table with a typo stops the server at start instead of charging the wrong amount.
 */
import { readFileSync } from 'node:fs';
import { defaultPriceTable, priceTableProblems } from '../sdk.ts';
import type { PriceRow } from '../sdk.ts';

/** The rows of a parsed JSON value, or what is wrong with its shape. */
function rowsOf(value: unknown): PriceRow[] | string {
  if (!Array.isArray(value)) return 'must be a JSON array of { "category", "price", "from" } rows';
  for (const [index, row] of value.entries()) {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) return `row ${index} is not an object`;
    const extra = Object.keys(row).filter((field) => !['category', 'price', 'from'].includes(field));
    if (extra.length > 0) return `row ${index} has unknown fields: ${extra.join(', ')}`;
  }
  return value as PriceRow[];
}

/**
 * The configured price table. Problems go to `problems` prefixed with the variable's name (the
 * defaults are answered then, but `loadConfig` refuses to start).
 */
export function priceTableFromEnv(
  file: string | undefined,
  inline: string | undefined,
  problems: string[],
): PriceRow[] {
  if (file !== undefined && inline !== undefined) {
    problems.push('SAPA_PRICE_FILE and SAPA_PRICES are both set: set one of them');
    return [...defaultPriceTable];
  }
  const name = file === undefined ? 'SAPA_PRICES' : 'SAPA_PRICE_FILE';
  let text: string | undefined = inline;
  if (file !== undefined) {
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      problems.push(`SAPA_PRICE_FILE cannot be read (${file}): ${(error as Error).message}`);
      return [...defaultPriceTable];
    }
  }
  if (text === undefined) return [...defaultPriceTable];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    problems.push(`${name} is not valid JSON: ${(error as Error).message}`);
    return [...defaultPriceTable];
  }
  const rows = rowsOf(parsed);
  if (typeof rows === 'string') {
    problems.push(`${name} ${rows}`);
    return [...defaultPriceTable];
  }
  const found = priceTableProblems(rows);
  if (found.length > 0) {
    problems.push(...found.map((problem) => `${name} ${problem}`));
    return [...defaultPriceTable];
  }
  return rows.map((row) => ({ category: row.category, price: row.price, from: row.from }));
}
