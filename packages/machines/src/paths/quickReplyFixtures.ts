/**
 * The quick replies of project k1abcdefgh in model paths and tests: a greeting, a promotion with
 * a brochure, and a price list; the values their placeholders are filled with for customer Budi.
 */
import type { MediaFile, QuickReply, QuickReplyValues } from '@sapa/sdk';
import { apiError } from './fixtures.ts';

export const quickReplyKey = 'k1abcdefgh';

export const brochureFile: MediaFile = {
  id: '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d',
  type: 'pdf',
  mimeType: 'application/pdf',
  filename: 'brosur.pdf',
  size: 250_000,
  url: '/media/7a6b5c4d?sig=def',
};

function reply(n: number, shortcut: string, text: string, media: MediaFile | null): QuickReply {
  return {
    id: `9b1e0000-0000-4000-8000-00000000000${n}`,
    shortcut,
    text,
    media,
    createdAt: '2025-03-01T02:00:00Z',
    updatedAt: `2025-03-0${n}T02:00:00Z`,
  };
}

export const salam = reply(1, 'salam', 'Halo {nama}, ada yang bisa kami bantu?', null);
export const promo = reply(2, 'promo', 'Promo minggu ini untuk {nama} ({nomor}), salam {agen}', brochureFile);
export const harga = reply(3, 'harga', 'Daftar harga terlampir ya kak {nama}.', null);
export const allQuickReplies: QuickReply[] = [harga, promo, salam];

/** Customer Budi as an agent without contact details sees him, and agent Sari. */
export const budiValues: QuickReplyValues = { nama: 'Budi', nomor: '+62812****789', agen: 'Sari' };

export const shortcutTaken = apiError('invalid_input', 'Data tidak valid.', {
  errors: { shortcut: 'Shortcut sudah dipakai.' },
});
export const refused = apiError('forbidden', 'Anda tidak punya akses.');
