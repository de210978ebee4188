import type { MediaItem } from './MediaStore.ts';
import { pick } from './random.ts';
import type { Random } from './random.ts';
import type { WireMessage } from './webhookPayloads.ts';

/** What a customer can send. `reply` is a text quoting the business's last message. */
export const INBOUND_KINDS = [
  'text',
  'image',
  'audio',
  'video',
  'document',
  'contacts',
  'location',
  'reply',
  'reaction',
] as const;
export type InboundKind = (typeof INBOUND_KINDS)[number];

/** Text mostly, the rest now and then. */
const WEIGHTS: Record<InboundKind, number> = {
  text: 70,
  image: 6,
  audio: 5,
  video: 2,
  document: 4,
  contacts: 2,
  location: 3,
  reply: 5,
  reaction: 3,
};

export function randomKind(random: Random): InboundKind {
  let roll = random() * INBOUND_KINDS.reduce((sum, kind) => sum + WEIGHTS[kind], 0);
  for (const kind of INBOUND_KINDS) {
    roll -= WEIGHTS[kind];
    if (roll < 0) return kind;
  }
  return 'text';
}

const TEXTS = [
  'Halo, apakah produk ini masih tersedia?',
  'Berapa harganya kak?',
  'Bisa kirim ke Surabaya?',
  'Saya sudah transfer ya, mohon dicek.',
  'Kapan pesanan saya dikirim?',
  'Ada warna lain?',
  'Terima kasih banyak!',
  'Apakah bisa COD?',
  'Minta nomor resinya dong.',
  'Ukuran L masih ada?',
  'Promo masih berlaku?',
  'Selamat pagi, saya mau tanya.',
];

const PLACES = [
  {
    name: 'Grand Indonesia',
    address: 'Jl. M.H. Thamrin No.1, Jakarta Pusat 10310',
    latitude: -6.1944491,
    longitude: 106.8229198,
  },
  {
    name: 'Tunjungan Plaza',
    address: 'Jl. Basuki Rahmat No.8-12, Surabaya',
    latitude: -7.2623,
    longitude: 112.7396,
  },
  {
    name: 'Paris Van Java',
    address: 'Jl. Sukajadi No.131-139, Bandung',
    latitude: -6.8893,
    longitude: 107.5962,
  },
];

const REACTIONS = ['👍', '❤️', '🙏', '😂'];

/** What one inbound message is built from. */
export interface InboundDraft {
  kind: InboundKind;
  wamid: string;
  from: string;
  /** Unix seconds. */
  timestamp: number;
  random: Random;
  /** Required for image, audio, video and document. */
  media?: MediaItem & { url: string };
  /** The business message a reply quotes or a reaction reacts to. */
  quoted?: { wamid: string; from: string };
  /** Overrides the text of a text or reply. */
  text?: string;
  /** Click-to-WhatsApp ad data (the first message of a customer from an ad). */
  referral?: Record<string, unknown>;
}

/** One `messages[]` item as the inbound-*.json fixtures shape it. */
export function inboundMessage(draft: InboundDraft): WireMessage {
  const base = { from: draft.from, id: draft.wamid, timestamp: String(draft.timestamp) };
  const extra = draft.referral === undefined ? {} : { referral: draft.referral };
  const text = draft.text ?? pick(draft.random, TEXTS);
  switch (draft.kind) {
    case 'text':
      return { ...extra, ...base, type: 'text', text: { body: text } };
    case 'reply':
      if (draft.quoted === undefined) return { ...extra, ...base, type: 'text', text: { body: text } };
      return {
        context: { from: draft.quoted.from, id: draft.quoted.wamid },
        ...base,
        type: 'text',
        text: { body: text },
      };
    case 'reaction':
      if (draft.quoted === undefined) return { ...base, type: 'text', text: { body: text } };
      return {
        ...base,
        type: 'reaction',
        reaction: { message_id: draft.quoted.wamid, emoji: pick(draft.random, REACTIONS) },
      };
    case 'image':
      return { ...base, type: 'image', image: { caption: 'Foto produknya kak', ...media(draft) } };
    case 'audio':
      return { ...base, type: 'audio', audio: { ...media(draft), voice: true } };
    case 'video':
      return { ...base, type: 'video', video: { caption: 'Video unboxing', ...media(draft) } };
    case 'document':
      return {
        ...base,
        type: 'document',
        document: { caption: 'Bukti pembayaran', filename: 'bukti-transfer.pdf', ...media(draft) },
      };
    case 'contacts':
      return {
        ...base,
        type: 'contacts',
        contacts: [
          {
            name: { first_name: 'Siti', last_name: 'Rahmawati', formatted_name: 'Siti Rahmawati' },
            org: { company: 'Toko Maju Jaya' },
            phones: [{ phone: '+62 812-9876-5432', wa_id: '6281298765432', type: 'MOBILE' }],
          },
        ],
      };
    case 'location':
      return { ...base, type: 'location', location: pick(draft.random, PLACES) };
  }
}

/** Does this kind carry a file the simulator must serve? */
export function isMediaKind(kind: InboundKind): kind is 'image' | 'audio' | 'video' | 'document' {
  return kind === 'image' || kind === 'audio' || kind === 'video' || kind === 'document';
}

function media(draft: InboundDraft): { mime_type: string; sha256: string; id: string; url: string } {
  if (draft.media === undefined) throw new Error(`a ${draft.kind} message needs media`);
  return {
    mime_type: draft.media.mimeType,
    sha256: draft.media.sha256,
    id: draft.media.id,
    url: draft.media.url,
  };
}

/** The referral of a Click-to-WhatsApp ad tap, as inbound-referral-ctwa.json shapes it. */
export function adReferral(random: Random): Record<string, unknown> {
  const clid = Array.from({ length: 60 }, () =>
    pick(random, [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-']),
  ).join('');
  return {
    source_url: 'https://fb.me/3cr4Wqqkv',
    source_id: '120226305854810726',
    source_type: 'ad',
    body: 'Diskon 20% untuk pembelian pertama!',
    headline: 'Chat dengan kami',
    media_type: 'image',
    image_url: 'https://scontent.xx.fbcdn.net/v/t45.1600-4/simulated_ad_image.jpg',
    ctwa_clid: `Aff-${clid}`,
    welcome_message: { text: 'Halo! Ada yang bisa kami bantu?' },
  };
}
