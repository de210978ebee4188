import { describe, expect, it } from 'vitest';
import { loadFixture } from '../channels/whatsapp/fixtures/loadFixture.ts';
import { parseTemplateCreate, reviewProblem, variablesOf } from './templateWire.ts';
import type { TemplateDefinition } from './templateWire.ts';

const positional = loadFixture('templates/create-request-marketing-positional.json') as Record<
  string,
  unknown
>;
const named = loadFixture('templates/create-request-marketing-named.json') as Record<string, unknown>;

/** A create body with one BODY component (and any other fields overridden). */
function body(
  text: string,
  examples?: string[],
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    name: 'pengingat_bayar',
    language: 'id',
    category: 'UTILITY',
    components: [
      { type: 'BODY', text, ...(examples === undefined ? {} : { example: { body_text: [examples] } }) },
    ],
    ...extra,
  };
}

function definition(json: unknown): TemplateDefinition {
  const parsed = parseTemplateCreate(json);
  if (!parsed.ok) throw new Error(`refused: ${JSON.stringify(parsed.error.body)}`);
  return parsed.definition;
}

/** The user-facing sentence of a refusal (or the Graph message when Meta gives none). */
function refusal(json: unknown): string {
  const parsed = parseTemplateCreate(json);
  if (parsed.ok) throw new Error('expected a refusal');
  expect(parsed.error).toMatchObject({ status: 400, body: { error: { code: 100, type: 'OAuthException' } } });
  const { error } = parsed.error.body;
  return error.error_user_msg ?? error.error_data?.details ?? error.message;
}

describe('parseTemplateCreate', () => {
  it('takes both create fixtures and normalises them as the list answers them (UPPERCASE)', () => {
    expect(definition(positional)).toMatchObject({
      name: 'flash_sale_topup',
      category: 'MARKETING',
      parameterFormat: 'POSITIONAL',
      components: [
        { type: 'HEADER', format: 'TEXT', example: { header_text: ['Harbolnas'] } },
        { type: 'BODY', example: { body_text: [['31 Desember', 'HEMAT25', '25%']] } },
        { type: 'FOOTER', text: 'Promo terbatas' },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'PHONE_NUMBER', text: 'Hubungi kami', phone_number: '+6281210009000' },
            { type: 'QUICK_REPLY', text: 'Berhenti promo' },
          ],
        },
      ],
    });
    const namedDefinition = definition(named);
    expect(namedDefinition).toMatchObject({ category: 'MARKETING', parameterFormat: 'NAMED' });
    expect(namedDefinition.components.map((component) => component.type)).toEqual([
      'HEADER',
      'BODY',
      'FOOTER',
      'BUTTONS',
    ]);
    expect(namedDefinition.components[3]).toEqual({
      type: 'BUTTONS',
      buttons: [
        {
          type: 'URL',
          text: 'Isi saldo',
          url: 'https://toko.example.com/topup?ref={{1}}',
          example: ['https://toko.example.com/topup?ref=wa-promo-42'],
        },
        { type: 'QUICK_REPLY', text: 'Berhenti promo' },
      ],
    });
  });

  it("refuses what Meta refuses at once, with Meta's code 100 and a sentence for the user", () => {
    expect(refusal(body('Halo', undefined, { name: 'Promo Bulan Ini' }))).toContain('lowercase letters');
    expect(refusal(body('Halo', undefined, { name: 'x'.repeat(513) }))).toContain('512');
    expect(refusal({ ...body('Halo'), name: undefined })).toBe('(#100) The parameter name is required.');
    expect(refusal(body('Halo', undefined, { category: 'PROMO' }))).toContain(
      'Param category must be one of',
    );
    expect(refusal(body('Halo', undefined, { language: 'Bahasa' }))).toContain('not supported');
    expect(refusal(body('x'.repeat(1025)))).toContain('1024');
    expect(refusal(body('Halo {{1}}, tagihan {{2}} jatuh tempo.', ['Budi']))).toContain(
      'sample for each variable',
    );
    expect(refusal(body('Halo {{1}}, tagihan jatuh tempo.'))).toContain('sample for each variable');
    expect(refusal(body('Halo {{nama}}, tagihan jatuh tempo.', ['Budi']))).toContain('positional parameters');
    expect(refusal(body('Halo {{1}}, cek.', ['Budi'], { parameter_format: 'NAMED' }))).toContain(
      'named parameters',
    );
    expect(refusal({ ...body('x'), components: [{ type: 'FOOTER', text: 'Terima kasih' }] })).toContain(
      'BODY',
    );
  });

  it("checks headers, footers and buttons against Meta's limits", () => {
    const withComponents = (...components: unknown[]) => ({
      ...body('Tagihan Anda sudah terbit.'),
      components: [{ type: 'BODY', text: 'Tagihan Anda sudah terbit.' }, ...components],
    });
    const buttons = (...list: unknown[]) => withComponents({ type: 'BUTTONS', buttons: list });
    const quick = (text: string) => ({ type: 'QUICK_REPLY', text });
    const link = (text: string, url = 'https://toko.example.com/tagihan') => ({ type: 'URL', text, url });
    expect(refusal(withComponents({ type: 'HEADER', format: 'TEXT', text: 'x'.repeat(61) }))).toContain('60');
    expect(
      refusal(
        withComponents({
          type: 'HEADER',
          format: 'TEXT',
          text: 'Promo {{1}} dan {{2}}',
          example: { header_text: ['a', 'b'] },
        }),
      ),
    ).toContain('only one variable');
    expect(refusal(withComponents({ type: 'HEADER', format: 'IMAGE' }))).toContain('header_handle');
    expect(refusal(withComponents({ type: 'FOOTER', text: 'Kode {{1}}' }))).toContain('footer cannot');
    expect(
      refusal(buttons(...Array.from({ length: 11 }, (_, index) => quick(`Pilihan ${index}`)))),
    ).toContain('at most 10');
    expect(refusal(buttons(link('Satu'), link('Dua'), link('Tiga')))).toContain('at most 2 URL');
    expect(
      refusal(
        buttons(
          { type: 'PHONE_NUMBER', text: 'Telepon', phone_number: '+6281210009000' },
          { type: 'PHONE_NUMBER', text: 'Telepon lagi', phone_number: '+6281210009001' },
        ),
      ),
    ).toContain('at most 1 phone');
    expect(refusal(buttons(quick('x'.repeat(26))))).toContain('25');
    expect(refusal(buttons(quick('Ya'), quick('Ya')))).toContain('its own text');
    expect(refusal(buttons(quick('Ya'), link('Lihat'), quick('Tidak')))).toContain('grouped together');
    expect(refusal(buttons(link('Lihat', 'https://toko.example.com/{{1}}/detail')))).toContain('at the end');
    expect(refusal(buttons(link('Lihat', 'https://toko.example.com/o/{{1}}')))).toContain('sample');
    expect(refusal(buttons(link('Lihat', 'toko.example.com')))).toContain('not valid');
    expect(
      definition(
        buttons(quick('Ya'), quick('Tidak'), {
          ...link('Lihat', 'https://x.id/o/{{1}}'),
          example: ['https://x.id/o/42'],
        }),
      ).components[1],
    ).toMatchObject({ type: 'BUTTONS' });
  });
});

