import { describe, expect, it } from 'vitest';
import type { TemplateDraft, TemplateStatus } from '../contract/templateTypes.ts';
import { addEveryMessage, messages } from '../i18n/catalogue.ts';
import { translate } from '../i18n/translate.ts';

addEveryMessage();
import createPositional from './fixtures/create-request-marketing-positional.json' with { type: 'json' };
import listResponse from './fixtures/list-response.json' with { type: 'json' };
import sendMarketing from './fixtures/send-request-template-marketing.json' with { type: 'json' };
import sendPositional from './fixtures/send-request-template.json' with { type: 'json' };
import {
  isSendable,
  templateCategoryOf,
  templateCreateBody,
  templateErrorCodes,
  templateErrorKey,
  templateFromMeta,
  templateSendComponents,
  templateStatusOf,
} from './meta.ts';
import type { MetaTemplate } from './meta.ts';
import { templateDraftProblems } from './rules.ts';
import { templateValueProblems } from './values.ts';

const [promoMeta, orderMeta, rejectedMeta] = listResponse.data as MetaTemplate[];
if (promoMeta === undefined || orderMeta === undefined || rejectedMeta === undefined) {
  throw new Error('list-response.json lists three templates');
}

/** The draft that `create-request-marketing-positional.json` submits. */
const flashSale: TemplateDraft = {
  name: 'flash_sale_topup',
  language: 'id',
  category: 'MARKETING',
  header: { format: 'TEXT', text: 'Flash sale {{1}} dimulai!', example: 'Harbolnas' },
  body: 'Isi saldo sampai {{1}} dan pakai kode {{2}} untuk bonus {{3}}.',
  bodyExamples: ['31 Desember', 'HEMAT25', '25%'],
  footer: 'Promo terbatas',
  buttons: [
    { type: 'PHONE_NUMBER', text: 'Hubungi kami', phoneNumber: '+6281210009000' },
    { type: 'QUICK_REPLY', text: 'Berhenti promo' },
  ],
};

describe('templateCreateBody', () => {
  it('writes the positional create request as Meta documents it', () => {
    // Its body ends with `{{3}}.`: a closing full stop is not a dangling variable.
    expect(templateDraftProblems(flashSale)).toEqual([]);
    expect(templateCreateBody(flashSale)).toEqual({ ...createPositional, parameter_format: 'POSITIONAL' });
  });

  it('sends the media sample, the link example and a normalised phone; leaves out what is empty', () => {
    const draft: TemplateDraft = {
      ...flashSale,
      header: { format: 'IMAGE', exampleUrl: 'https://cdn.example.id/promo.jpg' },
      body: 'Promo untuk kamu.',
      bodyExamples: ['sisa'],
      footer: '',
      buttons: [
        {
          type: 'URL',
          text: 'Beli',
          url: 'https://toko.example.id/p/{{1}}',
          example: 'https://toko.example.id/p/42',
        },
        { type: 'URL', text: 'Toko', url: 'https://toko.example.id', example: 'ignored' },
        { type: 'PHONE_NUMBER', text: 'Telepon', phoneNumber: '081210009000' },
      ],
    };
    expect(templateCreateBody(draft).components).toEqual([
      { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['https://cdn.example.id/promo.jpg'] } },
      { type: 'BODY', text: 'Promo untuk kamu.' },
      {
        type: 'BUTTONS',
        buttons: [
          {
            type: 'URL',
            text: 'Beli',
            url: 'https://toko.example.id/p/{{1}}',
            example: ['https://toko.example.id/p/42'],
          },
          { type: 'URL', text: 'Toko', url: 'https://toko.example.id' },
          { type: 'PHONE_NUMBER', text: 'Telepon', phone_number: '+6281210009000' },
        ],
      },
    ]);
    expect(templateCreateBody({ ...draft, header: null, buttons: [] }).components).toEqual([
      { type: 'BODY', text: 'Promo untuk kamu.' },
    ]);
  });

  it('gives one example per body variable, a text header without a variable none', () => {
    const body = templateCreateBody({
      ...flashSale,
      header: { format: 'TEXT', text: 'Flash sale', example: 'unused' },
      bodyExamples: ['31 Desember', 'HEMAT25', '25%', 'left over'],
    });
    expect(body.components.slice(0, 2)).toEqual([
      { type: 'HEADER', format: 'TEXT', text: 'Flash sale' },
      { type: 'BODY', text: flashSale.body, example: { body_text: [['31 Desember', 'HEMAT25', '25%']] } },
    ]);
  });
});

