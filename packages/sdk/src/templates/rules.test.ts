import { describe, expect, it } from 'vitest';
import {
  TEMPLATE_BODY_MAX,
  TEMPLATE_BUTTON_TEXT_MAX,
  TEMPLATE_FOOTER_MAX,
  TEMPLATE_HEADER_TEXT_MAX,
  TEMPLATE_NAME_MAX,
  TEMPLATE_URL_MAX,
  TEMPLATE_VALUE_MAX,
} from '../constants.ts';
import { acts } from '../contract/acts.ts';
import type { TemplateButton, TemplateDraft } from '../contract/templateTypes.ts';
import { addEveryMessage, messages } from '../i18n/catalogue.ts';
import { translate } from '../i18n/translate.ts';

addEveryMessage();
import { templateDraftProblems, templateProblemCodes, templateProblemMessage } from './rules.ts';
import type { TemplateProblem } from './rules.ts';

/** A draft that breaks no rule: every kind of part, each at its most demanding. */
const valid: TemplateDraft = {
  name: 'pengingat_tagihan_2',
  language: 'id',
  category: 'UTILITY',
  header: { format: 'TEXT', text: 'Tagihan {{1}}', example: 'Desember' },
  body: 'Halo {{1}}, tagihan Anda sebesar {{2}} jatuh tempo besok. Terima kasih, {{1}} dan sampai jumpa.',
  bodyExamples: ['Budi', 'Rp150.000'],
  footer: 'Sapa Pulsa',
  buttons: [
    {
      type: 'URL',
      text: 'Bayar',
      url: 'https://bayar.example.id/t/{{1}}',
      example: 'https://bayar.example.id/t/INV-42',
    },
    { type: 'URL', text: 'Bantuan', url: 'https://bayar.example.id/bantuan', example: null },
    { type: 'PHONE_NUMBER', text: 'Telepon kami', phoneNumber: '+6281210009000' },
    { type: 'QUICK_REPLY', text: 'Sudah bayar' },
    { type: 'QUICK_REPLY', text: 'Berhenti' },
  ],
};

function problems(patch: Partial<TemplateDraft>): TemplateProblem[] {
  return templateDraftProblems({ ...valid, ...patch });
}

const quick = (text: string): TemplateButton => ({ type: 'QUICK_REPLY', text });
const link = (url: string, example: string | null = null, text = 'Buka'): TemplateButton => ({
  type: 'URL',
  text,
  url,
  example,
});
const phone = (phoneNumber: string, text = 'Telepon'): TemplateButton => ({
  type: 'PHONE_NUMBER',
  text,
  phoneNumber,
});

