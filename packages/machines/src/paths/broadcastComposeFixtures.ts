/**
 * The broadcast composer of project k1abcdefgh in model paths and tests, on 10 March 2025 at
 * 09:00 in Jakarta: two numbers (Toko Utama, whose templates are the template picker's; and CS), the
 * customers table's filter choices, Sari as the sample customer (her city in `kota`), what
 * `broadcast_preview` answers for a label's customers (covered by the balance), for a CSV with
 * three rows left out (not covered), and for nobody; a broadcast scheduled for 12 March and one
 * already sending; and the server's refusals.
 */
import type {
  BroadcastDetail,
  BroadcastPreview,
  BroadcastValues,
  MessageTemplate,
  WhatsAppAccount,
} from '@sapa/sdk';
import type { ImportFile } from '../customerImportMachine.ts';
import { filterOptions, mainNumber, sari } from './customerFixtures.ts';
import { apiError } from './fixtures.ts';
import { vip } from './labelFixtures.ts';
import {
  brochurePdf,
  headerPhoto,
  numberTemplates,
  orderUpdate,
  promo,
  reminder,
} from './templateFixtures.ts';

export {
  brochurePdf,
  filterOptions,
  headerPhoto,
  mainNumber,
  numberTemplates,
  orderUpdate,
  promo,
  reminder,
  sari,
  vip,
};

export const composeKey = 'k1abcdefgh';
/** 10 March 2025, 09:00 in Jakarta. */
export const composeNow = new Date('2025-03-10T02:00:00Z');

export const csNumber: WhatsAppAccount = {
  ...mainNumber,
  id: 'acc00000-0000-4000-8000-000000000002',
  name: 'CS',
  phoneNumberId: '900200',
  displayPhone: '+6281210009001',
};
export const projectNumbers: WhatsAppAccount[] = [mainNumber, csNumber];

/** The sample the screen passes (the project has no customer to show). */
export const fallbackSample = { name: 'Budi Santoso', phone: '+6281234567890', customFields: {} };

/** What a label's customers cost: 2 recipients (one opted out left out), covered by the balance. */
export const labelPreview: BroadcastPreview = {
  recipients: 2,
  optedOut: 1,
  rowErrors: [],
  rowErrorCount: 0,
  category: 'UTILITY',
  perRecipient: 350,
  total: 700,
  balance: 20_000,
  covers: true,
};

/** A CSV of 6 phones: 3 reached, an invalid phone, a duplicate and an opted-out one left out; not covered. */
export const csvPreview: BroadcastPreview = {
  recipients: 3,
  optedOut: 1,
  rowErrors: [
    { line: 3, phone: '0812', problem: 'phone' },
    { line: 5, phone: '081234567001', problem: 'duplicate' },
    { line: 6, phone: '081234567009', problem: 'opted_out' },
  ],
  rowErrorCount: 3,
  category: 'MARKETING',
  perRecipient: 715,
  total: 2_145,
  balance: 1_000,
  covers: false,
};

/** Everyone of the filter opted out: nobody to send to. */
export const nobodyPreview: BroadcastPreview = {
  ...labelPreview,
  recipients: 0,
  optedOut: 2,
  total: 0,
};

export const audienceCsv =
  'phone\n081234567001\n0812\n081234567002\n081234567001\n081234567009\n081234567003\n';

/** A picked file; the world's reader reads it (its `text` is never called in model paths). */
export function csvFile(name: string, size: number, type = 'text/csv'): ImportFile {
  return { name, size, type, text: () => Promise.reject(new Error('read by the model')) };
}
export const phonesCsv = csvFile('pelanggan-maret.csv', audienceCsv.length);
export const spreadsheet = csvFile('pelanggan.xlsx', 2048, 'application/vnd.ms-excel');

const reminderValues: BroadcastValues = {
  body: [
    { source: 'name', value: '', fallback: 'Kak' },
    { source: 'fixed', value: 'INV-7', fallback: '' },
  ],
};

function broadcast(overrides: Partial<BroadcastDetail>): BroadcastDetail {
  return {
    id: 'bc000000-0000-4000-8000-000000000001',
    name: 'Pengingat Maret',
    status: 'scheduled',
    pauseReason: null,
    account: { id: mainNumber.id, name: mainNumber.name, phone: mainNumber.displayPhone },
    template: {
      id: reminder.id,
      name: reminder.name,
      language: reminder.language,
      category: reminder.category,
    },
    scheduledAt: '2025-03-12T03:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    createdAt: '2025-03-09T02:00:00.000Z',
    createdBy: { id: 'u1', name: 'Sari' },
    total: 0,
    estimated: 2,
    counts: { queued: 0, sending: 0, sent: 0, delivered: 0, read: 0, failed: 0, cancelled: 0 },
    replied: 0,
    charged: 0,
    perRecipient: 350,
    values: reminderValues,
    audience: { kind: 'filter', filter: { labelId: vip.id } },
    body: reminder.body,
    rate: 80,
    retryable: 0,
    ...overrides,
  };
}

/** Scheduled for 12 March, 10:00 in Jakarta, to the VIP label. */
export const scheduledBroadcast = broadcast({});
/** Already sending: it cannot be edited. */
export const sendingBroadcast = broadcast({
  id: 'bc000000-0000-4000-8000-000000000003',
  status: 'sending',
  startedAt: '2025-03-10T01:00:00.000Z',
  scheduledAt: '2025-03-10T01:00:00.000Z',
});

/** What `broadcast_create` answers: the new broadcast, now or scheduled. */
export function createdBroadcast(
  name: string,
  scheduledAt: string | null,
  template: MessageTemplate,
): BroadcastDetail {
  return broadcast({
    id: 'bc000000-0000-4000-8000-000000000002',
    name,
    status: scheduledAt === null ? 'sending' : 'scheduled',
    scheduledAt: scheduledAt ?? composeNow.toISOString(),
    template: {
      id: template.id,
      name: template.name,
      language: template.language,
      category: template.category,
    },
  });
}

/** The server refuses a value (the invoice number), the audience, the time, or the template. */
export const valueRefused = apiError('invalid_input', 'Periksa kembali isian Anda.', {
  errors: { 'values.body.1.value': 'Isian tidak valid.' },
});
export const audienceRefused = apiError('invalid_input', 'Periksa kembali isian Anda.', {
  errors: { audience: 'Tidak ada penerima.' },
});
export const timeRefused = apiError('invalid_input', 'Periksa kembali isian Anda.', {
  errors: { scheduledAt: 'Waktu ini sudah lewat.' },
});
export const templateRefused = apiError('invalid_input', 'Periksa kembali isian Anda.', {
  errors: { templateId: 'Template ini belum disetujui Meta.' },
});
export const startedError = apiError(
  'conflict',
  'Broadcast ini sudah mulai dikirim dan tidak dapat diubah lagi.',
);
export const previewRefused = apiError('internal', 'Terjadi kesalahan di server.');

export const sariSample = { name: sari.name, phone: sari.phone, customFields: sari.customFields };
