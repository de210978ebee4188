/**
 * Templates of the number `a1` (Toko Batik's account), as `template_list` answers them, and what
 * the server answers their sends: the template picker's, the open conversation's and "Kirim
 * pesan"'s models share them.
 */
import type { ConversationSummary, MediaFile, MessageTemplate, ThreadMessage } from '@sapa/sdk';
import { apiError } from './fixtures.ts';

const base = {
  accountId: 'a1',
  wabaId: '102938475610293',
  language: 'id',
  status: 'APPROVED',
  reason: null,
  previousCategory: null,
  updatedAt: '2025-02-20T08:00:00Z',
} as const;

/** A payment reminder: the customer's name (example `{nama}`, prefilled) and an invoice number. */
export const reminder: MessageTemplate = {
  ...base,
  id: 'tp-reminder',
  metaId: '1001',
  name: 'pengingat_bayar',
  category: 'UTILITY',
  header: null,
  body: 'Halo {{1}}, tagihan {{2}} jatuh tempo besok.',
  bodyExamples: ['{nama}', 'INV-001'],
  footer: 'Toko Batik',
  buttons: [],
};

/** A promotion with an image header and a quick reply. */
export const promo: MessageTemplate = {
  ...base,
  id: 'tp-promo',
  metaId: '1002',
  name: 'promo_ramadan',
  category: 'MARKETING',
  header: { format: 'IMAGE', exampleUrl: 'https://toko.id/contoh.jpg' },
  body: 'Diskon {{1}} untuk batik tulis pilihan.',
  bodyExamples: ['20%'],
  footer: null,
  buttons: [{ type: 'QUICK_REPLY', text: 'Mau lihat' }],
};

/** An order update: the customer's city (a custom field, `{Kota}`) and a tracking link. */
export const orderUpdate: MessageTemplate = {
  ...base,
  id: 'tp-order',
  metaId: '1003',
  name: 'update_pesanan',
  category: 'UTILITY',
  header: null,
  body: 'Pesanan Anda ke {{1}} sudah dikirim.',
  bodyExamples: ['{Kota}'],
  footer: null,
  buttons: [
    { type: 'URL', text: 'Lacak', url: 'https://toko.id/lacak/{{1}}', example: 'https://toko.id/lacak/A1' },
  ],
};

/** Still in review: never offered. */
export const pendingTemplate: MessageTemplate = {
  ...base,
  id: 'tp-pending',
  metaId: '1004',
  name: 'salam_baru',
  category: 'MARKETING',
  status: 'PENDING',
  header: null,
  body: 'Halo!',
  bodyExamples: [],
  footer: null,
  buttons: [],
};

export const numberTemplates: MessageTemplate[] = [reminder, promo, orderUpdate, pendingTemplate];

/** Gallery files: a photo that can be an image header, and a brochure that cannot. */
export const headerPhoto: MediaFile = {
  id: 'f0000000-0000-4000-8000-000000000001',
  type: 'jpeg',
  mimeType: 'image/jpeg',
  filename: 'promo.jpg',
  size: 80_000,
  url: '/media/f0000001?sig=abc',
};
export const brochurePdf: MediaFile = {
  id: 'f0000000-0000-4000-8000-000000000002',
  type: 'pdf',
  mimeType: 'application/pdf',
  filename: 'brosur.pdf',
  size: 250_000,
  url: '/media/f0000002?sig=def',
};

/** The stored template message a send answers (its client id as the send's). */
export function templateMessage(
  conversationId: string,
  clientId: string,
  template: MessageTemplate = reminder,
): ThreadMessage {
  return {
    id: `msg-${clientId}`,
    conversationId,
    seq: 9,
    direction: 'out',
    clientId,
    type: 'template',
    caption: template.body,
    url: null,
    filename: null,
    name: null,
    phone: null,
    replyTo: null,
    status: 'pending',
    error: null,
    senderId: 'u1',
    template: {
      templateId: template.id,
      name: template.name,
      language: template.language,
      category: template.category,
      header: null,
      footer: template.footer,
      buttons: [],
    },
    pricing: null,
    broadcast: null,
    automation: null,
    createdAt: '2025-03-03T09:00:00Z',
  };
}

/** The conversation `conversation_start` creates for a customer who never wrote (window closed). */
export function startedConversation(customerId: string, name: string, phone: string): ConversationSummary {
  return {
    id: 'cv-new',
    accountId: 'a1',
    customer: {
      id: customerId,
      name,
      phone,
      waName: null,
      optedOutAt: null,
      optedOutVia: null,
      createdAt: '2025-02-01T08:00:00Z',
    },
    lastSeq: 1,
    lastMessage: null,
    lastMessageAt: '2025-03-03T09:00:00Z',
    unread: 0,
    assignedTo: null,
    division: null,
    windowClosesAt: null,
    freeEntryUntil: null,
    accountDeleted: false,
    referral: null,
  };
}

/** The server's refusals of a template send. */
export const windowClosedError = apiError('window_closed', 'Jendela 24 jam percakapan ini sudah tertutup.');
/** The project's balance cannot cover the template: refused before anything goes to Meta. */
export const balanceError = apiError(
  'insufficient_balance',
  'Saldo proyek tidak cukup untuk mengirim pesan ini.',
);
export const notApprovedError = apiError('template_not_approved', 'Template ini belum disetujui Meta.');
export const valueRefused = apiError('invalid_input', 'Periksa kembali isian Anda.', {
  errors: { 'template.values.body.1': 'Isian tidak valid.' },
});
