import { describe, expect, it } from 'vitest';
import { fixtureNames, loadFixture } from './fixtures/loadFixture.ts';
import { parseWebhook } from './parseWebhook.ts';
import type { MessageEvent, StatusEvent, WebhookEvent } from './types.ts';
import { templateWebhookPayloadSchema, webhookPayloadSchema } from './webhookSchema.ts';

const ORIGIN = {
  wabaId: '102938475610293',
  phoneNumberId: '109876543210987',
  displayPhoneNumber: '6281210009000',
};
const WAMID_A = 'wamid.HBgNNjI4MTIzNDU2Nzg5MBUCABIYFDNBMEIxQzJEM0U0RjVBNkI3QzhEAA==';
const WAMID_B = 'wamid.HBgNNjI4MTIzNDU2Nzg5MBUCABIYFDNBOUY4RTdENkM1QjRBMzkyODE3AA==';
const OUR_WAMID = 'wamid.HBgNNjI4MTIzNDU2Nzg5MBUCABEYEjdGMUEyQjNDNEQ1RTZGNzA4MQA=';
const SENDER = { from: '+6281234567890', profileName: 'Budi Santoso' };
const lookaside = (mid: string, ext: string) =>
  `https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=${mid}&ext=${ext}&hash=ATsFAKEhash`;
const at = (unixSeconds: number) => new Date(unixSeconds * 1000);

