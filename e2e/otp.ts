/** Reads one-time codes from the e2e server's output, as a developer reads them from the console. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The e2e server's output (`E2E_SERVER_LOG` moves it, so two runs on one machine keep apart). */
export const serverLogPath =
  process.env.E2E_SERVER_LOG ??
  join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'test-results', 'e2e-server.log');

function codesFor(phone: string): string[] {
  if (!existsSync(serverLogPath)) return [];
  const escaped = phone.replace(/[+]/g, '\\+');
  const pattern = new RegExp(`^OTP ${escaped} (\\d{6})$`, 'gm');
  return [...readFileSync(serverLogPath, 'utf8').matchAll(pattern)].map((match) => match[1] ?? '');
}

/** How many codes the phone has been sent so far. */
export function otpCount(phone: string): number {
  return codesFor(phone).length;
}

/** Waits for the code after the first `seen` codes of this phone and answers it. */
export async function nextOtp(phone: string, seen: number, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const codes = codesFor(phone);
    const code = codes[seen];
    if (code) return code;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`No OTP line for ${phone} in ${serverLogPath}`);
}

/** A fresh Indonesian mobile number in E.164 for one test. */
export function freshPhone(): { local: string; e164: string } {
  const digits = String(Math.floor(Math.random() * 1e9)).padStart(9, '0');
  return { local: `0812${digits}`, e164: `+62812${digits}` };
}
