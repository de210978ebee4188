import { describe, expect, it } from 'vitest';
import { recipientClientId, uuidV5 } from './sendKey.ts';

describe('uuidV5', () => {
  it("gives RFC 9562's example for the DNS namespace", () => {
    // RFC 9562, appendix A.4: "www.example.com" in the DNS namespace.
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
  });
});

describe('recipientClientId', () => {
  it('is the same for the same recipient and round, and differs otherwise', () => {
    const recipient = '0f6f5a3e-5b8c-4a52-9f0e-1c2d3e4f5a6b';
    expect(recipientClientId(recipient)).toBe(recipientClientId(recipient, 0));
    expect(recipientClientId(recipient)).not.toBe(recipientClientId(recipient, 1));
    expect(recipientClientId(recipient)).not.toBe(recipientClientId('1f6f5a3e-5b8c-4a52-9f0e-1c2d3e4f5a6b'));
    expect(recipientClientId(recipient)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
