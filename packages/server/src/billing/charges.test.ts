import { describe, expect, it } from 'vitest';
import { refundCause } from './charges.ts';

const pricing = (billable: boolean, type: string | null) => ({
  billable,
  pricingModel: 'PMP',
  category: 'utility',
  type,
});

describe('refundCause', () => {
  it('gives a charge back when the send failed, or Meta says it was free', () => {
    expect(refundCause('failed', null)).toBe('send_failed');
    expect(refundCause('failed', pricing(true, 'regular'))).toBe('send_failed');
    expect(refundCause('sent', pricing(false, 'free_customer_service'))).toBe('free_customer_service');
    expect(refundCause('delivered', pricing(false, 'free_entry_point'))).toBe('free_entry_point');
    // A free type wins over a `billable` that says otherwise; `billable: false` alone is enough.
    expect(refundCause('sent', pricing(true, 'free_customer_service'))).toBe('free_customer_service');
    expect(refundCause('sent', pricing(false, null))).toBe('not_billable');
  });

  it('keeps it for a billed message, or one whose pricing is not known yet', () => {
    expect(refundCause('sent', pricing(true, 'regular'))).toBeNull();
    expect(refundCause('read', pricing(true, null))).toBeNull();
    expect(refundCause('sent', null)).toBeNull();
    expect(refundCause('pending', null)).toBeNull();
  });
});
