import { describe, expect, it } from 'vitest';
import { statusAdvances } from './statusOrder.ts';

describe('statusAdvances', () => {
  it('moves forward only, and failed wins', () => {
    expect(statusAdvances('pending', 'sent')).toBe(true);
    expect(statusAdvances('sent', 'read')).toBe(true);
    expect(statusAdvances('read', 'delivered')).toBe(false);
    expect(statusAdvances('delivered', 'delivered')).toBe(false);
    expect(statusAdvances('read', 'failed')).toBe(true);
    expect(statusAdvances('failed', 'read')).toBe(false);
  });
});
