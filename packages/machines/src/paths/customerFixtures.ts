/**
 * The customers of project k1abcdefgh in model paths and tests: Sari (a conversation, the VIP
 * label, stage Deal, a custom field `kota`), Budi (no conversation), and Wati as a viewer without
 * `crm.chat.show_user_contact_detail` sees her (a masked phone). Also the filters' choices, an
 * import preview and result, an export, and the page source of the table.
 */
import type { Customer, CustomerImport, Division, Stage, WhatsAppAccount } from '@sapa/sdk';
import type { CustomerExport, CustomerFilterOptions, CustomerListPayload } from '../customerActors.ts';
import type { FetchPage } from '../tableMachine.ts';
import { apiError } from './fixtures.ts';
import { vip } from './labelFixtures.ts';

export const customerKey = 'k1abcdefgh';

export const dealStage: Stage = {
  id: '5a9e0000-0000-4000-8000-000000000003',
  name: 'Deal',
  color: '#43a047',
  position: 2,
  customers: 1,
  createdAt: '2025-03-01T02:00:00Z',
};

export const salesTeam: Division = {
  id: 'd1b10000-0000-4000-8000-000000000001',
  name: 'Tim Jual',
  color: '#1e88e5',
  members: 2,
  conversations: 1,
  createdAt: '2025-03-01T02:00:00Z',
};

export const mainNumber: WhatsAppAccount = {
  id: 'acc00000-0000-4000-8000-000000000001',
  name: 'Toko Utama',
  phoneNumberId: '900100',
  displayPhone: '+6281210009000',
  verifiedName: 'Toko Batik Sari',
  wabaId: '102938475610293',
  qualityRating: 'GREEN',
  messagingLimit: 'TIER_250',
  checkedAt: '2025-01-01T00:00:00Z',
  broadcastRate: null,
  status: 'connected',
  createdAt: '2025-01-01T00:00:00Z',
};

export const sari: Customer = {
  id: 'c0570000-0000-4000-8000-000000000001',
  name: 'Sari Dewi',
  phone: '+6281234567001',
  notes: 'Suka batik tulis',
  customFields: { kota: 'Bandung' },
  labels: [{ id: vip.id, name: vip.name, color: vip.color }],
  stage: { id: dealStage.id, name: dealStage.name, color: dealStage.color },
  conversationId: '0c0e0000-0000-4000-8000-000000000001',
  lastMessageAt: '2025-03-05T04:00:00.000Z',
  optedOutAt: null,
  optedOutVia: null,
  createdAt: '2025-03-02T02:00:00.000Z',
};

export const budi: Customer = {
  id: 'c0570000-0000-4000-8000-000000000002',
  name: 'Budi',
  phone: '+6281234567002',
  notes: '',
  customFields: {},
  labels: [],
  stage: null,
  conversationId: null,
  lastMessageAt: null,
  optedOutAt: null,
  optedOutVia: null,
  createdAt: '2025-03-01T02:00:00.000Z',
};

/** As a viewer who sees phones masked gets her. */
export const maskedWati: Customer = {
  ...budi,
  id: 'c0570000-0000-4000-8000-000000000003',
  name: 'Wati',
  phone: '+62812*****003',
};

/** The customers of the project, newest first. */
export const projectCustomers: Customer[] = [sari, budi];

/** The filters' choices as loaded. */
export const filterOptions: CustomerFilterOptions = {
  labels: [vip],
  stages: [dealStage],
  divisions: [salesTeam],
  accounts: [mainNumber],
};

/** A file of 4 rows: 3 good, one without a name (line 3). */
export const importCsv =
  'nama,nomor,kota\nSari,081234567001,Bandung\n,081234567009,Solo\nBudi,081234567002,\nWati,081234567003,Depok\n';

export const importPreview: CustomerImport = {
  imported: 3,
  created: 0,
  updated: 0,
  problems: [{ line: 3, field: 'name', message: 'Wajib diisi.' }],
  preview: [
    { name: 'Sari', phone: '+6281234567001', notes: '', customFields: { kota: 'Bandung' } },
    { name: 'Budi', phone: '+6281234567002', notes: '', customFields: {} },
    { name: 'Wati', phone: '+6281234567003', notes: '', customFields: { kota: 'Depok' } },
  ],
};

/** A file none of whose rows can be imported. */
export const allBadPreview: CustomerImport = {
  imported: 0,
  created: 0,
  updated: 0,
  problems: [{ line: 1, field: 'header', message: 'Kolom nama dan nomor wajib ada.' }],
  preview: [],
};

export const importResult: CustomerImport = {
  imported: 3,
  created: 1,
  updated: 2,
  problems: importPreview.problems,
  preview: [],
};

export const exported: CustomerExport = {
  filename: `pelanggan-${customerKey}-2025-03-05.csv`,
  csv: 'name,phone,notes,labels,stage,created_at,kota\nSari Dewi,+6281234567001,Suka batik tulis,VIP,Deal,2025-03-02T02:00:00.000Z,Bandung\n',
  rows: 1,
};

/** `customer_create` / `customer_update` refusing a phone another customer has. */
export const phoneTaken = apiError('invalid_input', 'Periksa kembali isian Anda.', {
  errors: { phone: 'Pelanggan dengan nomor ini sudah ada.' },
});
/** The server refusing a custom field's name. */
export const fieldRefused = apiError('invalid_input', 'Periksa kembali isian Anda.', {
  errors: { 'customFields.kota': 'Tidak valid.' },
});
export const refused = apiError('forbidden', 'Anda tidak punya akses.');

/** A filter's value in words: the name of the label, stage, division or number with that id. */
export function filterValueName(value: unknown): string {
  const named = [
    ...(filterOptions.labels ?? []),
    ...(filterOptions.stages ?? []),
    ...(filterOptions.divisions ?? []),
    ...(filterOptions.accounts ?? []),
  ].find((option) => option.id === value);
  return named?.name ?? String(value);
}

/** The table's request in words: 'page 1 by newest, labelId VIP, from 2025-03-01'. */
export function describeCustomerQuery(page: number, payload: CustomerListPayload): string {
  const { act: _act, key: _key, sort, ...filters } = payload;
  const parts = Object.entries(filters).map(([name, value]) => `${name} ${filterValueName(value)}`);
  return `the table asks page ${page + 1} by ${sort ?? 'newest'}${parts.length > 0 ? `, ${parts.join(', ')}` : ''}`;
}

/** A page source answering at once, writing each request to `effects` in words. */
export function createFakeCustomerPages(effects: string[]): FetchPage<Customer, CustomerListPayload> {
  return ({ page, payload }) => {
    effects.push(describeCustomerQuery(page, payload));
    const search = (payload.search ?? '').toLowerCase();
    return Promise.resolve({
      data: projectCustomers.filter((customer) => customer.name.toLowerCase().includes(search)),
      total_page: 1,
    });
  };
}
