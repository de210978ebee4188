import { describe, expect, it } from 'vitest';
import type { BroadcastValue } from '../contract/broadcastTypes.ts';
import { renderBroadcastValue, renderBroadcastValues } from './values.ts';

const customer = {
  name: 'Sari Dewi',
  phone: '+6281234567890',
  customFields: { Kota: 'Bandung', 'No Pesanan': 'INV-7', Kosong: '  ' },
};
const value = (source: BroadcastValue['source'], text = '', fallback = ''): BroadcastValue => ({
  source,
  value: text,
  fallback,
});

describe('renderBroadcastValues', () => {
  it('fills each variable from fixed text, the name, the phone or a custom field', () => {
    expect(
      renderBroadcastValues(
        {
          body: [value('name'), value('fixed', 'PROMO20'), value('field', 'Kota'), value('phone')],
          header: value('fixed', 'Diskon akhir tahun'),
          headerMediaId: '5f0c0d52-4f1e-4d2c-9d0e-5d7f0c7a9b11',
          buttonUrl: value('field', 'No Pesanan'),
        },
        customer,
      ),
    ).toEqual({
      body: ['Sari Dewi', 'PROMO20', 'Bandung', '+6281234567890'],
      header: 'Diskon akhir tahun',
      headerMediaId: '5f0c0d52-4f1e-4d2c-9d0e-5d7f0c7a9b11',
      buttonUrl: 'INV-7',
    });
  });

  it('leaves out the parts the broadcast has none of', () => {
    expect(renderBroadcastValues({ body: [] }, customer)).toEqual({ body: [] });
  });

  it('finds a custom field whatever its letter case and spaces', () => {
    expect(renderBroadcastValue(value('field', ' kota '), customer)).toBe('Bandung');
    expect(renderBroadcastValue(value('field', 'no pesanan'), customer)).toBe('INV-7');
  });

  it('takes the fallback for an empty name, a missing or blank field', () => {
    const nameless = { ...customer, name: '' };
    expect(renderBroadcastValue(value('name', '', 'Kak'), nameless)).toBe('Kak');
    expect(renderBroadcastValue(value('field', 'Hobi', 'teman'), customer)).toBe('teman');
    expect(renderBroadcastValue(value('field', 'Kosong', 'teman'), customer)).toBe('teman');
    expect(renderBroadcastValue(value('field', 'Hobi'), customer)).toBe('');
  });

  it('makes every text a parameter Meta takes: no line breaks, tabs or long runs of spaces', () => {
    const odd = {
      ...customer,
      name: ' Budi\nSantoso\t',
      customFields: { Alamat: 'Jl. Mawar      No. 5\r\n' },
    };
    expect(renderBroadcastValue(value('name'), odd)).toBe('Budi Santoso');
    expect(renderBroadcastValue(value('field', 'Alamat'), odd)).toBe('Jl. Mawar No. 5');
    expect(renderBroadcastValue(value('fixed', 'a    b'), odd)).toBe('a    b');
  });
});
