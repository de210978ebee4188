import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { defaultPriceTable } from '../sdk.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sapa-prices-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The problems `loadConfig` lists for `env`. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

const withService = [...defaultPriceTable, { category: 'SERVICE', price: 350, from: '2026-10-01' }];

describe('the price table from the environment', () => {
  it('is the SDK’s default table without SAPA_PRICE_FILE or SAPA_PRICES', () => {
    expect(loadConfig({}).billing.prices).toEqual(defaultPriceTable);
  });

  it('reads a JSON file (SAPA_PRICE_FILE) or inline JSON (SAPA_PRICES)', async () => {
    const file = path.join(dir, 'prices.json');
    await writeFile(file, JSON.stringify(withService, null, 2));
    expect(loadConfig({ SAPA_PRICE_FILE: file }).billing.prices).toEqual(withService);
    expect(loadConfig({ SAPA_PRICES: JSON.stringify(withService) }).billing.prices).toEqual(withService);
  });

  it('refuses to start on a table it cannot trust, saying what is wrong', async () => {
    expect(
      problemsOf({ SAPA_PRICES: '[{"category":"MARKETING","price":715,"from":"2025-07-01"},' })[0],
    ).toMatch(/^SAPA_PRICES is not valid JSON/);
    expect(problemsOf({ SAPA_PRICES: '{"MARKETING":715}' })).toEqual([
      'SAPA_PRICES must be a JSON array of { "category", "price", "from" } rows',
    ]);
    expect(
      problemsOf({
        SAPA_PRICES: '[{"category":"MARKETING","price":715,"from":"2025-07-01","currency":"USD"}]',
      }),
    ).toEqual(['SAPA_PRICES row 0 has unknown fields: currency']);
    expect(
      problemsOf({
        SAPA_PRICES: JSON.stringify([
          { category: 'MARKETING', price: '715', from: '2025-07-01' },
          { category: 'SERVICE', price: 350, from: '2026-10-32' },
        ]),
      }),
    ).toEqual([
      'SAPA_PRICES row 0: price must be whole rupiah, 0 or more',
      'SAPA_PRICES row 1: from must be a day, yyyy-mm-dd',
    ]);
    expect(problemsOf({ SAPA_PRICE_FILE: path.join(dir, 'missing.json') })[0]).toMatch(
      /^SAPA_PRICE_FILE cannot be read/,
    );
    expect(problemsOf({ SAPA_PRICE_FILE: path.join(dir, 'prices.json'), SAPA_PRICES: '[]' })).toEqual([
      'SAPA_PRICE_FILE and SAPA_PRICES are both set: set one of them',
    ]);
    let thrown: unknown;
    try {
      loadConfig({ SAPA_PRICES: '[{"category":"SMS","price":1,"from":"2025-07-01"}]' });
    } catch (error) {
      thrown = error;
    }
    expect((thrown as Error).message).toContain('SAPA_PRICES row 0: unknown category SMS');
  });
});
