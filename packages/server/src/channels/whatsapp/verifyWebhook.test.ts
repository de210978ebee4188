import { describe, expect, it } from 'vitest';
import { verifyWebhook } from './verifyWebhook.ts';

const TOKEN = 'sapa-verify-token';

describe('verifyWebhook', () => {
  it('answers the challenge for mode subscribe and the configured token', () => {
    const query = { 'hub.mode': 'subscribe', 'hub.challenge': '1158201444', 'hub.verify_token': TOKEN };
    expect(verifyWebhook(query, TOKEN)).toEqual({ ok: true, challenge: '1158201444' });
  });

  it('reads URLSearchParams as the route may pass them', () => {
    const query = new URLSearchParams(`hub.mode=subscribe&hub.challenge=42&hub.verify_token=${TOKEN}`);
    expect(verifyWebhook(query, TOKEN)).toEqual({ ok: true, challenge: '42' });
  });

  it('refuses a wrong token, including one that only shares a prefix or differs in length', () => {
    for (const token of ['wrong', `${TOKEN}x`, TOKEN.slice(0, -1), TOKEN.toUpperCase(), '']) {
      const query = { 'hub.mode': 'subscribe', 'hub.challenge': '1', 'hub.verify_token': token };
      expect(verifyWebhook(query, TOKEN)).toEqual({ ok: false });
    }
  });

  it('refuses any mode but subscribe', () => {
    for (const mode of ['unsubscribe', 'Subscribe', '', undefined]) {
      const query = { 'hub.mode': mode, 'hub.challenge': '1', 'hub.verify_token': TOKEN };
      expect(verifyWebhook(query, TOKEN)).toEqual({ ok: false });
    }
  });

  it('refuses a missing or empty challenge and repeated or non-string parameters', () => {
    expect(verifyWebhook({ 'hub.mode': 'subscribe', 'hub.verify_token': TOKEN }, TOKEN)).toEqual({
      ok: false,
    });
    expect(
      verifyWebhook({ 'hub.mode': 'subscribe', 'hub.challenge': '', 'hub.verify_token': TOKEN }, TOKEN),
    ).toEqual({ ok: false });
    expect(
      verifyWebhook(
        { 'hub.mode': 'subscribe', 'hub.challenge': '1', 'hub.verify_token': [TOKEN, TOKEN] },
        TOKEN,
      ),
    ).toEqual({ ok: false });
    const repeated = new URLSearchParams(
      `hub.mode=subscribe&hub.challenge=1&hub.challenge=2&hub.verify_token=${TOKEN}`,
    );
    expect(verifyWebhook(repeated, TOKEN)).toEqual({ ok: false });
  });

  it('never verifies when no token is configured', () => {
    expect(
      verifyWebhook({ 'hub.mode': 'subscribe', 'hub.challenge': '1', 'hub.verify_token': '' }, ''),
    ).toEqual({
      ok: false,
    });
  });
});
