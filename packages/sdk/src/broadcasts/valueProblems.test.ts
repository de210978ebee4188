import { describe, expect, it } from 'vitest';
import type { BroadcastValue } from '../contract/broadcastTypes.ts';
import type { TemplateContent } from '../templates/values.ts';
import { broadcastValueProblems, broadcastValueSourcesFor } from './valueProblems.ts';

const orderUpdate: TemplateContent = {
  header: { format: 'TEXT', text: 'Halo {{1}}', example: 'Sari' },
  body: 'Pesanan ke {{1}} dikirim {{2}}.',
  bodyExamples: ['Bandung', 'hari ini'],
  footer: null,
  buttons: [
    { type: 'URL', text: 'Lacak', url: 'https://toko.id/lacak/{{1}}', example: 'https://toko.id/lacak/A1' },
  ],
};

const promo: TemplateContent = {
  header: { format: 'IMAGE', exampleUrl: 'https://toko.id/contoh.jpg' },
  body: 'Diskon untuk Anda.',
  bodyExamples: [],
  footer: null,
  buttons: [],
};

const fixed = (value: string): BroadcastValue => ({ source: 'fixed', value, fallback: '' });
const name: BroadcastValue = { source: 'name', value: '', fallback: '' };
const field = (value: string, fallback: string): BroadcastValue => ({ source: 'field', value, fallback });

describe('broadcastValueProblems', () => {
  it('takes values that fill every slot, from any source', () => {
    expect(
      broadcastValueProblems(orderUpdate, {
        header: name,
        body: [field('Kota', 'kota Anda'), fixed('hari ini')],
        buttonUrl: { source: 'phone', value: '', fallback: '' },
      }),
    ).toEqual([]);
  });

  it('names each problem at its path: a missing fixed text, a field without its name or fallback', () => {
    const paths = broadcastValueProblems(orderUpdate, {
      header: fixed(''),
      body: [field('', ''), fixed('  a\tb')],
      buttonUrl: fixed('A 1'),
    }).map((problem) => [problem.path.join('.'), problem.key]);
    expect(paths).toEqual([
      ['body.1.value', 'template.rule.value_format'],
      ['header.value', 'template.rule.value_required'],
      ['buttonUrl.value', 'template.rule.url_value_format'],
      ['body.0.value', 'field.broadcast_field_required'],
      ['body.0.fallback', 'field.broadcast_fallback_required'],
    ]);
  });

  it('refuses a name as a link’s suffix, a fallback Meta would refuse, and a media header without its file', () => {
    const link = broadcastValueProblems(orderUpdate, {
      header: { source: 'name', value: '', fallback: 'a\nb' },
      body: [fixed('Bandung'), fixed('besok')],
      buttonUrl: name,
    }).map((problem) => problem.path.join('.'));
    expect(link).toEqual(['header.fallback', 'buttonUrl.source']);
    expect(broadcastValueProblems(promo, { body: [] }).map((problem) => problem.key)).toEqual([
      'template.rule.media_required',
    ]);
  });
});

describe('broadcastValueSourcesFor', () => {
  it('offers every source but a name for a link’s suffix', () => {
    expect(broadcastValueSourcesFor('body')).toEqual(['fixed', 'name', 'phone', 'field']);
    expect(broadcastValueSourcesFor('buttonUrl')).toEqual(['fixed', 'phone', 'field']);
  });
});
