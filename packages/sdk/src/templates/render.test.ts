import { describe, expect, it } from 'vitest';
import type { MessageTemplate } from '../contract/templateTypes.ts';
import { renderTemplate, sentTemplateOf } from './render.ts';
import type { TemplateContent } from './values.ts';

const order: TemplateContent = {
  header: { format: 'TEXT', text: 'Pesanan {{1}}', example: 'INV-1' },
  body: 'Halo {{1}}, pesanan {{2}} sudah dikirim. Terima kasih, {{1}}, sampai jumpa.',
  bodyExamples: ['Budi', 'INV-2025-0042'],
  footer: 'Toko Sapa',
  buttons: [
    {
      type: 'URL',
      text: 'Lacak',
      url: 'https://toko.example.id/lacak/{{1}}',
      example: 'https://toko.example.id/lacak/INV-1',
    },
    { type: 'URL', text: 'Toko', url: 'https://toko.example.id', example: null },
    { type: 'PHONE_NUMBER', text: 'Telepon', phoneNumber: '+6281210009000' },
    { type: 'QUICK_REPLY', text: 'Terima kasih' },
  ],
};

describe('renderTemplate', () => {
  it('shows the examples in the editor’s preview', () => {
    expect(renderTemplate(order, 'examples')).toEqual({
      header: { format: 'TEXT', text: 'Pesanan INV-1', mediaUrl: null },
      body: 'Halo Budi, pesanan INV-2025-0042 sudah dikirim. Terima kasih, Budi, sampai jumpa.',
      footer: 'Toko Sapa',
      buttons: [
        { type: 'URL', text: 'Lacak', url: 'https://toko.example.id/lacak/INV-1' },
        { type: 'URL', text: 'Toko', url: 'https://toko.example.id' },
        { type: 'PHONE_NUMBER', text: 'Telepon', phoneNumber: '+6281210009000' },
        { type: 'QUICK_REPLY', text: 'Terima kasih' },
      ],
    });
  });

  it('shows the values in the picker and for a sent message', () => {
    const rendered = renderTemplate(order, { body: ['Siti', 'INV-9'], header: 'INV-9', buttonUrl: 'INV-9' });
    expect(rendered.header).toEqual({ format: 'TEXT', text: 'Pesanan INV-9', mediaUrl: null });
    expect(rendered.body).toBe('Halo Siti, pesanan INV-9 sudah dikirim. Terima kasih, Siti, sampai jumpa.');
    expect(rendered.buttons[0]).toEqual({
      type: 'URL',
      text: 'Lacak',
      url: 'https://toko.example.id/lacak/INV-9',
    });
  });

  it('keeps unfilled variables as written', () => {
    const rendered = renderTemplate(order, { body: ['Siti', ''] });
    expect(rendered.header?.text).toBe('Pesanan {{1}}');
    expect(rendered.body).toBe('Halo Siti, pesanan {{2}} sudah dikirim. Terima kasih, Siti, sampai jumpa.');
    expect(rendered.buttons[0]?.url).toBe('https://toko.example.id/lacak/{{1}}');
    const fresh = renderTemplate(
      { ...order, bodyExamples: [], header: { format: 'TEXT', text: 'Pesanan {{1}}', example: null } },
      'examples',
    );
    expect(fresh.body).toBe('Halo {{1}}, pesanan {{2}} sudah dikirim. Terima kasih, {{1}}, sampai jumpa.');
    expect(fresh.header?.text).toBe('Pesanan {{1}}');
  });

  it('shows a media header by its kind, with its sample in the preview', () => {
    const promo: TemplateContent = {
      ...order,
      header: { format: 'VIDEO', exampleUrl: 'https://cdn.example.id/v.mp4' },
    };
    expect(renderTemplate(promo, 'examples').header).toEqual({
      format: 'VIDEO',
      text: null,
      mediaUrl: 'https://cdn.example.id/v.mp4',
    });
    expect(renderTemplate(promo, { body: ['a', 'b'], headerMediaId: 'm' }).header).toEqual({
      format: 'VIDEO',
      text: null,
      mediaUrl: null,
    });
    expect(renderTemplate({ ...order, header: null }, 'examples').header).toBeNull();
  });

  it('renders a template with named variables', () => {
    const named: TemplateContent = {
      header: null,
      body: 'Halo {{first_name}}, bonus {{bonus_percent}}! Salam, {{first_name}}.',
      bodyExamples: ['Budi', '10%'],
      footer: null,
      buttons: [],
    };
    expect(renderTemplate(named, 'examples').body).toBe('Halo Budi, bonus 10%! Salam, Budi.');
    expect(renderTemplate(named, { body: ['Siti'] }).body).toBe(
      'Halo Siti, bonus {{bonus_percent}}! Salam, Siti.',
    );
  });

  it('has no footer when it is empty', () => {
    expect(renderTemplate({ ...order, footer: '' }, 'examples').footer).toBeNull();
    expect(renderTemplate({ ...order, footer: null }, 'examples').footer).toBeNull();
  });
});

describe('sentTemplateOf', () => {
  const template: MessageTemplate = {
    ...order,
    id: 'tpl-1',
    accountId: 'acc-1',
    wabaId: '102938475610293',
    metaId: '1387372356726668',
    name: 'order_update',
    language: 'id',
    category: 'UTILITY',
    status: 'APPROVED',
    reason: null,
    previousCategory: null,
    updatedAt: '2025-11-20T00:00:00.000Z',
  };

  it('keeps what the thread shows and gives the rendered body as the caption', () => {
    expect(
      sentTemplateOf(template, { body: ['Siti', 'INV-9'], header: 'INV-9', buttonUrl: 'INV-9' }),
    ).toEqual({
      template: {
        templateId: 'tpl-1',
        name: 'order_update',
        language: 'id',
        category: 'UTILITY',
        header: { format: 'TEXT', text: 'Pesanan INV-9' },
        footer: 'Toko Sapa',
        buttons: [
          { type: 'URL', text: 'Lacak' },
          { type: 'URL', text: 'Toko' },
          { type: 'PHONE_NUMBER', text: 'Telepon' },
          { type: 'QUICK_REPLY', text: 'Terima kasih' },
        ],
      },
      caption: 'Halo Siti, pesanan INV-9 sudah dikirim. Terima kasih, Siti, sampai jumpa.',
    });
  });

  it('has no template id for a template not stored here', () => {
    const { id: _id, ...unstored } = template;
    expect(sentTemplateOf(unstored, { body: ['a', 'b'] }).template.templateId).toBeNull();
  });
});