describe('templateDraftProblems', () => {
  it('finds nothing wrong with a draft that keeps every rule', () => {
    expect(templateDraftProblems(valid)).toEqual([]);
  });

  it('accepts the smallest draft: a name and a body without variables', () => {
    expect(
      problems({
        header: null,
        body: 'Terima kasih sudah berbelanja.',
        bodyExamples: [],
        footer: null,
        buttons: [],
      }),
    ).toEqual([]);
  });

  describe('name', () => {
    it.each([
      ['', 'required'],
      ['   ', 'required'],
      ['Promo', 'name_format'],
      ['promo akhir', 'name_format'],
      ['promo-akhir', 'name_format'],
      ['promo.akhir', 'name_format'],
      ['promoé', 'name_format'],
    ])('%j breaks %s', (name, code) => {
      expect(problems({ name })).toEqual([{ path: ['name'], code }]);
    });

    it('takes lowercase letters, digits and underscores up to the limit', () => {
      expect(problems({ name: '_1a_b2_' })).toEqual([]);
      expect(problems({ name: 'a'.repeat(TEMPLATE_NAME_MAX) })).toEqual([]);
      expect(problems({ name: 'a'.repeat(TEMPLATE_NAME_MAX + 1) })).toEqual([
        { path: ['name'], code: 'too_long', limit: TEMPLATE_NAME_MAX },
      ]);
    });
  });

  describe('body', () => {
    it('is required and at most the limit long', () => {
      expect(problems({ body: ' \n', bodyExamples: [] })).toEqual([{ path: ['body'], code: 'required' }]);
      const long = `Halo {{1}}, ${'x'.repeat(TEMPLATE_BODY_MAX)}.`;
      expect(problems({ body: long })).toEqual([
        { path: ['body'], code: 'too_long', limit: TEMPLATE_BODY_MAX },
      ]);
      const exact = `Halo {{1}} ${'x'.repeat(TEMPLATE_BODY_MAX - 'Halo {{1}} '.length)}`;
      expect(exact).toHaveLength(TEMPLATE_BODY_MAX);
      expect(problems({ body: exact, bodyExamples: ['Budi'] })).toEqual([]);
    });

    it.each([
      ['Halo {{ 1 }}, apa kabar?', 'spaces inside the braces'],
      ['Halo {{1}, apa kabar?', 'a brace missing'],
      ['Halo {1}}, apa kabar?', 'a brace missing before'],
      ['Halo {{}}, apa kabar?', 'nothing inside'],
      ['Halo {{nama}}, apa kabar?', 'a named variable'],
      ['Halo {{1a}}, apa kabar?', 'letters in the number'],
      ['Halo {{01}}, apa kabar?', 'a leading zero'],
      ['Halo {{1}}, kode {{2}} berlaku }} sampai besok.', 'a stray closing pair'],
    ])('refuses malformed variables: %j (%s)', (body) => {
      expect(problems({ body })).toEqual([{ path: ['body'], code: 'variable_format' }]);
    });

    it.each([
      ['Halo {{2}}, pesanan {{1}} siap.', 'wrong order'],
      ['Halo {{1}}, pesanan {{3}} siap.', 'a gap'],
      ['Halo {{2}}, pesanan siap.', 'not starting at 1'],
      ['Halo {{0}}, pesanan siap.', 'starting at 0'],
      ['Halo {{1}}, {{2}} dan {{4}} siap, juga {{3}} ya.', 'first appearances out of order'],
    ])('refuses variables not numbered 1..n in order of first appearance: %j (%s)', (body) => {
      expect(problems({ body })).toEqual([{ path: ['body'], code: 'variable_sequence' }]);
    });

    it('lets a variable appear again', () => {
      expect(problems({ body: 'Halo {{1}}, ini {{2}} untuk {{1}} saja.' })).toEqual([]);
    });

    it.each([
      ['{{1}}, pesanan {{2}} siap.', ['variable_at_start']],
      ['  {{1}} pesanan {{2}} siap.', ['variable_at_start']],
      ['Halo {{1}}, pesanan siap: {{2}}', ['variable_at_end']],
      ['Halo {{1}}, pesanan siap: {{2}} \n', ['variable_at_end']],
      ['Halo {{1}}{{2}} siap.', ['variables_adjacent']],
      ['Halo {{1}} {{2}} siap.', ['variables_adjacent']],
      ['Halo {{1}}, {{2}} siap.', ['variables_adjacent']],
      ['Halo {{1}} - {{2}} siap.', ['variables_adjacent']],
      ['{{1}}', ['variable_at_start', 'variable_at_end']],
      ['{{1}} {{2}}', ['variable_at_start', 'variable_at_end', 'variables_adjacent']],
    ])('refuses %j: %j', (body, codes) => {
      expect(problems({ body }).map((problem) => [problem.path, problem.code])).toEqual(
        codes.map((code) => [['body'], code]),
      );
    });

    it("lets punctuation or an emoji open or close the body, as Meta's own example ends with `{{3}}.`", () => {
      expect(problems({ body: 'Halo {{1}}, pesanan siap: {{2}}.' })).toEqual([]);
      expect(problems({ body: '👋 {{1}}, pesanan {{2}} siap 🎉' })).toEqual([]);
    });

    it('counts letters and digits of any script as text between and around variables', () => {
      expect(problems({ body: 'Kode {{1}} 2 {{2}} ok' })).toEqual([]);
      expect(problems({ body: 'こんにちは {{1}} と {{2}} です' })).toEqual([]);
    });

    it('wants one example per variable, on one line', () => {
      expect(problems({ bodyExamples: [] })).toEqual([
        { path: ['bodyExamples', 0], code: 'example_required' },
        { path: ['bodyExamples', 1], code: 'example_required' },
      ]);
      expect(problems({ bodyExamples: ['Budi', '  '] })).toEqual([
        { path: ['bodyExamples', 1], code: 'example_required' },
      ]);
      expect(problems({ bodyExamples: ['Bu\ndi', 'Rp\t1'] })).toEqual([
        { path: ['bodyExamples', 0], code: 'example_format' },
        { path: ['bodyExamples', 1], code: 'example_format' },
      ]);
      expect(problems({ bodyExamples: ['Budi', 'Rp     1'] })).toEqual([
        { path: ['bodyExamples', 1], code: 'example_format' },
      ]);
      expect(problems({ bodyExamples: ['Budi', 'Rp    1'] })).toEqual([]);
      expect(problems({ bodyExamples: ['Budi', 'x'.repeat(TEMPLATE_VALUE_MAX + 1)] })).toEqual([
        { path: ['bodyExamples', 1], code: 'too_long', limit: TEMPLATE_VALUE_MAX },
      ]);
    });

    it('ignores examples past the last variable (left over after deleting one)', () => {
      expect(problems({ bodyExamples: ['Budi', 'Rp150.000', 'lama\n'] })).toEqual([]);
    });

    it('does not ask for examples while the variables themselves are wrong', () => {
      expect(problems({ body: 'Halo {{2}} siap.', bodyExamples: [] })).toEqual([
        { path: ['body'], code: 'variable_sequence' },
      ]);
    });

    it('keeps single braces as text (not variables)', () => {
      expect(problems({ body: 'Halo {nama}, pesanan {{1}} siap.', bodyExamples: ['A-1'] })).toEqual([]);
    });
  });

  describe('header', () => {
    it('takes no header, or a text header without variables', () => {
      expect(problems({ header: null })).toEqual([]);
      expect(problems({ header: { format: 'TEXT', text: 'Tagihan bulan ini', example: null } })).toEqual([]);
    });

    it('checks a text header: required, one line, at most the limit long', () => {
      expect(problems({ header: { format: 'TEXT', text: ' ', example: null } })).toEqual([
        { path: ['header', 'text'], code: 'required' },
      ]);
      expect(problems({ header: { format: 'TEXT', text: 'Tagihan\nbaru', example: null } })).toEqual([
        { path: ['header', 'text'], code: 'single_line' },
      ]);
      expect(
        problems({ header: { format: 'TEXT', text: 'x'.repeat(TEMPLATE_HEADER_TEXT_MAX), example: null } }),
      ).toEqual([]);
      expect(
        problems({
          header: { format: 'TEXT', text: 'x'.repeat(TEMPLATE_HEADER_TEXT_MAX + 1), example: null },
        }),
      ).toEqual([{ path: ['header', 'text'], code: 'too_long', limit: TEMPLATE_HEADER_TEXT_MAX }]);
    });

    it('allows one variable, {{1}}, with its example', () => {
      expect(problems({ header: { format: 'TEXT', text: 'Tagihan {{1}} dan {{2}}', example: 'x' } })).toEqual(
        [{ path: ['header', 'text'], code: 'header_variables', limit: 1 }],
      );
      expect(problems({ header: { format: 'TEXT', text: 'Tagihan {{2}}', example: 'x' } })).toEqual([
        { path: ['header', 'text'], code: 'variable_sequence' },
      ]);
      expect(problems({ header: { format: 'TEXT', text: 'Tagihan {{bulan}}', example: 'x' } })).toEqual([
        { path: ['header', 'text'], code: 'variable_format' },
      ]);
      expect(problems({ header: { format: 'TEXT', text: 'Tagihan {{1}}', example: null } })).toEqual([
        { path: ['header', 'example'], code: 'example_required' },
      ]);
      expect(problems({ header: { format: 'TEXT', text: 'Tagihan {{1}}', example: 'Des\tember' } })).toEqual([
        { path: ['header', 'example'], code: 'example_format' },
      ]);
      // Unlike the body, a header may be only its variable.
      expect(problems({ header: { format: 'TEXT', text: '{{1}}', example: 'Desember' } })).toEqual([]);
    });

    it.each(['IMAGE', 'VIDEO', 'DOCUMENT'] as const)('needs a sample link for a %s header', (format) => {
      expect(problems({ header: { format, exampleUrl: 'https://cdn.example.id/contoh.bin' } })).toEqual([]);
      expect(problems({ header: { format, exampleUrl: null } })).toEqual([
        { path: ['header', 'exampleUrl'], code: 'media_example_required' },
      ]);
      expect(problems({ header: { format, exampleUrl: ' ' } })).toEqual([
        { path: ['header', 'exampleUrl'], code: 'media_example_required' },
      ]);
      expect(problems({ header: { format, exampleUrl: 'ftp://cdn.example.id/a.jpg' } })).toEqual([
        { path: ['header', 'exampleUrl'], code: 'url_invalid' },
      ]);
      expect(
        problems({ header: { format, exampleUrl: `https://a.id/${'x'.repeat(TEMPLATE_URL_MAX)}` } }),
      ).toEqual([{ path: ['header', 'exampleUrl'], code: 'too_long', limit: TEMPLATE_URL_MAX }]);
    });
  });

  describe('footer', () => {
    it('is optional (empty is none), one line, without variables, at most the limit long', () => {
      expect(problems({ footer: null })).toEqual([]);
      expect(problems({ footer: '' })).toEqual([]);
      expect(problems({ footer: 'x'.repeat(TEMPLATE_FOOTER_MAX) })).toEqual([]);
      expect(problems({ footer: 'x'.repeat(TEMPLATE_FOOTER_MAX + 1) })).toEqual([
        { path: ['footer'], code: 'too_long', limit: TEMPLATE_FOOTER_MAX },
      ]);
      expect(problems({ footer: 'Sapa\nPulsa' })).toEqual([{ path: ['footer'], code: 'single_line' }]);
      expect(problems({ footer: 'Salam {{1}}' })).toEqual([{ path: ['footer'], code: 'no_variables' }]);
      expect(problems({ footer: 'Salam {1}' })).toEqual([]);
    });
  });

  describe('buttons', () => {
    it('counts buttons in all, link buttons and phone buttons', () => {
      const tenQuick = Array.from({ length: 10 }, (_, index) => quick(`Pilihan ${index}`));
      expect(problems({ buttons: tenQuick })).toEqual([]);
      expect(problems({ buttons: [...tenQuick, quick('Pilihan 10')] })).toEqual([
        { path: ['buttons'], code: 'buttons_max', limit: 10 },
      ]);
      expect(
        problems({
          buttons: [
            link('https://a.id/1', null, 'A'),
            link('https://a.id/2', null, 'B'),
            link('https://a.id/3', null, 'C'),
          ],
        }),
      ).toEqual([{ path: ['buttons'], code: 'url_buttons_max', limit: 2 }]);
      expect(problems({ buttons: [phone('+6281210009000', 'A'), phone('+6281210009001', 'B')] })).toEqual([
        { path: ['buttons'], code: 'phone_buttons_max', limit: 1 },
      ]);
    });

    it('wants button texts present, short, on one line, without variables and different', () => {
      expect(problems({ buttons: [quick(' ')] })).toEqual([
        { path: ['buttons', 0, 'text'], code: 'required' },
      ]);
      expect(problems({ buttons: [quick('x'.repeat(TEMPLATE_BUTTON_TEXT_MAX))] })).toEqual([]);
      expect(problems({ buttons: [quick('x'.repeat(TEMPLATE_BUTTON_TEXT_MAX + 1))] })).toEqual([
        { path: ['buttons', 0, 'text'], code: 'too_long', limit: TEMPLATE_BUTTON_TEXT_MAX },
      ]);
      expect(problems({ buttons: [quick('Ya\nTidak')] })).toEqual([
        { path: ['buttons', 0, 'text'], code: 'single_line' },
      ]);
      expect(problems({ buttons: [quick('Ya {{1}}')] })).toEqual([
        { path: ['buttons', 0, 'text'], code: 'no_variables' },
      ]);
      expect(
        problems({ buttons: [quick('Ya'), quick('Tidak'), link('https://a.id', null, ' ya ')] }),
      ).toEqual([{ path: ['buttons', 2, 'text'], code: 'button_text_duplicate' }]);
    });

    it.each([
      [['Q', 'Q', 'U', 'P'], null],
      [['U', 'P', 'Q', 'Q'], null],
      [['Q', 'Q'], null],
      [['U', 'P'], null],
      [['Q', 'U', 'Q'], 2],
      [['U', 'Q', 'P'], 2],
      [['U', 'Q', 'Q', 'P', 'Q'], 3],
    ] as const)('keeps quick replies grouped: %j', (kinds, at) => {
      const buttons = kinds.map((kind, index): TemplateButton => {
        if (kind === 'Q') return quick(`Balas ${index}`);
        if (kind === 'U') return link(`https://a.id/${index}`, null, `Buka ${index}`);
        return phone('+6281210009000', `Telepon ${index}`);
      });
      expect(problems({ buttons })).toEqual(
        at === null ? [] : [{ path: ['buttons', at], code: 'quick_replies_grouped' }],
      );
    });

    it.each([
      ['', 'required'],
      ['bayar.example.id/t', 'url_invalid'],
      ['ftp://bayar.example.id/t', 'url_invalid'],
      ['javascript:alert(1)', 'url_invalid'],
      ['https://', 'url_invalid'],
      ['{{1}}', 'url_invalid'],
      ['https://a.id/{{1}}/bayar', 'url_variable'],
      ['https://a.id/{{2}}', 'url_variable'],
      ['https://a.id/{{kode}}', 'url_variable'],
      ['https://a.id/{{1}}{{1}}', 'url_variable'],
      ['https://a.id/{{ 1 }}', 'url_variable'],
      ['https://a.id/?{{1}}=x', 'url_variable'],
    ])('checks a link: %j breaks %s', (url, code) => {
      expect(problems({ buttons: [link(url, 'https://a.id/x')] })).toEqual([
        { path: ['buttons', 0, 'url'], code },
      ]);
    });

    it('takes a link of at most the limit', () => {
      const url = `https://a.id/${'x'.repeat(TEMPLATE_URL_MAX)}`;
      expect(problems({ buttons: [link(url)] })).toEqual([
        { path: ['buttons', 0, 'url'], code: 'too_long', limit: TEMPLATE_URL_MAX },
      ]);
    });

    it('wants a full example link for a link ending with {{1}}', () => {
      const url = 'https://bayar.example.id/t?ref={{1}}';
      expect(problems({ buttons: [link(url, 'https://bayar.example.id/t?ref=wa-42')] })).toEqual([]);
      expect(problems({ buttons: [link(url, null)] })).toEqual([
        { path: ['buttons', 0, 'example'], code: 'example_required' },
      ]);
      expect(problems({ buttons: [link(url, 'wa-42')] })).toEqual([
        { path: ['buttons', 0, 'example'], code: 'url_example' },
      ]);
      expect(problems({ buttons: [link(url, 'https://lain.example.id/t?ref=wa-42')] })).toEqual([
        { path: ['buttons', 0, 'example'], code: 'url_example' },
      ]);
      expect(problems({ buttons: [link(url, 'https://bayar.example.id/t?ref=')] })).toEqual([
        { path: ['buttons', 0, 'example'], code: 'url_example' },
      ]);
      expect(problems({ buttons: [link(url, 'https://bayar.example.id/t?ref=wa 42')] })).toEqual([
        { path: ['buttons', 0, 'example'], code: 'url_example' },
      ]);
      // A link without a variable needs no example (one given is ignored).
      expect(problems({ buttons: [link('https://bayar.example.id/t', 'anything')] })).toEqual([]);
    });

    it('lets only one link button have a variable (one suffix per send)', () => {
      const buttons = [
        link('https://a.id/a/{{1}}', 'https://a.id/a/1', 'A'),
        link('https://a.id/b/{{1}}', 'https://a.id/b/1', 'B'),
      ];
      expect(problems({ buttons })).toEqual([
        { path: ['buttons', 1, 'url'], code: 'url_variables_max', limit: 1 },
      ]);
    });

    it('wants a valid phone number', () => {
      expect(problems({ buttons: [phone('081210009000')] })).toEqual([]);
      expect(problems({ buttons: [phone('12')] })).toEqual([
        { path: ['buttons', 0, 'phoneNumber'], code: 'phone_invalid' },
      ]);
    });
  });

  it('reports every broken rule at once, in the order of the fields', () => {
    expect(
      templateDraftProblems({
        ...valid,
        name: 'Bad Name',
        header: { format: 'IMAGE', exampleUrl: null },
        body: '{{1}} and more',
        bodyExamples: [],
        footer: 'x\ny',
        buttons: [quick('A'), link('https://a.id', null, 'B'), quick('A')],
      }).map((problem) => `${problem.path.join('.')}:${problem.code}`),
    ).toEqual([
      'name:name_format',
      'header.exampleUrl:media_example_required',
      'body:variable_at_start',
      'bodyExamples.0:example_required',
      'footer:single_line',
      'buttons.2:quick_replies_grouped',
      'buttons.2.text:button_text_duplicate',
    ]);
  });
});