/** The one message event each inbound fixture must produce, exactly. */
const inbound: Record<string, Omit<MessageEvent, 'kind' | keyof typeof ORIGIN | keyof typeof SENDER>> = {
  'inbound-text.json': {
    wamid: WAMID_A,
    timestamp: at(1763780400),
    message: { type: 'text', body: 'Halo, apakah produk ini masih tersedia?' },
  },
  'inbound-image.json': {
    wamid: WAMID_A,
    timestamp: at(1763780460),
    message: {
      type: 'image',
      caption: 'Foto struk pembayaran',
      mimeType: 'image/jpeg',
      sha256: 'DPRX4kpHnwL9TTRUA4n3IPCAfc/5KnViEIFlsmN+qC8=',
      mediaId: '1003383421387256',
      url: lookaside('1003383421387256', '1763780460'),
    },
  },
  'inbound-audio-voice.json': {
    wamid: WAMID_A,
    timestamp: at(1763780520),
    message: {
      type: 'audio',
      voice: true,
      mimeType: 'audio/ogg; codecs=opus',
      sha256: 'XDEFSgrk+9t6DX9HGhDgikWTLWYvI4UuZyL5GxTyjO0=',
      mediaId: '1908647269898587',
      url: lookaside('1908647269898587', '1763780520'),
    },
  },
  'inbound-video.json': {
    wamid: WAMID_A,
    timestamp: at(1763780580),
    message: {
      type: 'video',
      caption: 'Video unboxing',
      mimeType: 'video/mp4',
      sha256: 'dLEqYiZE2NyzN6yisxK4XvdSuVC9YANoCp/lImJoePI=',
      mediaId: '731675419373506',
      url: lookaside('731675419373506', '1763780580'),
    },
  },
  'inbound-document.json': {
    wamid: WAMID_A,
    timestamp: at(1763780640),
    message: {
      type: 'document',
      caption: 'Invoice bulan ini',
      filename: 'invoice-2025-11.pdf',
      mimeType: 'application/pdf',
      sha256: 'uw5PSUQ3lNkB6Jaf8RvREuNCCKDc3w4e7bSAzJs8cpM=',
      mediaId: '622684793477189',
      url: lookaside('622684793477189', '1763780640'),
    },
  },
  'inbound-sticker.json': {
    wamid: WAMID_A,
    timestamp: at(1763780700),
    message: {
      type: 'sticker',
      animated: false,
      mimeType: 'image/webp',
      sha256: 'dAPyFFbLQMvYU2BsEecrWmfVKSG0TzsSD8Z0Fk5VX3U=',
      mediaId: '1908647269898590',
      url: lookaside('1908647269898590', '1763780700'),
    },
  },
  'inbound-location.json': {
    wamid: WAMID_A,
    timestamp: at(1763780760),
    message: {
      type: 'location',
      latitude: -6.1944491,
      longitude: 106.8229198,
      name: 'Grand Indonesia',
      address: 'Jl. M.H. Thamrin No.1, Jakarta Pusat 10310',
      url: 'https://www.grand-indonesia.com/',
    },
  },
  'inbound-contacts.json': {
    wamid: WAMID_A,
    timestamp: at(1763780820),
    message: {
      type: 'contacts',
      contacts: [
        {
          name: { formattedName: 'Siti Rahmawati', firstName: 'Siti', lastName: 'Rahmawati' },
          company: 'Toko Maju Jaya',
          phones: [{ phone: '+62 812-9876-5432', waId: '6281298765432', type: 'MOBILE' }],
          emails: [],
        },
      ],
    },
  },
  'inbound-reply.json': {
    wamid: WAMID_B,
    timestamp: at(1763780880),
    message: { type: 'text', body: 'Iya, saya mau yang warna biru.' },
    context: {
      quotedWamid: OUR_WAMID,
      quotedFrom: '6281210009000',
      forwarded: false,
      frequentlyForwarded: false,
    },
  },
  'inbound-reaction.json': {
    wamid: WAMID_B,
    timestamp: at(1763780940),
    message: { type: 'reaction', reactedWamid: OUR_WAMID, emoji: '👍' },
  },
  'inbound-referral-ctwa.json': {
    wamid: WAMID_A,
    timestamp: at(1763781000),
    message: { type: 'text', body: 'Saya mau info lebih lanjut tentang promo ini' },
    referral: {
      sourceUrl: 'https://fb.me/3cr4Wqqkv',
      sourceId: '120226305854810726',
      sourceType: 'ad',
      body: 'Diskon 20% untuk pembelian pertama!',
      headline: 'Chat dengan kami',
      mediaType: 'image',
      imageUrl: 'https://scontent.xx.fbcdn.net/v/t45.1600-4/fake_ad_image.jpg',
      ctwaClid:
        'Aff-n8ZTODiE79d22KtAwQKj9e_mIEOOj27vDVwFjN80dp4_0NiNhEgpGo0AHemvuSoifXaytfTzcchptiErTKCqTrJ5nW1h7IHYeYymGb5K5J5iTROpBhWAGaIAeUzHL50',
      welcomeMessage: 'Halo! Ada yang bisa kami bantu?',
    },
  },
  'inbound-unsupported.json': {
    wamid: WAMID_A,
    timestamp: at(1763781060),
    message: {
      type: 'unsupported',
      originalType: 'unsupported',
      unsupportedType: 'edit',
      errors: [
        {
          code: 131051,
          title: 'Message type unknown',
          message: 'Message type unknown',
          details: 'Message type is currently not supported.',
        },
      ],
    },
  },
  'inbound-interactive-button-reply.json': {
    wamid: WAMID_B,
    timestamp: at(1763781120),
    message: { type: 'button_reply', id: 'confirm-order', title: 'Konfirmasi' },
    context: {
      quotedWamid: 'wamid.HBgNNjI4MTIzNDU2Nzg5MBUCABEYEjhFMkIzQzRENUU2RjcwODE5MgA=',
      quotedFrom: '6281210009000',
      forwarded: false,
      frequentlyForwarded: false,
    },
  },
};

