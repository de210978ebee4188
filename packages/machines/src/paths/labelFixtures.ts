/** The labels of the model project (k1abcdefgh), for the labels and customer labels models. */
import type { Label } from '@sapa/sdk';
import type { FetchPage } from '../tableMachine.ts';
import type { LabelTablePayload } from '../labelActors.ts';
import { apiError } from './fixtures.ts';

export const labelKey = 'k1abcdefgh';

export const vip: Label = {
  id: '7a1b0000-0000-4000-8000-000000000001',
  name: 'VIP',
  color: '#e53935',
  customers: 2,
  createdAt: '2025-02-01T03:00:00Z',
};
export const reseller: Label = {
  id: '7a1b0000-0000-4000-8000-000000000002',
  name: 'Reseller',
  color: '#43a047',
  customers: 0,
  createdAt: '2025-02-02T03:00:00Z',
};
/** The label the model's form creates. */
export const grosir: Label = {
  id: '7a1b0000-0000-4000-8000-000000000003',
  name: 'Grosir',
  color: '#1e88e5',
  customers: 0,
  createdAt: '2025-03-01T03:00:00Z',
};

/** The project's labels, by name. */
export const projectLabels: Label[] = [grosir, reseller, vip];

/** `label_create` / `label_update` refusing a name another label has. */
export const nameTaken = apiError('invalid_input', 'Periksa kembali isian Anda.', {
  errors: { name: 'Label dengan nama ini sudah ada.' },
});
export const refused = apiError('forbidden', 'Anda tidak punya akses.');

/** `label_list` as the table asks it: one page, the labels whose name holds the search. */
export function labelPage(payload: LabelTablePayload): Label[] {
  const search = (payload.search ?? '').toLowerCase();
  return projectLabels.filter((label) => label.name.toLowerCase().includes(search));
}

/** A page source answering at once, writing each request to `effects` in words. */
export function createFakeLabelPages(effects: string[]): FetchPage<Label, LabelTablePayload> {
  return ({ page, payload }) => {
    const search = payload.search === undefined ? '' : `, search "${payload.search}"`;
    effects.push(`the table asks page ${page + 1} by ${payload.sort ?? 'name'}${search}`);
    return Promise.resolve({ data: labelPage(payload), total_page: 1 });
  };
}
