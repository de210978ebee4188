import { expect } from 'vitest';
import { normalizePhone } from '../../src/sdk.ts';
import type { TestServer } from './testServer.ts';

let counter = 0;

/** A phone number no other test of this run uses (E.164). */
export function uniquePhone(): string {
  counter += 1;
  const tail = `${Date.now() % 1_000_000}${counter}`.padStart(8, '0').slice(-8);
  return `+62812${tail}`;
}

export function challengeOf(answer: { body: Record<string, unknown> }): string {
  expect(answer.body.code, JSON.stringify(answer.body)).toBe('1');
  const data = answer.body.data as { challenge: string };
  return data.challenge;
}

export function lastCode(server: TestServer, phone: string): string {
  const code = server.otp.last(normalizePhone(phone) ?? phone);
  if (code === undefined) throw new Error(`no code sent to ${phone}`);
  return code;
}

/** Registers and confirms a user; answers its token. */
export async function registerUser(
  server: TestServer,
  phone = uniquePhone(),
  password = 'rahasia-123',
  name = 'Budi Santoso',
): Promise<{ token: string; phone: string; password: string; userId: string }> {
  const challenge = challengeOf(await server.act('auth_register', { name, phone, password }));
  const verified = await server.act('auth_verify_otp', { challenge, code: lastCode(server, phone) });
  expect(verified.body.code, JSON.stringify(verified.body)).toBe('1');
  const data = verified.body.data as { token: string; user: { id: string } };
  return { token: data.token, phone: normalizePhone(phone) ?? phone, password, userId: data.user.id };
}

/** Signs in with phone and password and confirms the code; answers the new token. */
export async function signIn(server: TestServer, phone: string, password: string): Promise<string> {
  const challenge = challengeOf(await server.act('auth_login', { phone, password }));
  const verified = await server.act('auth_verify_otp', { challenge, code: lastCode(server, phone) });
  expect(verified.body.code, JSON.stringify(verified.body)).toBe('1');
  return (verified.body.data as { token: string }).token;
}

/** A code that is not `code`. */
export function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}