const statuses: Record<string, Omit<StatusEvent, 'kind' | keyof typeof ORIGIN>> = {
  'status-sent.json': {
    wamid: OUR_WAMID,
    recipient: '+6281234567890',
    status: 'sent',
    timestamp: at(1763781180),
    conversation: {
      id: '8f842dbba350821654c9dfed31f5635c',
      expiresAt: at(1763867580),
      originType: 'service',
    },
    pricing: { billable: false, pricingModel: 'PMP', type: 'free_customer_service', category: 'service' },
    errors: [],
  },
  'status-delivered.json': {
    wamid: OUR_WAMID,
    recipient: '+6281234567890',
    status: 'delivered',
    timestamp: at(1763781185),
    pricing: { billable: false, pricingModel: 'PMP', type: 'free_customer_service', category: 'service' },
    errors: [],
  },
  'status-read.json': {
    wamid: OUR_WAMID,
    recipient: '+6281234567890',
    status: 'read',
    timestamp: at(1763781300),
    errors: [],
  },
  'status-failed.json': {
    wamid: 'wamid.HBgNNjI4MTIzNDU2Nzg5MBUCABEYEjlEM0M0RDVFNkY3MDgxOTIwMwA=',
    recipient: '+6281234567890',
    status: 'failed',
    timestamp: at(1763867700),
    errors: [
      {
        code: 131047,
        title: 'Re-engagement message',
        message: 'Re-engagement message',
        details:
          'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
        href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
      },
    ],
  },
};

/** A deep copy of a fixture to edit. */
function fixture(name: string): {
  object: string;
  entry: { id: string; changes: { field: string; value: Record<string, unknown> }[] }[];
} {
  return structuredClone(loadFixture(name)) as ReturnType<typeof fixture>;
}

/** The first message or status of a fixture's first change, to change in place. */
function firstOf(
  payload: ReturnType<typeof fixture>,
  list: 'messages' | 'statuses',
): Record<string, unknown> {
  return (payload.entry[0]!.changes[0]!.value[list] as Record<string, unknown>[])[0]!;
}

function firstMessage(payload: ReturnType<typeof fixture>): Record<string, unknown> {
  const messages = payload.entry[0]?.changes[0]?.value.messages as Record<string, unknown>[];
  return messages[0] as Record<string, unknown>;
}

describe('parseWebhook on the fixtures', () => {
  it('covers every inbound-*.json and status-*.json fixture', () => {
    expect(Object.keys(inbound).sort()).toEqual(fixtureNames('inbound-'));
    expect(Object.keys(statuses).sort()).toEqual(fixtureNames('status-'));
  });

  for (const [name, expected] of Object.entries(inbound)) {
    it(`reads ${name}`, () => {
      const payload = loadFixture(name);
      expect(webhookPayloadSchema.safeParse(payload).success).toBe(true);
      expect(parseWebhook(payload)).toEqual([{ kind: 'message', ...ORIGIN, ...SENDER, ...expected }]);
    });
  }

  for (const [name, expected] of Object.entries(statuses)) {
    it(`reads ${name}`, () => {
      const payload = loadFixture(name);
      expect(webhookPayloadSchema.safeParse(payload).success).toBe(true);
      expect(parseWebhook(payload)).toEqual([{ kind: 'status', ...ORIGIN, ...expected }]);
    });
  }

  it('gives the E.164 sender and dates from unix-second strings', () => {
    const [event] = parseWebhook(loadFixture('inbound-text.json'));
    expect(event?.kind === 'message' && event.from).toBe('+6281234567890');
    expect(event?.kind === 'message' && event.timestamp.toISOString()).toBe('2025-11-22T03:00:00.000Z');
  });
});

