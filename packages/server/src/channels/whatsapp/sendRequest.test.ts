import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from './fixtures/loadFixture.ts';
import {
  audioMessage,
  bodyParameters,
  contactsMessage,
  documentMessage,
  imageMessage,
  reactionMessage,
  stickerMessage,
  templateMessage,
  textMessage,
  videoMessage,
  withCallbackData,
  CALLBACK_DATA_MAX_LENGTH,
  type SendMessageBody,
} from './sendRequest.ts';

const TO = '6281234567890';

/** What each send-request fixture is built from. */
const built: Record<string, SendMessageBody> = {
  'send-request-text.json': textMessage({
    to: TO,
    previewUrl: false,
    body: 'Terima kasih, pesanan Anda sedang kami proses.',
  }),
  'send-request-reply.json': textMessage({
    to: TO,
    replyTo: 'wamid.HBgNNjI4MTIzNDU2Nzg5MBUCABIYFDNBOUY4RTdENkM1QjRBMzkyODE3AA==',
    body: 'Baik, warna biru kami siapkan ya.',
  }),
  'send-request-image-id.json': imageMessage({
    to: TO,
    media: { id: '1013859600285441' },
    caption: 'Sepatu warna biru',
  }),
  'send-request-image-link.json': imageMessage({
    to: TO,
    media: { link: 'https://example.com/katalog/sepatu-biru.jpg' },
    caption: 'Sepatu warna biru',
  }),
  'send-request-document.json': documentMessage({
    to: TO,
    media: { id: '1376223850470843' },
    filename: 'invoice-INV-2025-0042.pdf',
    caption: 'Invoice pesanan Anda (PDF)',
  }),
  'send-request-contacts.json': contactsMessage({
    to: TO,
    contacts: [
      {
        name: { formatted_name: 'CS Toko Maju Jaya', first_name: 'CS', last_name: 'Toko Maju Jaya' },
        phones: [{ phone: '+6281298765432', type: 'WORK', wa_id: '6281298765432' }],
        emails: [{ email: 'cs@tokomajujaya.example', type: 'WORK' }],
      },
    ],
  }),
  'send-request-template.json': templateMessage({
    to: TO,
    name: 'order_update',
    languageCode: 'id',
    components: [bodyParameters('Budi', 'INV-2025-0042')],
  }),
};

describe('send request builders', () => {
  it('cover every send-request fixture', () => {
    expect(Object.keys(built).sort()).toEqual(fixtureNames('send-request-'));
  });

  for (const [name, body] of Object.entries(built)) {
    it(`build ${name} exactly`, () => {
      expect(body).toStrictEqual(loadFixture(name));
      // What goes over the wire is the same JSON, key for key.
      expect(JSON.parse(JSON.stringify(body))).toStrictEqual(loadFixture(name));
    });
  }

  it('send digits when given an E.164 number', () => {
    const body = textMessage({
      to: '+6281234567890',
      previewUrl: false,
      body: 'Terima kasih, pesanan Anda sedang kami proses.',
    });
    expect(body).toStrictEqual(loadFixture('send-request-text.json'));
  });

  it('leave out preview_url, caption and filename unless given', () => {
    expect(textMessage({ to: TO, body: 'hi' })).toStrictEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: TO,
      type: 'text',
      text: { body: 'hi' },
    });
    expect(documentMessage({ to: TO, media: { link: 'https://example.com/a.pdf' } })).toMatchObject({
      document: { link: 'https://example.com/a.pdf' },
    });
    expect(imageMessage({ to: TO, media: { id: '1' } })).toHaveProperty('image', { id: '1' });
  });

  it('never send both id and link, even when handed an object with both', () => {
    const both = { id: '1', link: 'https://example.com/x.jpg' } as unknown as { id: string };
    expect(imageMessage({ to: TO, media: both })).toHaveProperty('image', { id: '1' });
  });

  it('build the other media, reaction and template without components', () => {
    expect(videoMessage({ to: TO, media: { id: '9' }, caption: 'c', replyTo: 'wamid.X' })).toStrictEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: TO,
      context: { message_id: 'wamid.X' },
      type: 'video',
      video: { id: '9', caption: 'c' },
    });
    expect(audioMessage({ to: TO, media: { id: '8' } })).toHaveProperty('audio', { id: '8' });
    expect(stickerMessage({ to: TO, media: { link: 'https://example.com/s.webp' } })).toHaveProperty(
      'sticker',
      {
        link: 'https://example.com/s.webp',
      },
    );
    expect(reactionMessage({ to: TO, messageId: 'wamid.Y', emoji: '👍' })).toStrictEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: TO,
      type: 'reaction',
      reaction: { message_id: 'wamid.Y', emoji: '👍' },
    });
    expect(templateMessage({ to: TO, name: 'hello_world', languageCode: 'en_US' })).toHaveProperty(
      'template',
      {
        name: 'hello_world',
        language: { code: 'en_US' },
      },
    );
  });

  it('build a template send with a header image, named body parameters and button parameters', () => {
    const body = templateMessage({
      to: TO,
      name: 'promo_topup_bonus',
      languageCode: 'id',
      components: [
        { type: 'header', parameters: [{ type: 'image', image: { id: '1339522734477770' } }] },
        {
          type: 'body',
          parameters: [
            { type: 'text', parameter_name: 'first_name', text: 'Budi' },
            { type: 'text', parameter_name: 'bonus_percent', text: '10%' },
            { type: 'text', parameter_name: 'end_date', text: '30 November' },
          ],
        },
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'wa-promo-42' }] },
        {
          type: 'button',
          sub_type: 'quick_reply',
          index: '1',
          parameters: [{ type: 'payload', payload: 'STOP_PROMO' }],
        },
      ],
    });
    expect(body).toStrictEqual(loadFixture('templates/send-request-template-marketing.json'));
  });

  it('adds biz_opaque_callback_data to any body, up to 512 characters', () => {
    const body = withCallbackData(
      textMessage({ to: TO, body: 'Halo' }),
      'f1d2c3b4-0000-4000-8000-000000000001',
    );
    expect(body).toStrictEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: TO,
      type: 'text',
      text: { body: 'Halo' },
      biz_opaque_callback_data: 'f1d2c3b4-0000-4000-8000-000000000001',
    });
    expect(
      withCallbackData(textMessage({ to: TO, body: 'x' }), 'a'.repeat(CALLBACK_DATA_MAX_LENGTH)),
    ).toHaveProperty('biz_opaque_callback_data');
    expect(() => withCallbackData(textMessage({ to: TO, body: 'x' }), 'a'.repeat(513))).toThrow(RangeError);
    expect(() => withCallbackData(textMessage({ to: TO, body: 'x' }), '')).toThrow(RangeError);
  });
});
