import type { OtpSender } from './OtpSender.ts';

export interface SentOtp {
  phone: string;
  code: string;
  purpose: 'register' | 'login' | 'reset' | 'change_phone';
}

/** Keeps every code in memory: the test hook for integration tests. */
export function memorySender(): OtpSender & { sent: SentOtp[]; last(phone: string): string | undefined } {
  const sent: SentOtp[] = [];
  return {
    sent,
    async send(message) {
      sent.push({ ...message });
    },
    last(phone) {
      return sent.findLast((message) => message.phone === phone)?.code;
    },
  };
}
