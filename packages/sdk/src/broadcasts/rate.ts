/** A number's broadcast rate (`WhatsAppAccount.broadcastRate`): as typed in the account form, and in force. */
import { BROADCAST_DEFAULT_RATE, BROADCAST_RATE_MAX } from './limits.ts';

/**
 * The rate a form's text asks for: empty is `null` (Meta's default), a whole number from 1 to
 * `BROADCAST_RATE_MAX` (Indonesian thousands dots and spaces allowed: `1.000`) is itself, anything
 * else is `invalid`.
 */
export function readBroadcastRate(text: string): number | null | 'invalid' {
  const digits = text.trim().replace(/[.\s]/g, '');
  if (digits === '') return null;
  if (!/^\d{1,7}$/.test(digits)) return 'invalid';
  const rate = Number(digits);
  return rate >= 1 && rate <= BROADCAST_RATE_MAX ? rate : 'invalid';
}

/** Messages a second a number sends broadcasts at: its own rate, or Meta's default. */
export function broadcastRateOf(rate: number | null): number {
  return rate ?? BROADCAST_DEFAULT_RATE;
}
