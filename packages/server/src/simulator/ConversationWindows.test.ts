import { describe, expect, it } from 'vitest';
import { ConversationWindows } from './ConversationWindows.ts';

const HOUR = 3_600_000;

describe('ConversationWindows', () => {
  it('is closed until the customer writes, open for 24 hours after, and reset by each message', () => {
    const windows = new ConversationWindows();
    expect(windows.isOpen('pn', '628', 0)).toBe(false);
    windows.recordInbound('pn', '628', 0);
    expect(windows.isOpen('pn', '628', 23 * HOUR)).toBe(true);
    expect(windows.isOpen('pn', '628', 24 * HOUR)).toBe(false);
    expect(windows.isOpen('other', '628', HOUR)).toBe(false);
    windows.recordInbound('pn', '628', 20 * HOUR);
    expect(windows.isOpen('pn', '628', 43 * HOUR)).toBe(true);
  });

  it('opens a 72-hour free entry point at the first answer within 24 hours of an ad message', () => {
    const windows = new ConversationWindows();
    expect(windows.freeEntryPoint('pn', '628', 0)).toBe(false);
    windows.recordReferral('pn', '628', 0);
    expect(windows.freeEntryPoint('other', '628', HOUR)).toBe(false);
    expect(windows.freeEntryPoint('pn', '628', 2 * HOUR)).toBe(true);
    expect(windows.freeEntryPoint('pn', '628', 73 * HOUR)).toBe(true);
    expect(windows.freeEntryPoint('pn', '628', 74 * HOUR)).toBe(false);
    windows.recordReferral('pn', '629', 0);
    expect(windows.freeEntryPoint('pn', '629', 24 * HOUR)).toBe(false);
  });
});
