/**
 * The divisions of the model project (k1abcdefgh), for the divisions, division members and
 * conversation division models: Layanan (support) and Penjualan (sales); Ani and Budi are in
 * Penjualan, Citra and Dodi are members of the project outside it; Sari's conversation (c1).
 */
import type { ChatAgent, ConversationSummary, Division, DivisionMember } from '@sapa/sdk';
import type { DivisionTablePayload } from '../divisionActors.ts';
import type { FetchPage } from '../tableMachine.ts';
import { c1 } from './conversationListModel.ts';
import { apiError } from './fixtures.ts';

export const divisionKey = 'k1abcdefgh';

export const sales: Division = {
  id: '0d1e0000-0000-4000-8000-000000000001',
  name: 'Penjualan',
  color: '#1e88e5',
  members: 2,
  conversations: 3,
  createdAt: '2025-03-01T02:00:00Z',
};
export const support: Division = {
  id: '0d1e0000-0000-4000-8000-000000000002',
  name: 'Layanan',
  color: '#43a047',
  members: 0,
  conversations: 0,
  createdAt: '2025-03-02T02:00:00Z',
};
/** The division the model's form creates. */
export const gudang: Division = {
  id: '0d1e0000-0000-4000-8000-000000000003',
  name: 'Gudang',
  color: '#8e24aa',
  members: 0,
  conversations: 0,
  createdAt: '2025-03-03T02:00:00Z',
};

/** The project's divisions, by name. */
export const projectDivisions: Division[] = [support, sales];

export const ani: DivisionMember = { userId: 'u-ani', name: 'Ani', addedAt: '2025-03-01T03:00:00Z' };
export const budi: DivisionMember = { userId: 'u-budi', name: 'Budi', addedAt: '2025-03-01T04:00:00Z' };
export const citra: ChatAgent = { id: 'u-citra', name: 'Citra' };
export const dodi: ChatAgent = { id: 'u-dodi', name: 'Dodi' };
/** Citra as a member, once added. */
export const citraMember: DivisionMember = {
  userId: citra.id,
  name: citra.name,
  addedAt: '2025-03-04T02:00:00Z',
};

/** A division as a conversation's summary names it. */
export function refOf(division: Division): NonNullable<ConversationSummary['division']> {
  return { id: division.id, name: division.name, color: division.color };
}

/** Sari's conversation (c1), in a division or none. */
export function sariIn(division: Division | null): ConversationSummary {
  return { ...c1, division: division && refOf(division) };
}

/** `division_create` / `division_update` refusing a name another division has. */
export const nameTaken = apiError('invalid_input', 'Periksa kembali isian Anda.', {
  errors: { name: 'Divisi dengan nama ini sudah ada.' },
});
export const refused = apiError('forbidden', 'Anda tidak punya akses.');

/** `division_list` as the table asks it: one page, the divisions whose name holds the search. */
export function divisionPage(payload: DivisionTablePayload): Division[] {
  const search = (payload.search ?? '').toLowerCase();
  return projectDivisions.filter((division) => division.name.toLowerCase().includes(search));
}

/** A page source answering at once, writing each request to `effects` in words. */
export function createFakeDivisionPages(effects: string[]): FetchPage<Division, DivisionTablePayload> {
  return ({ page, payload }) => {
    const search = payload.search === undefined ? '' : `, search "${payload.search}"`;
    effects.push(`the table asks page ${page + 1}${search}`);
    return Promise.resolve({ data: divisionPage(payload), total_page: 1 });
  };
}