describe('parseWebhook on batches', () => {
  it('flattens every entry, change, message and status in delivery order', () => {
    const payload = fixture('inbound-text.json');
    const image = fixture('inbound-image.json').entry[0]!.changes[0]!;
    const read = fixture('status-read.json').entry[0]!.changes[0]!;
    payload.entry[0]!.changes.push(image);
    payload.entry.push({ id: '102938475610293', changes: [read] });
    (payload.entry[0]!.changes[0]!.value.messages as unknown[]).push({
      ...firstMessage(fixture('inbound-reply.json')),
    });
    const events = parseWebhook(payload);
    expect(events.map((event) => (event.kind === 'message' ? event.message.type : event.kind))).toEqual([
      'text',
      'text',
      'image',
      'status',
    ]);
    expect(events.map((event) => ('wamid' in event ? event.wamid : undefined))).toEqual([
      WAMID_A,
      WAMID_B,
      WAMID_A,
      OUR_WAMID,
    ]);
  });

  it('keeps the good changes when one change fails the schema', () => {
    const payload = fixture('inbound-text.json');
    const broken = fixture('inbound-image.json').entry[0]!.changes[0]!;
    delete broken.value.metadata;
    payload.entry[0]!.changes.unshift(broken);
    const events = parseWebhook(payload);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ kind: 'invalid', at: 'entry[0].changes[0].value' });
    expect(events[0]?.kind === 'invalid' && events[0].reason).toContain('metadata');
    expect(events[1]).toMatchObject({ kind: 'message', wamid: WAMID_A, message: { type: 'text' } });
  });

  it('keeps the good messages when one message of a change is malformed', () => {
    const payload = fixture('inbound-text.json');
    const messages = payload.entry[0]!.changes[0]!.value.messages as Record<string, unknown>[];
    messages.unshift({ ...messages[0], id: WAMID_B, type: 'image' }); // an image without its payload
    messages.push({ ...messages[1], id: 'wamid.late', timestamp: 'yesterday' });
    const events = parseWebhook(payload);
    expect(events.map((event) => event.kind)).toEqual(['invalid', 'message', 'invalid']);
    expect(events[0]).toMatchObject({ at: 'entry[0].changes[0].value.messages[0]' });
    expect(events[0]?.kind === 'invalid' && events[0].reason).toContain('image');
    expect(events[2]?.kind === 'invalid' && events[2].reason).toContain('timestamp');
  });

  it('flags a status with an unknown status value and keeps the others', () => {
    const payload = fixture('status-read.json');
    const list = payload.entry[0]!.changes[0]!.value.statuses as Record<string, unknown>[];
    list.push({ ...list[0], status: 'teleported' }, { ...list[0], status: 'played' });
    const events = parseWebhook(payload);
    expect(events.map((event) => (event.kind === 'status' ? event.status : event.kind))).toEqual([
      'read',
      'invalid',
      'played',
    ]);
  });

  it('tolerates fields Meta adds and ignores other webhook fields', () => {
    const payload = fixture('inbound-image.json') as ReturnType<typeof fixture> & Record<string, unknown>;
    payload.brand_new = true;
    const change = payload.entry[0]!.changes[0]!;
    change.value.contacts = [
      { profile: { name: 'Budi Santoso', username: 'budi' }, wa_id: '6281234567890', user_id: 'ID.1' },
    ];
    Object.assign(firstMessage(payload), { new_field: { nested: 1 } });
    payload.entry[0]!.changes.push({ field: 'account_update', value: { event: 'VERIFIED_ACCOUNT' } });
    const events = parseWebhook(payload);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      kind: 'message',
      profileName: 'Budi Santoso',
      message: { type: 'image' },
    });
    expect(events[0]).not.toHaveProperty('new_field');
    expect(events[1]).toEqual({ kind: 'ignored', field: 'account_update', at: 'entry[0].changes[1]' });
  });

  it('reads system errors delivered as value.errors', () => {
    const payload = fixture('status-read.json');
    const value = payload.entry[0]!.changes[0]!.value;
    delete value.statuses;
    value.errors = [
      { code: 130429, title: 'Rate limit hit', message: 'Rate limit hit', error_data: { details: 'x' } },
    ];
    expect(parseWebhook(payload)).toEqual([
      {
        kind: 'error',
        ...ORIGIN,
        errors: [{ code: 130429, title: 'Rate limit hit', message: 'Rate limit hit', details: 'x' }],
      },
    ]);
  });
});

