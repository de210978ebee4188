import { describe, expect, it } from 'vitest';
import { TEMPLATE_VALUE_MAX } from '../constants.ts';
import type { TemplateValues } from '../contract/templateTypes.ts';
import {
  fillTemplatePlaceholder,
  fillTemplatePlaceholders,
  prefillTemplateValues,
  templateValueProblems,
  templateValueSlots,
} from './values.ts';
import type { TemplateContent, TemplateContext } from './values.ts';

const reminder: TemplateContent = {
  header: { format: 'TEXT', text: 'Tagihan {{1}}', example: 'Desember' },
  body: 'Halo {{1}}, tagihan {{2}} jatuh tempo besok, {{1}}.',
  bodyExamples: ['{nama}', 'Rp150.000'],
  footer: null,
  buttons: [
    { type: 'QUICK_REPLY', text: 'Sudah bayar' },
    { type: 'URL', text: 'Bantuan', url: 'https://a.id/bantuan', example: null },
    { type: 'URL', text: 'Bayar', url: 'https://a.id/t/{{1}}', example: 'https://a.id/t/INV-1' },
  ],
};

const promo: TemplateContent = {
  header: { format: 'IMAGE', exampleUrl: 'https://cdn.example.id/promo.jpg' },
  body: 'Promo spesial untuk kamu hari ini.',
  bodyExamples: [],
  footer: 'Sapa',
  buttons: [],
};

const named: TemplateContent = {
  header: null,
  body: 'Halo {{first_name}}, bonus {{bonus_percent}} sampai {{end_date}}.',
  bodyExamples: ['Budi', '10%', '30 November'],
  footer: null,
  buttons: [],
};

const context: TemplateContext = {
  name: 'Siti Aminah',
  phone: '+6281234567890',
  agent: 'Rina',
  customFields: { Kota: 'Bandung', 'Nomor Pelanggan': 'PLG-7' },
};

describe('templateValueSlots', () => {
  it('names what a send fills', () => {
    expect(templateValueSlots(reminder)).toEqual({
      body: ['1', '2'],
      header: '1',
      headerMedia: null,
      buttonUrl: { index: 2, text: 'Bayar', url: 'https://a.id/t/{{1}}' },
    });
    expect(templateValueSlots(promo)).toEqual({
      body: [],
      header: null,
      headerMedia: 'IMAGE',
      buttonUrl: null,
    });
    expect(templateValueSlots(named).body).toEqual(['first_name', 'bonus_percent', 'end_date']);
  });

  it('has no header slot for a text header without a variable', () => {
    expect(
      templateValueSlots({ ...promo, header: { format: 'TEXT', text: 'Promo', example: null } }).header,
    ).toBeNull();
  });
});

describe('templateValueProblems', () => {
  const filled: TemplateValues = { body: ['Budi', 'Rp150.000'], header: 'Desember', buttonUrl: 'INV-42' };

  it('accepts values that fill every slot', () => {
    expect(templateValueProblems(reminder, filled)).toEqual([]);
    expect(templateValueProblems(promo, { body: [], headerMediaId: 'media-1' })).toEqual([]);
    expect(templateValueProblems(named, { body: ['Budi', '10%', '30 Nov'] })).toEqual([]);
  });

  it('wants every slot filled', () => {
    expect(templateValueProblems(reminder, { body: ['Budi'] })).toEqual([
      { path: ['body', 1], code: 'value_required' },
      { path: ['header'], code: 'value_required' },
      { path: ['buttonUrl'], code: 'value_required' },
    ]);
    expect(templateValueProblems(reminder, { ...filled, body: [' ', 'Rp1'], header: '' })).toEqual([
      { path: ['body', 0], code: 'value_required' },
      { path: ['header'], code: 'value_required' },
    ]);
    expect(templateValueProblems(promo, { body: [] })).toEqual([
      { path: ['headerMediaId'], code: 'media_required' },
    ]);
    expect(templateValueProblems(promo, { body: [], headerMediaId: '' })).toEqual([
      { path: ['headerMediaId'], code: 'media_required' },
    ]);
  });

  it.each([['two\nlines'], ['carriage\rreturn'], ['a\ttab'], ['five     spaces']])(
    'refuses what Meta refuses in a parameter: %j',
    (value) => {
      expect(templateValueProblems(reminder, { ...filled, body: ['Budi', value], header: value })).toEqual([
        { path: ['body', 1], code: 'value_format' },
        { path: ['header'], code: 'value_format' },
      ]);
    },
  );

  it('takes four spaces in a row and values up to the limit', () => {
    expect(
      templateValueProblems(reminder, {
        ...filled,
        body: ['Budi    Santoso', 'x'.repeat(TEMPLATE_VALUE_MAX)],
      }),
    ).toEqual([]);
    expect(
      templateValueProblems(reminder, { ...filled, body: ['Budi', 'x'.repeat(TEMPLATE_VALUE_MAX + 1)] }),
    ).toEqual([{ path: ['body', 1], code: 'too_long', limit: TEMPLATE_VALUE_MAX }]);
  });

  it('refuses spaces in the link suffix', () => {
    expect(templateValueProblems(reminder, { ...filled, buttonUrl: 'INV 42' })).toEqual([
      { path: ['buttonUrl'], code: 'url_value_format' },
    ]);
  });

  it('refuses values the template has no slot for', () => {
    expect(
      templateValueProblems(promo, {
        body: ['x', 'y'],
        header: 'x',
        headerMediaId: 'media-1',
        buttonUrl: 'x',
      }),
    ).toEqual([
      { path: ['body', 0], code: 'value_extra' },
      { path: ['body', 1], code: 'value_extra' },
      { path: ['header'], code: 'value_extra' },
      { path: ['buttonUrl'], code: 'value_extra' },
    ]);
    expect(templateValueProblems(reminder, { ...filled, headerMediaId: 'media-1' })).toEqual([
      { path: ['headerMediaId'], code: 'value_extra' },
    ]);
    expect(templateValueProblems(reminder, { ...filled, body: ['Budi', 'Rp1', 'lagi'] })).toEqual([
      { path: ['body', 2], code: 'value_extra' },
    ]);
  });

  it('counts empty optional values as not given', () => {
    expect(templateValueProblems(promo, { body: [], header: '', headerMediaId: 'm', buttonUrl: '' })).toEqual(
      [],
    );
  });
});