describe('templateFromMeta', () => {
  it('reads a named template with an image header, a link and a quick reply', () => {
    expect(templateFromMeta(promoMeta)).toEqual({
      metaId: '1304694804498707',
      name: 'promo_topup_bonus',
      language: 'id',
      category: 'MARKETING',
      status: 'APPROVED',
      reason: null,
      content: {
        header: {
          format: 'IMAGE',
          exampleUrl: 'https://scontent.whatsapp.net/v/t61.29466-34/fake_header_image.jpg',
        },
        body: 'Halo {{first_name}}, isi saldo hari ini dan dapatkan bonus {{bonus_percent}}! Promo berlaku sampai {{end_date}}.',
        bodyExamples: ['Budi', '10%', '30 November'],
        footer: 'Balas STOP untuk berhenti menerima promo',
        buttons: [
          {
            type: 'URL',
            text: 'Isi saldo',
            url: 'https://toko.example.com/topup?ref={{1}}',
            example: 'https://toko.example.com/topup?ref=wa-promo-42',
          },
          { type: 'QUICK_REPLY', text: 'Berhenti promo' },
        ],
      },
      unsupported: [],
    });
  });

  it('reads a positional template and a rejected one without examples', () => {
    expect(templateFromMeta(orderMeta)).toMatchObject({
      metaId: '1387372356726668',
      name: 'order_update',
      category: 'UTILITY',
      status: 'APPROVED',
      content: {
        header: null,
        body: 'Halo {{1}}, pesanan {{2}} sudah kami terima dan sedang diproses.',
        bodyExamples: ['Budi', 'INV-2025-0042'],
        footer: null,
        buttons: [],
      },
    });
    expect(templateFromMeta(rejectedMeta)).toMatchObject({
      status: 'REJECTED',
      reason: null,
      content: { bodyExamples: [] },
    });
    expect(templateFromMeta({ ...rejectedMeta, rejected_reason: 'INVALID_FORMAT' }).reason).toBe(
      'INVALID_FORMAT',
    );
    expect(templateFromMeta({ ...rejectedMeta, rejected_reason: 'NONE' }).reason).toBeNull();
  });

  it('reads back what templateCreateBody writes', () => {
    const drafts: TemplateDraft[] = [
      flashSale,
      {
        ...flashSale,
        header: { format: 'DOCUMENT', exampleUrl: 'https://cdn.example.id/invoice.pdf' },
        footer: null,
        buttons: [
          { type: 'QUICK_REPLY', text: 'Ya' },
          { type: 'URL', text: 'Bayar', url: 'https://a.id/b/{{1}}', example: 'https://a.id/b/1' },
          { type: 'URL', text: 'Toko', url: 'https://a.id', example: null },
        ],
      },
    ];
    for (const draft of drafts) {
      const read = templateFromMeta({ ...templateCreateBody(draft), id: '1', status: 'PENDING' });
      expect(read.content).toEqual({
        header: draft.header,
        body: draft.body,
        bodyExamples: draft.bodyExamples,
        footer: draft.footer,
        buttons: draft.buttons,
      });
      expect(read).toMatchObject({ name: draft.name, language: draft.language, category: draft.category });
    }
  });

  it('reads lowercase types, a suffix-only link example, named header examples and numeric ids', () => {
    const read = templateFromMeta({
      id: 42,
      name: 'x',
      language: 'en_US',
      status: 'approved',
      category: 'utility',
      components: [
        {
          type: 'header',
          format: 'text',
          text: 'For {{who}}',
          example: { header_text_named_params: [{ param_name: 'who', example: 'Budi' }] },
        },
        { type: 'body', text: 'Hi {{1}} there' },
        {
          type: 'buttons',
          buttons: [{ type: 'url', text: 'Go', url: 'https://a.id/{{1}}', example: ['summer2023'] }],
        },
      ],
    });
    expect(read).toMatchObject({ metaId: '42', status: 'APPROVED', category: 'UTILITY', language: 'en_US' });
    expect(read.content.header).toEqual({ format: 'TEXT', text: 'For {{who}}', example: 'Budi' });
    expect(read.content.buttons).toEqual([
      { type: 'URL', text: 'Go', url: 'https://a.id/{{1}}', example: 'https://a.id/summer2023' },
    ]);
  });

  it('sets aside what Sapa cannot show and names it', () => {
    const read = templateFromMeta({
      id: '7',
      name: 'otp',
      language: 'id',
      status: 'APPROVED',
      category: 'AUTHENTICATION',
      components: [
        { type: 'HEADER', format: 'LOCATION' },
        { type: 'BODY', text: '{{1}} adalah kode verifikasi Anda.' },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'OTP', text: 'Salin kode' },
            { type: 'QUICK_REPLY', text: 'Bukan saya' },
          ],
        },
        { type: 'CAROUSEL' },
      ],
    });
    expect(read.content.header).toBeNull();
    expect(read.content.buttons).toEqual([{ type: 'QUICK_REPLY', text: 'Bukan saya' }]);
    expect(read.unsupported).toEqual(['header:LOCATION', 'button:OTP', 'component:CAROUSEL']);
  });

  it('keeps a media sample only when it is a link (not an upload handle)', () => {
    const read = templateFromMeta({
      components: [
        { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['4::aW1hZ2UvanBlZw==:ARbFAKE'] } },
      ],
    });
    expect(read.content.header).toEqual({ format: 'IMAGE', exampleUrl: null });
  });

  it('calls a status Sapa has no name for DISABLED with the status as the reason, an unknown category MARKETING', () => {
    expect(templateFromMeta({ ...orderMeta, status: 'ARCHIVED', category: 'SOMETHING_NEW' })).toMatchObject({
      status: 'DISABLED',
      reason: 'ARCHIVED',
      category: 'MARKETING',
    });
    expect(templateFromMeta({ name: 'bare' })).toMatchObject({ status: 'DISABLED', reason: null });
  });
});