describe('the problems’ texts', () => {
  it('has an Indonesian and an English text for every code', () => {
    for (const code of templateProblemCodes) {
      const { key } = templateProblemMessage({ path: [], code });
      expect(Object.hasOwn(messages.id, key), key).toBe(true);
      expect(Object.hasOwn(messages.en, key), key).toBe(true);
    }
  });

  it('fills in the limit', () => {
    const message = templateProblemMessage({ path: ['body'], code: 'too_long', limit: TEMPLATE_BODY_MAX });
    expect(translate('id', message.key, message.params)).toBe('Maksimal 1024 karakter.');
    expect(translate('en', message.key, message.params)).toBe('At most 1024 characters.');
    const count = templateProblemMessage({ path: ['buttons'], code: 'buttons_max', limit: 10 });
    expect(translate('en', count.key, count.params)).toBe('At most 10 buttons.');
  });

  it('keeps the written variables of texts that show them', () => {
    const message = templateProblemMessage({ path: ['header', 'text'], code: 'header_variables', limit: 1 });
    expect(translate('id', message.key, message.params)).toBe(
      'Judul hanya boleh berisi satu variabel, {{1}}.',
    );
  });
});

describe('the contract', () => {
  it('refuses a draft that breaks a rule with the rule’s code and limit on the field', () => {
    const result = acts.template_create.input.safeParse({
      key: 'toko-budi',
      accountId: '00000000-0000-4000-8000-000000000001',
      template: { ...valid, body: `Halo {{1}} ${'x'.repeat(TEMPLATE_BODY_MAX)}.` },
    });
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((found) => found.path.join('.') === 'template.body');
    expect(issue).toMatchObject({
      code: 'custom',
      message: 'too_long',
      params: { templateRule: true, limit: TEMPLATE_BODY_MAX },
    });
  });

  it('accepts a draft that keeps the rules', () => {
    const result = acts.template_create.input.safeParse({
      key: 'toko-budi',
      accountId: '00000000-0000-4000-8000-000000000001',
      template: valid,
    });
    expect(result.error?.issues ?? []).toEqual([]);
  });
});
