import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../contract/billingTypes.ts';
import { messages } from '../i18n/catalogue.ts';
import {
  formatSignedRupiah,
  isSaldoLedgerKind,
  ledgerKindKey,
  saldoEntryText,
  saldoLedgerKinds,
} from './saldoLedger.ts';
import { ledgerKinds } from '../contract/billingTypes.ts';

const entry: LedgerEntry = {
  id: 'e1',
  seq: 1,
  kind: 'topup',
  amount: 50_000,
  balanceAfter: 50_000,
  createdAt: '2024-08-05T07:05:00Z',
  actor: { id: 'u1', name: 'Budi' },
  memo: null,
  topup: { id: 't1', orderId: 'SAPA-TU-1' },
  project: null,
  message: null,
};

describe('formatSignedRupiah', () => {
  it('signs credits with a plus and debits with a minus sign', () => {
    expect(formatSignedRupiah(50_000)).toBe('+Rp\u00a050.000');
    expect(formatSignedRupiah(-20_000)).toBe('\u2212Rp\u00a020.000');
    expect(formatSignedRupiah(0)).toBe('Rp\u00a00');
  });
});

describe('saldoEntryText', () => {
  it('names the order of a top-up and the project of a transfer', () => {
    expect(saldoEntryText(entry)).toEqual({ key: 'saldo.entry.topup', params: { order: 'SAPA-TU-1' } });
    expect(
      saldoEntryText({
        ...entry,
        kind: 'transfer_out',
        amount: -20_000,
        topup: null,
        project: { key: 'k1', name: 'Toko Batik' },
      }),
    ).toEqual({ key: 'saldo.entry.transferOut', params: { project: 'Toko Batik' } });
    expect(
      saldoEntryText({ ...entry, kind: 'transfer_in', topup: null, project: { key: 'k1', name: 'Toko' } }),
    ).toEqual({ key: 'saldo.entry.transferIn', params: { project: 'Toko' } });
  });

  it("gives an adjustment's or refund's note, and the kind when the entry says no more", () => {
    const bare = { ...entry, topup: null };
    expect(saldoEntryText({ ...bare, kind: 'adjustment', memo: ' Koreksi ' })).toEqual({
      key: 'saldo.entry.adjustment',
      params: { memo: 'Koreksi' },
    });
    expect(saldoEntryText({ ...bare, kind: 'refund', memo: 'send_failed' }).key).toBe('saldo.entry.refund');
    expect(saldoEntryText({ ...bare, kind: 'adjustment', memo: '  ' })).toEqual({
      key: 'saldo.kind.adjustment',
      params: {},
    });
    expect(saldoEntryText(bare)).toEqual({ key: 'saldo.kind.topup', params: {} });
  });

  it('has a text in the catalogue for every kind', () => {
    for (const kind of ledgerKinds) expect(messages.id[ledgerKindKey(kind)]).toBeTruthy();
  });
});

describe('saldoLedgerKinds', () => {
  it('are ledger kinds a saldo holds, and nothing else passes', () => {
    expect(saldoLedgerKinds.every((kind) => ledgerKinds.includes(kind))).toBe(true);
    expect(isSaldoLedgerKind('topup')).toBe(true);
    expect(isSaldoLedgerKind('charge')).toBe(false);
    expect(isSaldoLedgerKind(null)).toBe(false);
  });
});