describe('templateSendComponents', () => {
  it('builds the named marketing send: image header by id, named body parameters, the link suffix', () => {
    const promo = templateFromMeta(promoMeta).content;
    const values = {
      body: ['Budi', '10%', '30 November'],
      headerMediaId: 'media-1',
      buttonUrl: 'wa-promo-42',
    };
    expect(templateValueProblems(promo, values)).toEqual([]);
    const expected = sendMarketing.template.components.filter(
      (component) => !('sub_type' in component && component.sub_type === 'quick_reply'),
    );
    expect(templateSendComponents(promo, values, { id: '1339522734477770' })).toEqual(expected);
  });

  it('builds the positional send of order_update', () => {
    const order = templateFromMeta(orderMeta).content;
    expect(templateSendComponents(order, { body: ['Budi', 'INV-2025-0042'] })).toEqual(
      sendPositional.template.components,
    );
  });

  it('sends a text header’s value, a link or document media, and the link button by its index', () => {
    expect(templateSendComponents(flashSale, { body: ['a', 'b', 'c'], header: 'Harbolnas' })[0]).toEqual({
      type: 'header',
      parameters: [{ type: 'text', text: 'Harbolnas' }],
    });
    const invoice = {
      ...flashSale,
      header: { format: 'DOCUMENT', exampleUrl: null } as const,
      body: 'Tagihan terlampir.',
      buttons: [
        { type: 'QUICK_REPLY', text: 'Ya' } as const,
        { type: 'URL', text: 'Bayar', url: 'https://a.id/{{1}}', example: null } as const,
      ],
    };
    expect(
      templateSendComponents(
        invoice,
        { body: [], headerMediaId: 'm', buttonUrl: 'INV-1' },
        {
          link: 'https://cdn.example.id/inv.pdf',
          filename: 'tagihan.pdf',
        },
      ),
    ).toEqual([
      {
        type: 'header',
        parameters: [
          { type: 'document', document: { link: 'https://cdn.example.id/inv.pdf', filename: 'tagihan.pdf' } },
        ],
      },
      { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: 'INV-1' }] },
    ]);
    const video = { ...invoice, header: { format: 'VIDEO', exampleUrl: null } as const, buttons: [] };
    expect(templateSendComponents(video, { body: [] }, { id: 'v1' })).toEqual([
      { type: 'header', parameters: [{ type: 'video', video: { id: 'v1' } }] },
    ]);
  });

  it('leaves out components without variables, and a media header without its file', () => {
    const plain = { header: null, body: 'Terima kasih.', bodyExamples: [], footer: null, buttons: [] };
    expect(templateSendComponents(plain, { body: [] })).toEqual([]);
    const promo = templateFromMeta(promoMeta).content;
    expect(
      templateSendComponents(promo, { body: ['a', 'b', 'c'], buttonUrl: 'x' }).map((c) => c.type),
    ).toEqual(['body', 'button']);
  });
});

