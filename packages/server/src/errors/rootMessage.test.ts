import { describe, expect, it } from 'vitest';
import { rootMessage } from './rootMessage.ts';

describe('rootMessage', () => {
  it("answers the innermost cause's message, cut at 1,000 characters", () => {
    const database = new Error('function sapa_receive_messages(jsonb) does not exist');
    const wrapped = new Error('Failed query: select … params: {"a":1}', { cause: database });
    expect(rootMessage(new Error('outer', { cause: wrapped }))).toBe(database.message);
    expect(rootMessage(new Error('plain'))).toBe('plain');
    expect(rootMessage('not an error')).toBe('not an error');
    expect(rootMessage(new Error('x'.repeat(2_000)))).toHaveLength(1_001);
  });
});
