import { describe, expect, it } from 'vitest';
import { isRateLimitCode, WhatsAppErrorCode } from './errorCodes.ts';

describe('WhatsAppErrorCode', () => {
  it('names the codes the product reacts to', () => {
    expect(WhatsAppErrorCode.rateLimitHit).toBe(130429);
    expect(WhatsAppErrorCode.pairRateLimitHit).toBe(131056);
    expect(WhatsAppErrorCode.reEngagementMessage).toBe(131047);
    expect(WhatsAppErrorCode.unsupportedMessageType).toBe(131051);
  });

  it('tells rate limits from other failures', () => {
    expect(isRateLimitCode(130429)).toBe(true);
    expect(isRateLimitCode(131056)).toBe(true);
    expect(isRateLimitCode(131047)).toBe(false);
    expect(isRateLimitCode(100)).toBe(false);
    expect(isRateLimitCode(undefined)).toBe(false);
  });
});