describe('parseWebhook on message variants', () => {
  const variant = (edit: (message: Record<string, unknown>) => void): WebhookEvent | undefined => {
    const payload = fixture('inbound-text.json');
    edit(firstMessage(payload));
    return parseWebhook(payload)[0];
  };

  it('turns a message of an unknown type into unsupported', () => {
    const event = variant((message) => {
      message.type = 'hologram';
      message.hologram = { depth: 3 };
      delete message.text;
    });
    expect(event).toMatchObject({
      kind: 'message',
      wamid: WAMID_A,
      message: { type: 'unsupported', originalType: 'hologram', errors: [] },
    });
  });

  it('reads the older unknown type with top-level error details', () => {
    const event = variant((message) => {
      message.type = 'unknown';
      message.errors = [
        {
          code: 131051,
          details: 'Message type is not currently supported',
          title: 'Unsupported message type',
        },
      ];
      delete message.text;
    });
    expect(event).toMatchObject({
      message: {
        type: 'unsupported',
        originalType: 'unknown',
        errors: [
          {
            code: 131051,
            title: 'Unsupported message type',
            details: 'Message type is not currently supported',
          },
        ],
      },
    });
  });

  it('reads list replies, template quick replies and other interactive replies', () => {
    const list = variant((message) => {
      message.type = 'interactive';
      message.interactive = {
        type: 'list_reply',
        list_reply: { id: 'row-2', title: 'Biru', description: 'Ukuran 42' },
      };
    });
    expect(list).toMatchObject({
      message: { type: 'list_reply', id: 'row-2', title: 'Biru', description: 'Ukuran 42' },
    });
    const button = variant((message) => {
      message.type = 'button';
      message.button = { payload: 'STOP', text: 'Berhenti' };
    });
    expect(button).toMatchObject({ message: { type: 'button', text: 'Berhenti', payload: 'STOP' } });
    const flow = variant((message) => {
      message.type = 'interactive';
      message.interactive = { type: 'nfm_reply', nfm_reply: { response_json: '{}' } };
    });
    expect(flow).toMatchObject({ message: { type: 'unsupported', originalType: 'interactive.nfm_reply' } });
  });

  it('treats a reaction without emoji, or with an empty one, as a removal', () => {
    for (const emoji of [undefined, '']) {
      const event = variant((message) => {
        message.type = 'reaction';
        message.reaction = emoji === undefined ? { message_id: OUR_WAMID } : { message_id: OUR_WAMID, emoji };
      });
      expect(event?.kind === 'message' && event.message).toEqual({
        type: 'reaction',
        reactedWamid: OUR_WAMID,
      });
    }
  });

  it('reads forwards, media without url and a voice flag left out', () => {
    const event = variant((message) => {
      message.type = 'audio';
      message.audio = { id: '77', mime_type: 'audio/mpeg' };
      message.context = { frequently_forwarded: true };
    });
    expect(event).toMatchObject({
      message: { type: 'audio', mediaId: '77', mimeType: 'audio/mpeg', voice: false },
      context: { forwarded: false, frequentlyForwarded: true },
    });
    expect(event?.kind === 'message' && event.message).not.toHaveProperty('url');
  });

  it('takes the sender profile by wa_id among several contacts, and leaves it out when unknown', () => {
    const payload = fixture('inbound-text.json');
    payload.entry[0]!.changes[0]!.value.contacts = [
      { profile: { name: 'Someone Else' }, wa_id: '6289999999999' },
      { profile: { name: 'Budi Santoso' }, wa_id: '6281234567890' },
    ];
    expect(parseWebhook(payload)[0]).toMatchObject({ profileName: 'Budi Santoso' });
    delete payload.entry[0]!.changes[0]!.value.contacts;
    expect(parseWebhook(payload)[0]).not.toHaveProperty('profileName');
  });

  it('keeps a message whose contact has no wa_id, taking that contact as the sender', () => {
    const payload = fixture('inbound-text.json');
    payload.entry[0]!.changes[0]!.value.contacts = [{ profile: { name: 'Budi Santoso' } }];
    const events = parseWebhook(payload);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'message', from: '+6281234567890', profileName: 'Budi Santoso' });
  });

  it('dates a message or status from the future at the delivery arrival, and keeps earlier times', () => {
    const receivedAt = new Date('2026-11-26T10:00:00.000Z');
    const future = fixture('inbound-text.json');
    firstOf(future, 'messages').timestamp = '99999999999'; // year 5138
    expect(parseWebhook(future, { receivedAt })[0]).toMatchObject({ kind: 'message', timestamp: receivedAt });
    const status = fixture('status-delivered.json');
    firstOf(status, 'statuses').timestamp = '99999999999';
    expect(parseWebhook(status, { receivedAt })[0]).toMatchObject({ kind: 'status', timestamp: receivedAt });
    const past = fixture('inbound-text.json');
    const own = parseWebhook(past)[0];
    expect(parseWebhook(past, { receivedAt })[0]).toMatchObject({
      timestamp: own?.kind === 'message' ? own.timestamp : null,
    });
  });

  it('keeps an ad referral link only when it is http or https', () => {
    for (const [url, kept] of [
      ['https://fb.me/3cr4Wqqkv', true],
      ['http://example.com/promo', true],
      ['javascript:alert(document.cookie)', false],
      ['data:text/html,<script>alert(1)</script>', false],
      ['not a url', false],
    ] as const) {
      const payload = fixture('inbound-referral-ctwa.json');
      (firstOf(payload, 'messages').referral as Record<string, unknown>).source_url = url;
      const event = parseWebhook(payload)[0];
      expect(event?.kind === 'message' && event.referral?.sourceUrl, url).toBe(kept ? url : undefined);
    }
  });

  it('rejects a sender that is not a phone number', () => {
    const event = variant((message) => {
      message.from = 'budi';
    });
    expect(event).toMatchObject({ kind: 'invalid', at: 'entry[0].changes[0].value.messages[0]' });
  });
});

