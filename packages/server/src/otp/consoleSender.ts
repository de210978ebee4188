import type { OtpSender } from './OtpSender.ts';

/**
 * Writes `OTP <phone> <code>` as its own line on standard output (not inside a JSON log line),
 * where developers and the e2e tests read it.
 */
export function consoleSender(out: NodeJS.WritableStream = process.stdout): OtpSender {
  return {
    async send({ phone, code }) {
      out.write(`OTP ${phone} ${code}\n`);
    },
  };
}