describe('templateStatusOf and templateCategoryOf', () => {
  it('read Meta’s values in any letter case and refuse unknown ones', () => {
    expect(templateStatusOf('paused')).toBe('PAUSED');
    expect(templateStatusOf('ARCHIVED')).toBeNull();
    expect(templateStatusOf(null)).toBeNull();
    expect(templateCategoryOf('marketing')).toBe('MARKETING');
    expect(templateCategoryOf('SERVICE')).toBeNull();
    expect(templateCategoryOf(undefined)).toBeNull();
  });
});

describe('isSendable', () => {
  it.each([
    ['APPROVED', true],
    ['PENDING', false],
    ['REJECTED', false],
    ['PAUSED', false],
    ['DISABLED', false],
    ['IN_APPEAL', false],
    ['PENDING_DELETION', false],
    ['LIMIT_EXCEEDED', false],
  ] as [TemplateStatus, boolean][])('%s → %s', (status, sendable) => {
    expect(isSendable({ status })).toBe(sendable);
  });
});

describe('templateErrorKey', () => {
  it('has a text of its own for each of Meta’s template errors, in both languages', () => {
    for (const code of templateErrorCodes) {
      const key = templateErrorKey(code);
      expect(key).toBe(`template.error.${code}`);
      expect(Object.hasOwn(messages.id, key) && Object.hasOwn(messages.en, key), key).toBe(true);
    }
    expect(translate('id', templateErrorKey(132000))).toBe('Jumlah variabel tidak cocok dengan template.');
  });

  it('reads the code as stored (a string) and falls back to a generic text', () => {
    expect(templateErrorKey('132012')).toBe('template.error.132012');
    expect(templateErrorKey(' 131049 ')).toBe('template.error.131049');
    expect(templateErrorKey(131000)).toBe('template.error.generic');
    expect(templateErrorKey('')).toBe('template.error.generic');
    expect(templateErrorKey('abc')).toBe('template.error.generic');
    expect(templateErrorKey(null)).toBe('template.error.generic');
    expect(templateErrorKey(undefined)).toBe('template.error.generic');
  });
});