describe('parseWebhook on malformed deliveries', () => {
  it('answers one invalid event for a body that is not an object', () => {
    for (const body of [null, 'text', 42, [], undefined]) {
      const events = parseWebhook(body);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ kind: 'invalid', at: 'body' });
    }
  });

  it('refuses another object than whatsapp_business_account', () => {
    const payload = fixture('inbound-text.json');
    payload.object = 'page';
    const events = parseWebhook(payload);
    expect(events).toHaveLength(1);
    expect(events[0]?.kind === 'invalid' && events[0].reason).toContain('object');
  });

  it('refuses a change without metadata or with another messaging product', () => {
    const noMetadata = fixture('status-sent.json');
    delete noMetadata.entry[0]!.changes[0]!.value.metadata;
    expect(parseWebhook(noMetadata)).toEqual([
      expect.objectContaining({ kind: 'invalid', at: 'entry[0].changes[0].value' }),
    ]);
    const otherProduct = fixture('status-sent.json');
    otherProduct.entry[0]!.changes[0]!.value.messaging_product = 'instagram';
    expect(parseWebhook(otherProduct)[0]?.kind).toBe('invalid');
  });

  it('answers an empty list for an empty delivery', () => {
    expect(parseWebhook({ object: 'whatsapp_business_account', entry: [] })).toEqual([]);
  });
});

