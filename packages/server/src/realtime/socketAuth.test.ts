import { describe, expect, it } from 'vitest';
import { handshakePushToken, handshakeToken } from './socketAuth.ts';

describe('the handshake tokens', () => {
  it('takes the Bearer header first, then auth.token', () => {
    expect(handshakeToken({ authorization: 'Bearer abc' }, { token: 'other' })).toBe('abc');
    expect(handshakeToken({ authorization: 'bearer  abc' }, {})).toBe('abc');
    expect(handshakeToken({}, { token: 'from-node' })).toBe('from-node');
    expect(handshakeToken({ authorization: 'Basic abc' }, {})).toBeNull();
    expect(handshakeToken({}, { token: '' })).toBeNull();
    expect(handshakeToken({}, { token: 42 })).toBeNull();
  });

  it('takes the push token from x-fcm-token, then auth.fcm', () => {
    expect(handshakePushToken({ 'x-fcm-token': 'f1' }, { fcm: 'f2' })).toBe('f1');
    expect(handshakePushToken({}, { fcm: 'f2' })).toBe('f2');
    expect(handshakePushToken({ 'x-fcm-token': '' }, {})).toBeNull();
  });
});