describe('reviewProblem', () => {
  it('approves a well-formed template', () => {
    expect(reviewProblem(definition(positional))).toBeNull();
    expect(reviewProblem(definition(named))).toBeNull();
    expect(
      reviewProblem(definition(body('Halo {{1}}, tagihan {{2}} jatuh tempo.', ['Budi', 'INV-1']))),
    ).toBeNull();
  });

  it('rejects with INVALID_FORMAT a body that starts or ends with a variable, or puts two side by side', () => {
    const start = reviewProblem(definition(body('{{1}}, tagihan Anda jatuh tempo.', ['Budi'])));
    expect(start).toMatchObject({
      reason: 'INVALID_FORMAT',
      rejectionInfo: { reason: expect.stringContaining('starts or ends') as unknown },
    });
    expect(reviewProblem(definition(body('Tagihan Anda atas nama {{1}}', ['Budi'])))).toMatchObject({
      reason: 'INVALID_FORMAT',
    });
    expect(reviewProblem(definition(body('Halo {{1}} {{2}} ya.', ['Budi', 'Santoso'])))).toMatchObject({
      rejectionInfo: { reason: expect.stringContaining('next to each other') as unknown },
    });
    expect(reviewProblem(definition(body('Halo {{1}}, kode {{3}} ya.', ['Budi', 'X'])))).toMatchObject({
      rejectionInfo: { reason: expect.stringContaining('not numbered in sequence') as unknown },
    });
    expect(reviewProblem(definition(body('Halo {{2}}, kode {{1}} ya.', ['Budi', 'X'])))).toMatchObject({
      reason: 'INVALID_FORMAT',
    });
  });

  it('reads variables in order of appearance', () => {
    expect(variablesOf('Halo {{1}}, {{first_name}} dan {{1}}')).toEqual(['1', 'first_name', '1']);
  });
});