describe('parseWebhook on template webhooks', () => {
  const WABA = '102938475610293';
  const template = (name: string) => loadFixture(`templates/${name}`);

  it('reads an approval: the WABA, entry.time, the id as a string, no reason for NONE, the category', () => {
    expect(parseWebhook(template('webhook-status-approved.json'))).toEqual([
      {
        kind: 'template_status',
        wabaId: WABA,
        at: at(1763782000),
        metaId: '1627019861106475',
        name: 'promo_topup_bonus',
        language: 'id',
        event: 'APPROVED',
        category: 'MARKETING',
      },
    ]);
  });

  it("reads a rejection's reason and Meta's sentence, and a pause's title", () => {
    expect(parseWebhook(template('webhook-status-rejected.json'))).toEqual([
      {
        kind: 'template_status',
        wabaId: WABA,
        at: at(1763782300),
        metaId: '1627019861106476',
        name: 'welcome_back_offer',
        language: 'id',
        event: 'REJECTED',
        reason: 'INVALID_FORMAT',
        category: 'MARKETING',
        details:
          'Your template has parameters placed next to each other (like {{1}}{{2}}) without text or punctuation between them.',
      },
    ]);
    expect(parseWebhook(template('webhook-status-paused.json'))).toEqual([
      expect.objectContaining({
        event: 'PAUSED',
        title: 'FIRST_PAUSE',
        details: 'Your WhatsApp message template has been paused for 3 hours because of low quality.',
      }),
    ]);
    const [paused] = parseWebhook(template('webhook-status-paused.json'));
    expect(paused).not.toHaveProperty('reason');
    expect(parseWebhook(template('webhook-status-disabled.json'))).toEqual([
      expect.objectContaining({ kind: 'template_status', event: 'DISABLED', at: at(1764041200) }),
    ]);
  });

  it('reads a completed and an impending category change', () => {
    expect(parseWebhook(template('webhook-category-update-completed.json'))).toEqual([
      {
        kind: 'template_category',
        wabaId: WABA,
        at: at(1764041200),
        metaId: '1387372356726668',
        name: 'order_update',
        language: 'id',
        stage: 'completed',
        category: 'MARKETING',
        previousCategory: 'UTILITY',
      },
    ]);
    expect(parseWebhook(template('webhook-category-update-impending.json'))).toEqual([
      {
        kind: 'template_category',
        wabaId: WABA,
        at: at(1763954800),
        metaId: '1387372356726668',
        name: 'order_update',
        language: 'id',
        stage: 'impending',
        category: 'UTILITY',
        correctCategory: 'MARKETING',
        effectiveAt: at(1764041200),
      },
    ]);
  });

  it('accepts a string id and a null reason, and dates an event without entry.time at its arrival', () => {
    const payload = template('webhook-status-paused.json') as {
      entry: { time?: number; changes: { value: Record<string, unknown> }[] }[];
    };
    const entry = payload.entry[0]!;
    delete entry.time;
    Object.assign(entry.changes[0]!.value, { message_template_id: '42', reason: null });
    const receivedAt = new Date('2026-01-02T03:04:05Z');
    expect(parseWebhook(payload, { receivedAt })).toEqual([
      expect.objectContaining({ kind: 'template_status', metaId: '42', at: receivedAt }),
    ]);
  });

  it('flags a status change without a template id, keeping the other changes', () => {
    const payload = template('webhook-status-approved.json') as {
      entry: { changes: { field: string; value: Record<string, unknown> }[] }[];
    };
    const changes = payload.entry[0]!.changes;
    changes.unshift({ field: 'message_template_status_update', value: { event: 'APPROVED' } });
    const events = parseWebhook(payload);
    expect(events.map((event) => event.kind)).toEqual(['invalid', 'template_status']);
    expect(events[0]).toMatchObject({ at: 'entry[0].changes[0].value' });
  });

  it('keeps the messages of an entry whose time is odd, and dates its template events at arrival', () => {
    const messages = loadFixture('inbound-text.json') as { entry: Record<string, unknown>[] };
    messages.entry[0]!.time = 'soon';
    expect(parseWebhook(messages).map((event) => event.kind)).toEqual(['message']);
    const approval = template('webhook-status-approved.json') as { entry: Record<string, unknown>[] };
    approval.entry[0]!.time = 1.5;
    const receivedAt = new Date('2026-01-02T03:04:05Z');
    expect(parseWebhook(approval, { receivedAt })).toEqual([
      expect.objectContaining({ kind: 'template_status', at: receivedAt }),
    ]);
  });

  it('accepts every template fixture with templateWebhookPayloadSchema', () => {
    for (const name of fixtureNames('templates/webhook-')) {
      expect(templateWebhookPayloadSchema.safeParse(loadFixture(name)).success, name).toBe(true);
    }
  });
});
