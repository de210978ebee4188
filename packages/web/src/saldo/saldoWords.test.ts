import { describe, expect, it } from 'vitest';
import { createTranslator, messages, paymentMethods } from '@sapa/sdk';
import type { MessageKey } from '@sapa/sdk';
import { loadBillingTexts } from '../i18n/billingTexts.ts';
import { gatewayText, methodText, problemText, statusKeys } from './saldoWords.ts';

loadBillingTexts();
const t = createTranslator('id');

describe('saldo words', () => {
  it('names every status and payment method from the catalogue', () => {
    for (const key of Object.values(statusKeys)) expect(messages.id[key]).toBeTruthy();
    for (const method of paymentMethods) expect(methodText(t, method)).not.toContain('saldo.method');
    expect(methodText(t, 'qris')).toBe('QRIS');
    expect(methodText(t, 'kredivo')).toBe('kredivo');
    expect(methodText(t, null)).toBe('Belum dipilih');
  });

  it('names the gateways it knows and shows the others as written', () => {
    expect(gatewayText(t, 'simulator')).toBe('Simulator pembayaran (demo)');
    expect(gatewayText(t, 'xendit')).toBe('xendit');
  });

  it("says a top-up amount's problem with the limits in rupiah", () => {
    expect(problemText(t, null)).toBeNull();
    expect(problemText(t, 'tooSmall')).toBe('Top up minimal Rp\u00a010.000.');
    expect(problemText(t, 'tooLarge')).toBe('Top up maksimal Rp\u00a020.000.000.');
    expect(problemText(t, 'required')).toBe(messages.id['saldo.topup.problem.required' satisfies MessageKey]);
  });
});
