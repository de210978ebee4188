import { describe, expect, it } from 'vitest';
import { isConversationId, isReceiverOf, receiverOf } from './receiver.ts';

const conversation = {
  id: '0b8e7d4c-1f2a-4b3c-9d8e-7f6a5b4c3d2e',
  customer: {
    id: 'c1',
    name: 'Sari',
    phone: '+6281234567890',
    waName: 'Sari',
    optedOutAt: null,
    optedOutVia: null,
    createdAt: '2026-01-01T00:00:00Z',
  },
};

describe('the receiver of a chat route', () => {
  it('is the phone digits for a viewer who sees contact details, the id otherwise', () => {
    expect(receiverOf(conversation, true)).toBe('6281234567890');
    expect(receiverOf(conversation, false)).toBe(conversation.id);
  });

  it('matches the id, the digits, or the local 08 form', () => {
    expect(isReceiverOf(conversation.id, conversation)).toBe(true);
    expect(isReceiverOf(conversation.id.toUpperCase(), conversation)).toBe(true);
    expect(isReceiverOf('6281234567890', conversation)).toBe(true);
    expect(isReceiverOf('081234567890', conversation)).toBe(true);
    expect(isReceiverOf('6281234567891', conversation)).toBe(false);
    expect(isReceiverOf('', conversation)).toBe(false);
  });

  it('tells ids from phones', () => {
    expect(isConversationId(conversation.id)).toBe(true);
    expect(isConversationId('6281234567890')).toBe(false);
  });
});