describe('fillTemplatePlaceholders', () => {
  it('fills the quick-reply placeholders and custom fields, by name, letter case aside', () => {
    expect(fillTemplatePlaceholder('{nama} ({nomor}) dari {Kota}, oleh {agen}', context)).toBe(
      'Siti Aminah (+6281234567890) dari Bandung, oleh Rina',
    );
    expect(fillTemplatePlaceholder('{kota} / {Nomor Pelanggan} / {nomor pelanggan}', context)).toBe(
      'Bandung / PLG-7 / PLG-7',
    );
  });

  it('keeps unknown placeholders as written and writes a brace for a doubled one', () => {
    expect(fillTemplatePlaceholder('{alamat} {{nama}} }}', context)).toBe('{alamat} {nama} }');
    const withoutAgent: TemplateContext = { name: 'Siti', phone: '+62812', customFields: {} };
    expect(fillTemplatePlaceholder('Salam, {agen}', withoutAgent)).toBe('Salam, {agen}');
  });

  it('prefers the standard placeholders to a custom field of the same name', () => {
    expect(fillTemplatePlaceholder('{nama}', { ...context, customFields: { nama: 'lain' } })).toBe(
      'Siti Aminah',
    );
  });

  it('does not fill placeholders inside filled-in values again', () => {
    expect(fillTemplatePlaceholder('{Kota}', { ...context, customFields: { Kota: '{nama}' } })).toBe(
      '{nama}',
    );
  });

  it('fills every text value and leaves the media id alone', () => {
    expect(
      fillTemplatePlaceholders(
        {
          body: ['{nama}', 'Rp1'],
          header: 'Untuk {nama}',
          headerMediaId: '{nama}',
          buttonUrl: '{Nomor Pelanggan}',
        },
        context,
      ),
    ).toEqual({
      body: ['Siti Aminah', 'Rp1'],
      header: 'Untuk Siti Aminah',
      headerMediaId: '{nama}',
      buttonUrl: 'PLG-7',
    });
    expect(fillTemplatePlaceholders({ body: [] }, context)).toEqual({ body: [] });
  });
});

describe('prefillTemplateValues', () => {
  it('fills a slot whose example is made of placeholders and leaves the other examples out', () => {
    expect(prefillTemplateValues(reminder, context)).toEqual({
      body: ['Siti Aminah', ''],
      header: '',
      buttonUrl: '',
    });
  });

  it('fills placeholders within an example, custom fields included', () => {
    const content: TemplateContent = {
      ...reminder,
      header: { format: 'TEXT', text: 'Untuk {{1}}', example: 'Kak {nama}' },
      bodyExamples: ['{Kota}', 'Agen {agen} ({nomor})'],
    };
    expect(prefillTemplateValues(content, context)).toEqual({
      body: ['Bandung', 'Agen Rina (+6281234567890)'],
      header: 'Kak Siti Aminah',
      buttonUrl: '',
    });
  });

  it('leaves a slot empty when a placeholder of its example is unknown here', () => {
    const content: TemplateContent = { ...reminder, bodyExamples: ['{Alamat}', '{nama} di {Alamat}'] };
    expect(prefillTemplateValues(content, context).body).toEqual(['', '']);
    const noAgent: TemplateContext = { name: 'Siti', phone: '+62812', customFields: {} };
    expect(prefillTemplateValues({ ...reminder, bodyExamples: ['{agen}', '{nama}'] }, noAgent).body).toEqual([
      '',
      'Siti',
    ]);
  });

  it('starts a media header and the slots of a template without examples empty', () => {
    expect(prefillTemplateValues(promo, context)).toEqual({ body: [], headerMediaId: '' });
    expect(prefillTemplateValues({ ...named, bodyExamples: [] }, context)).toEqual({ body: ['', '', ''] });
  });

  it('gives values that only miss what the agent must still fill', () => {
    const values = prefillTemplateValues(reminder, context);
    expect(templateValueProblems(reminder, values).map((problem) => problem.path.join('.'))).toEqual([
      'body.1',
      'header',
      'buttonUrl',
    ]);
  });
});
